// The workspace tools as the features that use them see them (the chat, Edit Selection): a port the tools feature
// implements (src/host/features/tools) and extension.ts hands over, so no feature imports another. Built on first use.
import type { ApprovalDecision, Approver, ToolRunner } from '../../../core';

export interface WorkspaceTools {
  /** Runs every validated call in this window: the workspace tools and VS Code's (the loop's `runTool`). */
  runTool: ToolRunner;
  /** The chat's approval: the call's card waits, and the decision comes back through `decide`. */
  approveOnCard: Approver;
  /** Edit Selection's approval: a notification beside the open diff (and the Accept / Reject Proposed Edit commands). */
  approveWithNotification: Approver;
  /** The user's decision on a waiting call (its card's buttons); false when it is no longer waiting. */
  decide(callId: string, decision: ApprovalDecision): boolean;
  /** Opens a waiting edit's diff again (the user closed it); false when the edit is no longer waiting. */
  reshowDiff(callId: string): Promise<boolean>;
  /** The model has read `text` of the file at `path` (an edit is checked against what it read). */
  rememberRead(path: string, text: string): void;
  /**
   * A command card's button: Stop the command, open its whole output, or add the rule the card offered to the user's
   * rules and run the waiting command. False when the call has no such command (any more).
   */
  commandAction(callId: string, action: 'stop' | 'openOutput' | 'allowRule'): Promise<boolean>;
}
