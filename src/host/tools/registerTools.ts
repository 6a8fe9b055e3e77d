// The workspace tools' shared pieces (what the model read, the diff documents, the edits awaiting a decision, the
// runner) and the Accept / Reject Proposed Edit commands.
import * as vscode from 'vscode';
import type { LastTextEditor } from '../chat/lastTextEditor';
import { EditApprovals } from './editApprovals';
import { ProposedEditDocuments } from './proposedEdits';
import { ReadTracker } from './readTracker';
import { WorkspaceToolRunner } from './toolRunner';

export interface WorkspaceTools {
  reads: ReadTracker;
  diffs: ProposedEditDocuments;
  approvals: EditApprovals;
  runner: WorkspaceToolRunner;
}

export function registerTools(context: vscode.ExtensionContext, editors: LastTextEditor): WorkspaceTools {
  const reads = new ReadTracker();
  const diffs = new ProposedEditDocuments();
  const approvals = new EditApprovals();
  const runner = new WorkspaceToolRunner({ editors, reads, diffs, approvals });
  context.subscriptions.push(
    diffs,
    approvals,
    vscode.commands.registerCommand('askModel.acceptEdit', () => approvals.decideNewest({ approved: true })),
    vscode.commands.registerCommand('askModel.rejectEdit', (args?: { reason?: string }) =>
      approvals.decideNewest(typeof args?.reason === 'string' && args.reason !== '' ? { approved: false, reason: args.reason } : { approved: false }),
    ),
  );
  return { reads, diffs, approvals, runner };
}
