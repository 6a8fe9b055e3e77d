// A proposed edit is shown before it is applied: `vscode.diff` of the file as it is now against a read-only virtual
// document holding the proposed text. registerTools.ts registers the scheme (toolIds.ts) at activation and hands its documents here.
import * as vscode from 'vscode';
import { PROPOSED_SCHEME } from './toolIds';

interface Shown {
  /** The virtual documents' query: the call id and a serial number. */
  key: string;
  target: vscode.Uri;
  text: string;
  relativePath: string;
  exists: boolean;
}

export class ProposedEditDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  /** By call id. */
  private readonly shown = new Map<string, Shown>();
  private proposals = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.query) ?? '';
  }

  /** Opens the diff of `target` (as it is now) against `proposedText`. */
  async showDiff(id: string, target: vscode.Uri, proposedText: string, relativePath: string, exists: boolean): Promise<void> {
    this.forgetTexts(id);
    // A fresh URI for every proposal: servers reuse call ids across turns (some send "call_0" every time), and the
    // workbench may still hold the document of an earlier proposal under the old URI, with its old text.
    const shown: Shown = { key: `${id}~${++this.proposals}`, target, text: proposedText, relativePath, exists };
    this.shown.set(id, shown);
    this.texts.set(shown.key, proposedText);
    if (!exists) this.texts.set(`${shown.key}-empty`, '');
    await this.open(shown);
  }

  /** Opens the diff of a waiting edit again (the user closed it); false when the edit is no longer waiting. */
  async reshow(id: string): Promise<boolean> {
    const shown = this.shown.get(id);
    if (!shown) return false;
    await this.open(shown);
    return true;
  }

  private async open({ key, target, relativePath, exists }: Shown): Promise<void> {
    const proposed = vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: target.path, query: key });
    const left = exists ? target : vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: `${target.path}.empty`, query: `${key}-empty` });
    await vscode.commands.executeCommand('vscode.diff', left, proposed, `${relativePath} ↔ proposed by Ask Model`, { preview: true, preserveFocus: true });
  }

  /**
   * The user decided (or the request ended): the preview has done its job, so its tab closes. After an applied edit
   * the file itself takes the preview's place, so the user sees the change that one undo would revert; the focus
   * stays where it was (usually the chat).
   */
  async settle(id: string, applied: boolean): Promise<void> {
    const shown = this.shown.get(id);
    if (!shown) return;
    this.shown.delete(id);
    const tabs = this.previewTabs(shown.key);
    const column = tabs[0]?.group.viewColumn;
    try {
      if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
      if (applied) await vscode.window.showTextDocument(shown.target, { preserveFocus: true, preview: true, ...(column !== undefined ? { viewColumn: column } : {}) });
    } finally {
      this.texts.delete(shown.key);
      this.texts.delete(`${shown.key}-empty`);
    }
  }

  private forgetTexts(id: string): void {
    const earlier = this.shown.get(id);
    if (!earlier) return;
    this.texts.delete(earlier.key);
    this.texts.delete(`${earlier.key}-empty`);
  }

  private previewTabs(key: string): vscode.Tab[] {
    return vscode.window.tabGroups.all.flatMap((group) =>
      group.tabs.filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === PROPOSED_SCHEME && tab.input.modified.query === key),
    );
  }

  dispose(): void {
    this.texts.clear();
    this.shown.clear();
  }
}
