// Checks a complete tool call from the model against the tools the request offered: the workspace tools (their
// arguments against their schemas) and the VS Code tools the user allowed (their arguments are the tool's to check:
// it answers with what is wrong). Never throws: a tool not offered or wrong arguments become a message that goes back
// to the model as the call's result, worded so it can correct itself.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { CompletedToolCall } from '../stream/events';
import type { FunctionParameters } from './functionDefinition';
import { vscodeToolInput, type OfferedVscodeTool } from './vscodeTools';
import { WORKSPACE_TOOLS, findWorkspaceTool, type ToolKind, type WorkspaceTool, type WorkspaceToolArgs, type WorkspaceToolName } from './workspaceTools';

/** A call of the workspace tool `Name`: its arguments are the schema's output. */
export interface WorkspaceToolCallOf<Name extends WorkspaceToolName> {
  id: string;
  name: Name;
  kind: ToolKind;
  args: WorkspaceToolArgs[Name];
  argumentsText: string;
}

/** A call of any workspace tool, typed by tool name (narrow on `name`). */
export type WorkspaceToolCall = { [Name in WorkspaceToolName]: WorkspaceToolCallOf<Name> }[WorkspaceToolName];

/** A call of a VS Code tool (`vscode.lm.tools`): `name` is the function name the model used, `tool` what it stands for. */
export interface VscodeToolCall {
  id: string;
  name: string;
  kind: 'vscode';
  tool: OfferedVscodeTool;
  /** The input for `vscode.lm.invokeTool`. */
  args: Record<string, unknown>;
  argumentsText: string;
}

/** A call that may run: tell them apart by `kind` first, then a workspace tool by `name`. */
export type ValidToolCall = WorkspaceToolCall | VscodeToolCall;

export type ToolCallValidation = { ok: true; call: ValidToolCall } | { ok: false; message: string };

/** The tools a request offered: whether the workspace tools, and which VS Code tools. */
export interface ToolOffer {
  workspace: boolean;
  /** run_command too (the chat, in a trusted workspace); absent: not offered. */
  commands?: boolean;
  vscode: readonly OfferedVscodeTool[];
  /** Only the workspace tools of kind `read` (the chat's Plan mode): a call of another is answered, never run. */
  readOnly?: boolean;
}

/** Without an offer: the workspace tools only, as before VS Code tools could be offered. */
export const WORKSPACE_TOOLS_ONLY: ToolOffer = { workspace: true, vscode: [] };

export function validateToolCall(call: CompletedToolCall, offer: ToolOffer = WORKSPACE_TOOLS_ONLY): ToolCallValidation {
  const vscodeTool = offer.vscode.find((entry) => entry.functionName === call.name);
  if (vscodeTool) {
    const args = vscodeToolInput(call.arguments, vscodeTool.definition.function.parameters);
    return { ok: true, call: { id: call.id, name: vscodeTool.functionName, kind: 'vscode', tool: vscodeTool, args, argumentsText: call.argumentsText } };
  }
  const offered = (entry: WorkspaceTool): boolean =>
    offer.workspace && (offer.readOnly !== true || entry.kind === 'read') && (entry.kind !== 'command' || offer.commands === true);
  const found = findWorkspaceTool(call.name);
  const tool = found && offered(found) ? found : undefined;
  if (!tool) {
    const names = [...WORKSPACE_TOOLS.filter(offered).map((entry) => entry.name), ...offer.vscode.map((entry) => entry.functionName)];
    const available = names.length > 0 ? `Available tools: ${names.join(', ')}.` : 'This request offered no tools.';
    return { ok: false, message: `There is no tool named ${JSON.stringify(call.name)}, so nothing was run. ${available}` };
  }
  const parsed = z.safeParse(tool.schema, withoutNulls(call.arguments));
  if (!parsed.success) {
    return {
      ok: false,
      message:
        `The arguments of ${tool.name} are not valid, so it was not run:\n${z.prettifyError(parsed.error)}\n` +
        `${tool.name} takes ${describeParameters(tool.definition.function.parameters as FunctionParameters)}. Call it again with corrected arguments.`,
    };
  }
  const valid = { id: call.id, name: tool.name, kind: tool.kind, args: parsed.data, argumentsText: call.argumentsText };
  return { ok: true, call: valid as WorkspaceToolCall };
}

/** Many models send `null` for an optional argument they do not use; that means "not given", not a wrong type. */
function withoutNulls(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
}

/** `path (string, required), start_line (integer)`: the shape at a glance, since the error alone may not show it. */
function describeParameters(parameters: FunctionParameters): string {
  const entries = Object.entries(parameters.properties);
  if (entries.length === 0) return 'no arguments: {}';
  const required = new Set(parameters.required);
  return entries
    .map(([key, value]) => {
      const type = value.enum ? value.enum.map((option) => JSON.stringify(option)).join(' | ') : value.type;
      return `${key} (${type}${required.has(key) ? ', required' : ''})`;
    })
    .join(', ');
}
