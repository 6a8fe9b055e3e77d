// The two places a flow asks the user about a tool call, each one `Approver` for every kind of call: the chat asks on
// the call's card (Accept / Reject, or the Accept / Reject Proposed Edit commands); the commands ask in a
// notification beside the open diff.
import * as vscode from 'vscode';
import type { ApprovalDecision, Approver } from '../../../core';
import type { PendingApprovals } from './pendingApprovals';

/** The chat: the card already says it waits (the loop reported it); the decision comes back through `approvals`. */
export function approveOnCard(approvals: PendingApprovals): Approver {
  return (call, signal) => approvals.wait(call.id, signal);
}

/** Ask Model and Edit Selection: a notification; an edit's also takes the commands' Accept / Reject. */
export function approveWithNotification(approvals: PendingApprovals): Approver {
  return async (call, signal, preview) => {
    const decision = approvals.wait(call.id, signal);
    const question = preview
      ? `Ask Model proposes an edit to ${preview.path} (${preview.summary}). Review the diff, then accept or reject it.`
      : call.kind === 'vscode'
        ? `Ask Model wants to run the VS Code tool ${call.tool.toolName} with ${call.argumentsText || '{}'}.`
        : `Ask Model wants to run ${call.name} ${call.argumentsText}.`;
    void vscode.window.showInformationMessage(question, 'Accept', 'Reject').then(async (picked) => {
      if (picked === 'Accept') approvals.decide(call.id, { approved: true });
      else if (picked === 'Reject') approvals.decide(call.id, await askReason());
    });
    return decision;
  };
}

async function askReason(): Promise<ApprovalDecision> {
  const reason = await vscode.window.showInputBox({ title: 'Ask Model: Reject', prompt: 'Why? (optional; the model is told)', ignoreFocusOut: true });
  return reason ? { approved: false, reason } : { approved: false };
}
