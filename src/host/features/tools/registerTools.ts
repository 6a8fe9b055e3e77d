// The workspace tools' registrations: the proposed edits' document scheme and the Accept / Reject Proposed Edit
// commands, at activation. The tools' shared pieces (what the model read, the diff documents, the edits awaiting a
// decision) and the runner, which brings the tools' implementations and the core, are built together when the chat or
// Edit Selection first needs them: until then no edit can be waiting, so the commands have nothing to decide and the
// scheme has no text to serve.
import * as vscode from 'vscode';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import { lazy, loadDeferred } from '../../lazy';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';

/** The virtual documents holding proposed text (proposedEdits.ts), registered at once so that it always answers. */
export const PROPOSED_SCHEME = 'askmodel-proposed';

/** What activation holds: `load()` builds the tools on first call. */
export interface RegisteredTools {
  load(): Promise<WorkspaceTools>;
}

export function registerTools(context: vscode.ExtensionContext, editors: LastTextEditor): RegisteredTools {
  let built: WorkspaceTools | undefined;
  const load = lazy(async (): Promise<WorkspaceTools> => {
    const { ReadTracker, ProposedEditDocuments, PendingApprovals, HostToolRunner } = await loadDeferred();
    const reads = new ReadTracker();
    const diffs = new ProposedEditDocuments();
    const approvals = new PendingApprovals();
    context.subscriptions.push(diffs, approvals);
    built = { reads, diffs, approvals, runner: new HostToolRunner({ editors, reads, diffs }) };
    return built;
  });
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, { provideTextDocumentContent: (uri) => built?.diffs.provideTextDocumentContent(uri) ?? '' }),
    vscode.commands.registerCommand('askModel.acceptEdit', () => built?.approvals.decideNewest({ approved: true }) ?? false),
    vscode.commands.registerCommand('askModel.rejectEdit', (args?: { reason?: string }) =>
      built?.approvals.decideNewest(typeof args?.reason === 'string' && args.reason !== '' ? { approved: false, reason: args.reason } : { approved: false }) ?? false,
    ),
  );
  return { load };
}
