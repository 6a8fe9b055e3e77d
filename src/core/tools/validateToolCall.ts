// Checks a complete tool call from the model against the workspace tools. Never throws: an unknown tool or wrong
// arguments become a message that goes back to the model as the call's result, worded so it can correct itself.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { CompletedToolCall } from '../stream/events';
import type { FunctionParameters } from './functionDefinition';
import { WORKSPACE_TOOLS, findWorkspaceTool, type ToolKind, type WorkspaceToolArgs, type WorkspaceToolName } from './workspaceTools';

/** A call that may run: its arguments are the schema's output, typed by tool name (switch on `name`). */
export type ValidToolCall = {
  [Name in WorkspaceToolName]: { id: string; name: Name; kind: ToolKind; args: WorkspaceToolArgs[Name]; argumentsText: string };
}[WorkspaceToolName];

export type ToolCallValidation = { ok: true; call: ValidToolCall } | { ok: false; message: string };

export function validateToolCall(call: CompletedToolCall): ToolCallValidation {
  const tool = findWorkspaceTool(call.name);
  if (!tool) {
    const names = WORKSPACE_TOOLS.map((entry) => entry.name).join(', ');
    return { ok: false, message: `There is no tool named ${JSON.stringify(call.name)}, so nothing was run. Available tools: ${names}.` };
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
  return { ok: true, call: valid as ValidToolCall };
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
