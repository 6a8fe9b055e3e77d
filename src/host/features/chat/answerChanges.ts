// An answer's edits, undone or shown: "Revert this answer's edits" puts each file back to its text before the answer
// where it still holds what the answer left (planned in core, revertPlan.ts; checked again just before each file is
// changed), one WorkspaceEdit per file so each is one undo step; "View changes" opens one multi-file diff
// (`vscode.changes`) of every file's before and after, both read-only documents of our scheme.
import * as vscode from 'vscode';
import { describeRevert, planRevert, type FileEdit, type RevertStep } from '../../../core';
import { readDocumentText } from '../../platform/editors/documentText';

export const ANSWER_CHANGE_SCHEME = 'askmodel-answer-change';

export interface RevertOutcome {
  /** The sentence the user was shown. */
  message: string;
  reverted: string[];
  leftAlone: string[];
}

export class AnswerChanges implements vscode.TextDocumentContentProvider {
  /** The texts of the diff shown last, by the documents' query; replaced by the next one, so only one is held. */
  private texts = new Map<string, string>();
  private shown = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? '';
  }

  /** Opens one diff of every file the answer changed, as it was before the answer and as the answer left it. */
  async show(title: string, edits: readonly FileEdit[]): Promise<void> {
    const shown = ++this.shown;
    this.texts = new Map();
    const side = (edit: FileEdit, index: number, which: 'before' | 'after', text: string): vscode.Uri => {
      const query = `${shown}~${index}~${which}`;
      this.texts.set(query, text);
      return vscode.Uri.from({ scheme: ANSWER_CHANGE_SCHEME, path: vscode.Uri.file(edit.path).path, query });
    };
    const resources = edits
      .filter((edit) => edit.textsKept)
      .map((edit, index) => [vscode.Uri.file(edit.path), side(edit, index, 'before', edit.before ?? ''), side(edit, index, 'after', edit.after)] as const);
    if (resources.length === 0) {
      void vscode.window.showInformationMessage('Ask Model: the texts of this answer’s changes were too large to keep, so there is nothing to show.');
      return;
    }
    await vscode.commands.executeCommand('vscode.changes', title, resources);
  }

  /** Reverts what can be reverted and tells the user what happened, naming every file left alone. */
  async revert(edits: readonly FileEdit[]): Promise<RevertOutcome> {
    const current = new Map<string, string | undefined>();
    for (const edit of edits) current.set(edit.path, await readDocumentText(vscode.Uri.file(edit.path)));
    const plan = planRevert(edits, (path) => current.get(path));
    const failed: string[] = [];
    for (const step of plan.steps) if (!(await applyStep(step))) failed.push(step.relativePath);
    const message = describeRevert(plan, failed);
    const reverted = plan.steps.map((step) => step.relativePath).filter((path) => !failed.includes(path));
    const leftAlone = [...plan.leftAlone.map((file) => file.relativePath), ...failed];
    if (leftAlone.length > 0) void vscode.window.showWarningMessage(`Ask Model: ${message}`);
    else void vscode.window.showInformationMessage(`Ask Model: ${message}`);
    return { message, reverted, leftAlone };
  }
}

/** One file back as it was: one WorkspaceEdit (one undo step), only if the text is still the one planned against. */
async function applyStep(step: RevertStep): Promise<boolean> {
  const uri = vscode.Uri.file(step.path);
  const edit = new vscode.WorkspaceEdit();
  if (step.target === null) {
    // The answer created the file: reverting deletes it (VS Code's undo brings it back).
    if ((await readDocumentText(uri)) !== step.current) return false;
    edit.deleteFile(uri, { ignoreIfNotExists: true });
    return vscode.workspace.applyEdit(edit);
  }
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.getText() !== step.current) return false;
  edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(step.current.length)), step.target);
  return vscode.workspace.applyEdit(edit);
}

