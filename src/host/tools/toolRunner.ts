// Runs one validated tool call in this workspace, or of VS Code's tools (vscodeTools.ts): the host's `runTool` port for
// the core's tool loop, the same for every flow. Whether and where the user is asked is the loop's and the caller's (toolApprovers.ts): an edit that must
// wait gets `context.approve` and calls it once its diff is shown.
import * as vscode from 'vscode';
import type { ToolOutcome, ToolRunContext, ValidToolCall, WorkspaceToolCall } from '../../core';
import type { LastTextEditor } from '../editors/lastTextEditor';
import { readWorkspaceToolSettings } from '../settings';
import type { EditApprovals } from './editApprovals';
import { createFile, replaceInFile, type EditToolDeps } from './editTools';
import type { ProposedEditDocuments } from './proposedEdits';
import { getDiagnostics, getEditorContext, readFile } from './readTools';
import type { ReadTracker } from './readTracker';
import { listFiles, searchText } from './searchTools';
import { invokeVscodeTool } from './vscodeTools';

/**
 * What the model reads when it asks for a workspace tool in Restricted Mode: no tool reads, lists, searches or changes a
 * file of a workspace the user has not trusted (package.json declares the limited support; the README says so).
 */
export const UNTRUSTED_WORKSPACE_TOOL_TEXT =
  'This workspace is not trusted (VS Code’s Restricted Mode), so Ask Model’s tools do not read, list, search or change its files. Answer from what the user sent, and tell them they can trust the workspace (Manage Workspace Trust) to let you look at the files.';

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
    if (!vscode.workspace.isTrusted) return { status: 'failed', content: UNTRUSTED_WORKSPACE_TOOL_TEXT };
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
