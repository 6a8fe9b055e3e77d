// The editor an answer streams into: a read-only Markdown document of ours (answerDocuments.ts says why not an
// untitled file). Text is buffered and shown at most once every 50 ms, so a fast stream costs a handful of updates,
// not one per token. Closing the answer's tab stops the request: there is nobody left to read it.
import * as vscode from 'vscode';
import type { AnswerDocuments } from './answerDocuments';

const FLUSH_INTERVAL_MS = 50;
/**
 * A flush waits until the editor shows the last update (VS Code asks for the content again on its own time, which on a
 * busy machine took more than 2 s) or the answer is closed. This bound only keeps a flush from waiting forever should
 * VS Code never ask again; it is not how long showing takes.
 */
const SHOWN_AT_THE_LATEST_MS = 60_000;

export class AnswerDocument {
  private pending = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlushAt = 0;
  /** How many updates were shown (the tests check batching with it). */
  edits = 0;

  private constructor(
    private readonly answers: AnswerDocuments,
    readonly document: vscode.TextDocument,
  ) {}

  /** Opens a new answer named `title` beside the active editor, keeping focus where the user was. */
  static async open(answers: AnswerDocuments, title: string, initialText: string): Promise<AnswerDocument> {
    const document = await vscode.workspace.openTextDocument(answers.create(title, initialText));
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
    return new AnswerDocument(answers, document);
  }

  /** False once the user closed the answer's tab: there is nowhere left to write. */
  get isOpen(): boolean {
    const uri = this.document.uri.toString();
    return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri));
  }

  append(text: string): void {
    if (text === '') return;
    this.pending += text;
    this.schedule();
  }

  /** Shows everything still buffered and waits until the document holds it. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.write();
    await this.shown();
  }

  /**
   * Shows everything still buffered, and keeps the answer as it now is (it will not grow any more). The answer is
   * done once the editor shows it: the workspace state's copy is written without waiting for it, because its
   * acknowledgement queues behind the window's handling of the whole document (a 5 MB answer kept the command
   * waiting many seconds after its text was there). SaveAhead still makes this final copy the last one written.
   */
  async finish(): Promise<void> {
    await this.flush();
    void this.answers.finished(this.document.uri);
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, FLUSH_INTERVAL_MS - (Date.now() - this.lastFlushAt));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write();
    }, wait);
  }

  private write(): void {
    if (this.pending === '') return;
    this.answers.append(this.document.uri, this.pending);
    this.pending = '';
    this.lastFlushAt = Date.now();
    this.edits++;
  }

  /** Resolves once the document's text is the answer's, or once the answer is closed (nobody is left to see it). */
  private shown(): Promise<void> {
    const expected = this.answers.text(this.document.uri);
    if (this.document.getText() === expected || !this.isOpen) return Promise.resolve();
    return new Promise((resolve) => {
      const subscriptions: vscode.Disposable[] = [];
      const done = (): void => {
        for (const subscription of subscriptions) subscription.dispose();
        clearTimeout(timeout);
        resolve();
      };
      subscriptions.push(
        vscode.workspace.onDidChangeTextDocument((event) => {
          if (event.document === this.document && this.document.getText() === expected) done();
        }),
        vscode.workspace.onDidCloseTextDocument((document) => document === this.document && done()),
        vscode.window.tabGroups.onDidChangeTabs(() => !this.isOpen && done()),
      );
      const timeout = setTimeout(done, SHOWN_AT_THE_LATEST_MS);
    });
  }
}
