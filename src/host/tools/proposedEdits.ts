// A proposed edit is shown before it is applied: `vscode.diff` of the file as it is now against a read-only virtual
// document holding the proposed text.
import * as vscode from 'vscode';

export const PROPOSED_SCHEME = 'askmodel-proposed';

interface Shown {
  target: vscode.Uri;
  text: string;
  relativePath: string;
  exists: boolean;
}

export class ProposedEditDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly shown = new Map<string, Shown>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? '';
  }

  /** Opens the diff of `target` (as it is now) against `proposedText`. */
  async showDiff(id: string, target: vscode.Uri, proposedText: string, relativePath: string, exists: boolean): Promise<void> {
    this.shown.set(id, { target, text: proposedText, relativePath, exists });
    this.texts.set(id, proposedText);
    const proposed = vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: target.path, query: id });
    const left = exists ? target : vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: `${target.path}.empty`, query: `${id}-empty` });
    if (!exists) this.texts.set(`${id}-empty`, '');
    await vscode.commands.executeCommand('vscode.diff', left, proposed, `${relativePath} ↔ proposed by Ask Model`, { preview: true, preserveFocus: true });
  }

  /** Opens the diff of a waiting edit again (the user closed it); false when the edit is no longer waiting. */
  async reshow(id: string): Promise<boolean> {
    const shown = this.shown.get(id);
    if (!shown) return false;
    await this.showDiff(id, shown.target, shown.text, shown.relativePath, shown.exists);
    return true;
  }

  forget(id: string): void {
    this.shown.delete(id);
    this.texts.delete(id);
    this.texts.delete(`${id}-empty`);
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
    this.shown.clear();
  }
}
