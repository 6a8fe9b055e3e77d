// The workspace tools' shared pieces, built together on first use (registerTools.ts): what the model read (an edit
// is checked against it), the proposed edits' diff documents, the edits awaiting Accept or Reject, and the runner
// that calls each tool's implementation.
import type { PendingApprovals } from '../../features/tools/pendingApprovals';
import type { ProposedEditDocuments } from '../../features/tools/proposedEdits';
import type { ReadTracker } from '../../features/tools/readTracker';
import type { HostToolRunner } from '../../features/tools/toolRunner';

export interface WorkspaceTools {
  reads: ReadTracker;
  diffs: ProposedEditDocuments;
  approvals: PendingApprovals;
  runner: HostToolRunner;
}
