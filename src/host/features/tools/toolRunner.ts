// Runs every validated tool call the model makes in this window: the workspace tools through the runner table below,
// VS Code's tools (vscodeTools.ts) through vscode.lm. It is the host's `runTool` port for the core's tool loop, the
// same for every flow, and it owns what all workspace tools share: Restricted Mode, the deny list, and settling an
// edit's diff. Whether and where the user is asked is the loop's and the caller's (toolApprovers.ts): an edit that
// must wait gets `context.approve` and calls it once its diff is shown.
import * as vscode from 'vscode';
import type { ToolOutcome, ToolRunContext, ValidToolCall, WorkspaceToolCallOf, WorkspaceToolName, WorkspaceToolOf } from '../../../core';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import { workspaceToolNamed } from '../../../core';
import { readWorkspaceToolSettings } from '../../platform/settings/settings';
import type { CommandCalls } from './commandCalls';
import type { CommandToolDeps, runCommand } from './commandTools';
import { createFile, replaceInFile, type EditToolDeps } from './editTools';
import type { ProposedEditDocuments } from './proposedEdits';
import { getDiagnostics, getEditorContext, readFile } from './readTools';
import type { ReadTracker } from './readTracker';
import { listFiles, searchText } from './searchTools';
import { invokeVscodeTool } from './vscodeToolCalls';

/**
 * What the model reads when it asks for a workspace tool in Restricted Mode: no tool reads, lists, searches or changes a
 * file of a workspace the user has not trusted (package.json declares the limited support; the README says so).
 */
export const UNTRUSTED_WORKSPACE_TOOL_TEXT =
  'This workspace is not trusted (VS Code’s Restricted Mode), so Ask Model’s tools do not read, list, search or change its files. Answer from what the user sent, and tell them they can trust the workspace (Manage Workspace Trust) to let you look at the files.';

export interface HostToolRunnerDeps {
  editors: LastTextEditor;
  reads: ReadTracker;
  diffs: ProposedEditDocuments;
  commands: CommandCalls;
  /** run_command's runner, its own part: loaded on the model's first command. */
  loadCommands: () => Promise<CommandsPart>;
  /** The API keys the user stored with us, kept out of a command's environment. */
  ourKeys: () => Promise<string[]>;
}

/** What one workspace tool's run gets besides its call and its record: read per call. */
export interface WorkspaceToolEnvironment {
  editors: LastTextEditor;
  reads: ReadTracker;
  denyGlobs: readonly string[];
  signal: AbortSignal;
  /** For the edit tools: the diff to show and the loop's question. */
  edit: EditToolDeps;
  /** For run_command: the settings, the loop's question and the card. */
  command: CommandToolDeps;
  loadCommands: () => Promise<CommandsPart>;
}

/** What run_command's part (commands/deferred.ts) gives. */
export interface CommandsPart {
  runCommand: typeof runCommand;
}

type RunWorkspaceTool<Name extends WorkspaceToolName> = (
  call: WorkspaceToolCallOf<Name>,
  tool: WorkspaceToolOf<Name>,
  environment: WorkspaceToolEnvironment,
) => ToolOutcome | Promise<ToolOutcome>;

// One runner per tool, keyed by its name: a tool added to the core's registry without its runner here does not compile.
const WORKSPACE_TOOL_RUNNERS: { [Name in WorkspaceToolName]: RunWorkspaceTool<Name> } = {
  read_file: (call, tool, { denyGlobs, reads }) => readFile(call.args, tool, denyGlobs, reads),
  list_files: (call, tool, { denyGlobs, signal }) => listFiles(call.args, tool, denyGlobs, signal),
  search_text: (call, tool, { denyGlobs, signal }) => searchText(call.args, tool, denyGlobs, signal),
  get_diagnostics: (call, tool, { denyGlobs }) => getDiagnostics(call.args, tool, denyGlobs),
  get_editor_context: (_call, tool, { editors, denyGlobs }) => getEditorContext(tool, editors, denyGlobs),
  replace_in_file: (call, tool, { edit }) => replaceInFile(call.id, call.args, tool, edit),
  create_file: (call, tool, { edit }) => createFile(call.id, call.args, tool, edit),
  run_command: async (call, _tool, { command, loadCommands }) => (await loadCommands()).runCommand(call, command),
};

function runWorkspaceTool<Name extends WorkspaceToolName>(call: WorkspaceToolCallOf<Name>, environment: WorkspaceToolEnvironment): ToolOutcome | Promise<ToolOutcome> {
  const run: RunWorkspaceTool<Name> = WORKSPACE_TOOL_RUNNERS[call.name];
  return run(call, workspaceToolNamed(call.name), environment);
}

export class HostToolRunner {
  constructor(readonly deps: HostToolRunnerDeps) {}

  /** The loop's `runTool`. The deny list is read per call, so a glob the user just added applies at once. */
  readonly run = async (call: ValidToolCall, context: ToolRunContext): Promise<ToolOutcome> => {
    if (call.kind === 'vscode') return invokeVscodeTool(call, context.signal);
    if (!vscode.workspace.isTrusted) return { status: 'failed', content: UNTRUSTED_WORKSPACE_TOOL_TEXT };
    const settings = readWorkspaceToolSettings();
    const { denyGlobs } = settings;
    const { signal } = context;
    const { editors, reads, diffs, commands, ourKeys, loadCommands } = this.deps;
    const edit: EditToolDeps = {
      denyGlobs,
      reads,
      showDiff: (id, target, text, path, exists) => diffs.showDiff(id, target, text, path, exists),
      approve: context.approve,
      signal,
    };
    let outcome: ToolOutcome | undefined;
    try {
      outcome = await runWorkspaceTool(call, { editors, reads, denyGlobs, signal, edit, command: { calls: commands, settings, ourKeys, context }, loadCommands });
      return outcome;
    } finally {
      await diffs.settle(call.id, outcome?.status === 'done');
    }
  };
}
