// Runs one validated tool call in this workspace: the host side of the core's tool loop. Where the user is asked
// (the chat's tool card or a notification) is the caller's choice; everything else is the same for every flow.
import * as vscode from 'vscode';
import { needsApproval, readToolSettings, type ApprovalDecision, type ToolOutcome, type ToolSettings, type ValidToolCall } from '../../core';
import type { LastTextEditor } from '../chat/lastTextEditor';
import type { EditApprovals } from './editApprovals';
import { createFile, replaceInFile, type AskApproval, type EditToolDeps } from './editTools';
import type { ProposedEditDocuments } from './proposedEdits';
import { getDiagnostics, getEditorContext, readFile } from './readTools';
import type { ReadTracker } from './readTracker';
import { listFiles, searchText } from './searchTools';

export interface ToolRunnerDeps {
  editors: LastTextEditor;
  reads: ReadTracker;
  diffs: ProposedEditDocuments;
  approvals: EditApprovals;
}

export function readWorkspaceToolSettings(): ToolSettings {
  const config = vscode.workspace.getConfiguration('askModel');
  return readToolSettings((key) => config.get(key));
}

export class WorkspaceToolRunner {
  constructor(private readonly deps: ToolRunnerDeps) {}

  /** An executor for the tool loop; `askApproval` is how this flow asks about edits. */
  executor(settings: ToolSettings, askApproval: AskApproval): (call: ValidToolCall, signal: AbortSignal) => Promise<ToolOutcome> {
    return async (call, signal) => {
      const editDeps: EditToolDeps = {
        denyGlobs: settings.denyGlobs,
        reads: this.deps.reads,
        showDiff: (id, target, text, path, exists) => this.deps.diffs.showDiff(id, target, text, path, exists),
        askApproval: needsApproval(call, settings) ? askApproval : undefined,
        signal,
      };
      let outcome: ToolOutcome | undefined;
      try {
        outcome = await this.run(call, settings.denyGlobs, editDeps, signal);
        return outcome;
      } finally {
        await this.deps.diffs.settle(call.id, outcome?.status === 'done');
      }
    };
  }

  private async run(call: ValidToolCall, denyGlobs: readonly string[], editDeps: EditToolDeps, signal: AbortSignal): Promise<ToolOutcome> {
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

  /** Approval through the chat's tool card (or the Accept/Reject commands). */
  waitForDecision(onWaiting: (callId: string) => void): AskApproval {
    return (request, signal) => {
      onWaiting(request.callId);
      return this.deps.approvals.wait(request.callId, signal);
    };
  }

  /** Approval through a notification, for the command flows (the diff is already open beside it). */
  askWithNotification(): AskApproval {
    return async (request, signal) => {
      const decision = this.deps.approvals.wait(request.callId, signal);
      void vscode.window
        .showInformationMessage(`Ask Model proposes an edit to ${request.relativePath} (${request.summary}). Review the diff, then accept or reject it.`, 'Accept', 'Reject')
        .then(async (picked) => {
          if (picked === 'Accept') this.deps.approvals.decide(request.callId, { approved: true });
          else if (picked === 'Reject') {
            const reason = await vscode.window.showInputBox({ title: 'Ask Model: Reject edit', prompt: 'Why? (optional; the model is told)', ignoreFocusOut: true });
            this.deps.approvals.decide(request.callId, reason ? { approved: false, reason } : { approved: false });
          }
        });
      return decision;
    };
  }
}

/** Read-only tools asked about (askModel.tools.askBeforeReading) in command flows. */
export async function approveReadWithNotification(call: ValidToolCall): Promise<ApprovalDecision> {
  const picked = await vscode.window.showInformationMessage(`Ask Model wants to run ${call.name} ${call.argumentsText}.`, 'Allow', 'Deny');
  return { approved: picked === 'Allow' };
}

function assertNever(value: never): never {
  throw new Error(`unknown tool ${JSON.stringify(value)}`);
}
