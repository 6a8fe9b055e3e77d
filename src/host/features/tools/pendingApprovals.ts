// Tool calls waiting for the user's Accept or Reject: an edit beside its diff, and a read (askModel.tools.askBeforeReading)
// or a VS Code tool before it runs. A decision can come from the chat's tool card, from the notification of the command
// flows, or from the commands "Accept Proposed Edit" / "Reject Proposed Edit" (which act on the newest waiting call:
// keyboard users and the tests use them).
import * as vscode from 'vscode';
import type { ApprovalDecision } from '../../../core';

interface Pending {
  callId: string;
  resolve: (decision: ApprovalDecision) => void;
}

export class PendingApprovals implements vscode.Disposable {
  private readonly pending: Pending[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  /** Waits for a decision on `callId`; a fired signal rejects it (nothing is applied after Stop). */
  wait(callId: string, signal: AbortSignal): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      const entry: Pending = {
        callId,
        resolve: (decision) => {
          signal.removeEventListener('abort', onAbort);
          this.remove(entry);
          resolve(decision);
        },
      };
      const onAbort = (): void => entry.resolve({ approved: false, reason: 'the user stopped the request' });
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.push(entry);
      void this.updateContext();
    });
  }

  decide(callId: string, decision: ApprovalDecision): boolean {
    const entry = this.pending.find((candidate) => candidate.callId === callId);
    entry?.resolve(decision);
    return entry !== undefined;
  }

  /** Decides the newest waiting call; false when none waits. */
  decideNewest(decision: ApprovalDecision): boolean {
    const entry = this.pending.at(-1);
    entry?.resolve(decision);
    return entry !== undefined;
  }

  get waiting(): number {
    return this.pending.length;
  }

  dispose(): void {
    for (const entry of [...this.pending]) entry.resolve({ approved: false, reason: 'the editor closed' });
    this.changed.dispose();
  }

  private remove(entry: Pending): void {
    const index = this.pending.indexOf(entry);
    if (index >= 0) this.pending.splice(index, 1);
    void this.updateContext();
    this.changed.fire();
  }

  private updateContext(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', 'askModel.editPending', this.pending.length > 0);
  }
}
