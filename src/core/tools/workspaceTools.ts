// The workspace tools the model may call, one record each (defineWorkspaceTool.ts), in the order the model sees them:
// reading first, then the two edits, then run_command (offered only in a trusted workspace's chat).
// Adding a tool: its record (a file beside these), its entry here, `npm run generate:tools`, and its runner in the
// host's table (src/host/tools/toolRunner.ts); each missing piece fails to compile, and a stale generated file fails
// its unit test.
import type * as z from 'zod/mini';
import type { ToolDefinition } from '../protocol/messages';
import type generatedParameters from './toolParameters.generated.json';
import { createFileTool } from './createFileTool';
import type { WorkspaceToolRecord } from './defineWorkspaceTool';
import { getDiagnosticsTool } from './getDiagnosticsTool';
import { getEditorContextTool } from './getEditorContextTool';
import { listFilesTool } from './listFilesTool';
import { readFileTool } from './readFileTool';
import { replaceInFileTool } from './replaceInFileTool';
import { runCommandTool } from './runCommandTool';
import { searchTextTool } from './searchTextTool';

export type { ToolKind } from './defineWorkspaceTool';

export const WORKSPACE_TOOLS = [readFileTool, listFilesTool, searchTextTool, getDiagnosticsTool, getEditorContextTool, replaceInFileTool, createFileTool, runCommandTool] as const;

type AnyWorkspaceTool = (typeof WORKSPACE_TOOLS)[number];

export type WorkspaceToolName = AnyWorkspaceTool['name'];

/** The record of one tool, by name, with its schema's and formatter's own types. */
export type WorkspaceToolOf<Name extends WorkspaceToolName> = Extract<AnyWorkspaceTool, { name: Name }>;

/** The validated arguments of each tool, by name. */
export type WorkspaceToolArgs = { [Name in WorkspaceToolName]: z.infer<WorkspaceToolOf<Name>['schema']> };

/** Any one record, as the loop and the validator see it (no tool-specific types). */
export type WorkspaceTool = WorkspaceToolRecord<WorkspaceToolName>;

/**
 * Every tool has generated parameters (`npm run generate:tools`): a tool added without them does not compile. A type,
 * so that a bundle without the tools carries nothing of it.
 */
export type GeneratedParameters = EveryToolIn<typeof generatedParameters>;
type EveryToolIn<Parameters extends Record<WorkspaceToolName, unknown>> = Parameters;

export type ReadFileArgs = WorkspaceToolArgs['read_file'];
export type ListFilesArgs = WorkspaceToolArgs['list_files'];
export type SearchTextArgs = WorkspaceToolArgs['search_text'];
export type GetDiagnosticsArgs = WorkspaceToolArgs['get_diagnostics'];
export type GetEditorContextArgs = WorkspaceToolArgs['get_editor_context'];
export type ReplaceInFileArgs = WorkspaceToolArgs['replace_in_file'];
export type CreateFileArgs = WorkspaceToolArgs['create_file'];
export type RunCommandArgs = WorkspaceToolArgs['run_command'];

export function findWorkspaceTool(name: string): WorkspaceTool | undefined {
  // A linear search over eight entries: cheaper than a Map built at load time, which the bundler could not drop.
  return WORKSPACE_TOOLS.find((entry) => entry.name === name);
}

/** The record of a tool named in our own code (the host's runner table), with its own types. */
export function workspaceToolNamed<Name extends WorkspaceToolName>(name: Name): WorkspaceToolOf<Name> {
  const found = WORKSPACE_TOOLS.find((entry): entry is WorkspaceToolOf<Name> => entry.name === name);
  if (!found) throw new Error(`No workspace tool is named ${name}.`);
  return found;
}

export function isReadOnlyTool(name: string): boolean {
  return findWorkspaceTool(name)?.kind === 'read';
}

/**
 * The function definitions a request carries (with `tool_choice: "auto"`), or none when tools are turned off
 * (askModel.tools.enabled). run_command only when `commands` (the chat, in a trusted workspace). Copies: a caller may
 * change them without changing the next request's.
 */
export function toolDefinitions(enabled: boolean, commands = false): ToolDefinition[] {
  if (!enabled) return [];
  return WORKSPACE_TOOLS.filter((entry) => commands || entry.kind !== 'command').map((entry) => entry.definition);
}
