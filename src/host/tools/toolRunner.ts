// Runs one validated tool call in this workspace, or of VS Code's tools (vscodeTools.ts): the host's `runTool` port for
// the core's tool loop, the same for every flow. Whether and where the user is asked is the loop's and the caller's (toolApprovers.ts): an edit that must
// wait gets `context.approve` and calls it once its diff is shown.
import type { ToolOutcome, ToolRunContext, ValidToolCall, WorkspaceToolCall } from '../../core';
import type { LastTextEditor } from '../chat/lastTextEditor';
import { readWorkspaceToolSettings } from '../settings';
import type { EditApprovals } from './editApprovals';
import { createFile, replaceInFile, type EditToolDeps } from './editTools';
import type { ProposedEditDocuments } from './proposedEdits';
import { getDiagnostics, getEditorContext, readFile } from './readTools';
import type { ReadTracker } from './readTracker';
import { listFiles, searchText } from './searchTools';
import { invokeVscodeTool } from './vscodeTools';

export interface ToolRunnerDeps {
  editors: LastTextEditor;
  reads: ReadTracker;
  diffs: ProposedEditDocuments;
  approvals: EditApprovals;
}

export class WorkspaceToolRunner {
  constructor(readonly deps: ToolRunnerDeps) {}

  /** The loop's `runTool`. The deny list is read per call, so a glob the user just added applies at once. */
  readonly run = async (call: ValidToolCall, context: ToolRunContext): Promise<ToolOutcome> => {
    if (call.kind === 'vscode') return invokeVscodeTool(call, context.signal);
    const { denyGlobs } = readWorkspaceToolSettings();
    const { signal } = context;
    const editDeps: EditToolDeps = {
      denyGlobs,
      reads: this.deps.reads,
      showDiff: (id, target, text, path, exists) => this.deps.diffs.showDiff(id, target, text, path, exists),
      approve: context.approve,
      signal,
    };
    let outcome: ToolOutcome | undefined;
    try {
      outcome = await this.runTool(call, denyGlobs, editDeps, signal);
      return outcome;
    } finally {
      await this.deps.diffs.settle(call.id, outcome?.status === 'done');
    }
  };

  private async runTool(call: WorkspaceToolCall, denyGlobs: readonly string[], editDeps: EditToolDeps, signal: AbortSignal): Promise<ToolOutcome> {
    switch (call.name) {
      case 'read_file':
        return readFile(call.args, denyGlobs, this.deps.reads);
      case 'list_files':
        return listFiles(call.args, denyGlobs, signal);
      case 'search_text':
        return searchText(call.args, denyGlobs, signal);
      case 'get_diagnostics':
        return getDiagnostics(call.args, denyGlobs);
      case 'get_editor_context':
        return getEditorContext(this.deps.editors, denyGlobs);
      case 'replace_in_file':
        return replaceInFile(call.id, call.args, editDeps);
      case 'create_file':
        return createFile(call.id, call.args, editDeps);
      default:
        return assertNever(call);
    }
  }
}

function assertNever(value: never): never {
  throw new Error(`unknown tool ${JSON.stringify(value)}`);
}
