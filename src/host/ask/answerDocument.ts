// The Markdown editor an answer streams into. Text is buffered and written at most once every 50 ms, so a fast
// stream costs a handful of edits, not one per token; each edit appends at the end, so the user may scroll, select
// or even type above without the answer landing in the wrong place.
import * as vscode from 'vscode';

const FLUSH_INTERVAL_MS = 50;

export class AnswerDocument {
  private pending = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private lastFlushAt = 0;
  private closed = false;
  /** How many edits were applied (the tests check batching with it). */
  edits = 0;

  private constructor(readonly document: vscode.TextDocument) {}

  /** Opens a new untitled Markdown editor beside the active one, keeping focus where the user was. */
  static async open(initialText: string): Promise<AnswerDocument> {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: initialText });
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
    return new AnswerDocument(document);
  }

  /** False once the user closed the document: there is nowhere left to write. */
  get isOpen(): boolean {
    return !this.closed && !this.document.isClosed;
  }

  append(text: string): void {
    if (text === '') return;
    this.pending += text;
    this.schedule();
  }

  /** Writes everything still buffered and waits until it is in the document. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.writing;
    if (this.pending !== '') await this.write();
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, FLUSH_INTERVAL_MS - (Date.now() - this.lastFlushAt));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, wait);
  }

  private write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.pending === '' || !this.isOpen) return;
      const text = this.pending;
      this.pending = '';
      this.lastFlushAt = Date.now();
      const end = this.document.lineAt(this.document.lineCount - 1).range.end;
      const edit = new vscode.WorkspaceEdit();
      edit.insert(this.document.uri, end, text);
      const applied = await vscode.workspace.applyEdit(edit);
      this.edits++;
      if (!applied) this.closed = true;
      if (this.pending !== '') this.schedule();
    });
    return this.writing;
  }
}
