// The workspace tools built on first use (registerTools.ts): what the model read (an edit is checked against it), the
// proposed edits' diff documents, the edits awaiting Accept or Reject, and the runner that calls each tool's
// implementation; and, from them, the port the chat and Edit Selection use (platform/tools/workspaceTools.ts).
import type * as vscode from 'vscode';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import { PendingApprovals } from './pendingApprovals';
import { ProposedEditDocuments } from './proposedEdits';
import { ReadTracker } from './readTracker';
import { approveOnCard, approveWithNotification } from './toolApprovers';
import { HostToolRunner } from './toolRunner';

export interface BuiltTools extends vscode.Disposable {
  tools: WorkspaceTools;
  /** For the eager registrations: the scheme's texts and the Accept / Reject commands. */
  diffs: ProposedEditDocuments;
  approvals: PendingApprovals;
}

export function buildWorkspaceTools(editors: LastTextEditor): BuiltTools {
  const reads = new ReadTracker();
  const diffs = new ProposedEditDocuments();
  const approvals = new PendingApprovals();
  const runner = new HostToolRunner({ editors, reads, diffs });
  const tools: WorkspaceTools = {
    runTool: runner.run,
    approveOnCard: approveOnCard(approvals),
    approveWithNotification: approveWithNotification(approvals),
    decide: (callId, decision) => approvals.decide(callId, decision),
    reshowDiff: (callId) => diffs.reshow(callId),
    rememberRead: (path, text) => reads.remember(path, text),
  };
  return {
    tools,
    diffs,
    approvals,
    dispose: () => {
      diffs.dispose();
      approvals.dispose();
    },
  };
}
