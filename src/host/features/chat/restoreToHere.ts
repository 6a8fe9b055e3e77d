// Restore to here's questions and answers on VS Code: files changed by hand since are named in one modal question
// (restore anyway, keep mine, or Cancel: nothing is restored), and the outcome is one notification naming every file
// that was not brought back. A script (or a test) may answer the question in the command's options instead.
import * as vscode from 'vscode';
import { describeRestore, type ConflictDecision, type RestoreOutcome } from '../../../core';

export interface RestoreOptions {
  /** Answers the question about files changed by hand since, without asking. */
  conflicts?: ConflictDecision;
}

export function restoreOptionsOf(value: unknown): RestoreOptions {
  const conflicts = (value as { conflicts?: unknown } | undefined)?.conflicts;
  return conflicts === 'restore' || conflicts === 'keep' || conflicts === 'cancel' ? { conflicts } : {};
}

export async function askAboutConflicts(relativePaths: string[]): Promise<ConflictDecision> {
  const restore = 'Restore Anyway';
  const keep = 'Keep Mine';
  const named = relativePaths.length === 1 ? relativePaths[0] : `${relativePaths.length} files`;
  const answer = await vscode.window.showWarningMessage(
    `Ask Model: ${named} changed since the model last wrote ${relativePaths.length === 1 ? 'it' : 'them'}. Restore anyway, or keep your changes?`,
    { modal: true, detail: `Changed since: ${relativePaths.join(', ')}. "Restore Anyway" puts ${relativePaths.length === 1 ? 'it' : 'them'} back too (Redo Restore brings your text back); "Keep Mine" restores the other files only.` },
    restore,
    keep,
  );
  return answer === restore ? 'restore' : answer === keep ? 'keep' : 'cancel';
}

export function reportRestore(outcome: RestoreOutcome, what: string): void {
  const message = `Ask Model: ${describeRestore(outcome, what)}`;
  if (!outcome.done) return;
  if (outcome.lost.length > 0 || outcome.failed.length > 0) void vscode.window.showWarningMessage(message);
  else void vscode.window.showInformationMessage(message);
}
