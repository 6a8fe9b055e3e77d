// Where Ask Model's answers live: read-only documents of our own scheme, like VS Code's own virtual documents (a
// Markdown preview, a diff's left side), not untitled files. An answer is therefore never "unsaved": it closes without
// a question, as a person reads and closes answers all day, and "Save Answer As…" keeps one as a Markdown file in one
// step. The newest answers are kept in the workspace state as they grow (core/ask/keptAnswers.ts), at most
// SAVE_AHEAD_INTERVAL_MS behind, so that an answer's tab restored after a reload shows it again (the provider is
// registered at activation, registerAsk.ts, and builds this on the first tab or question).
import * as vscode from 'vscode';
import { ANSWER_SCHEME, KEPT_ANSWERS_KEY } from './askIds';
import { keptAnswersForm, readKeptAnswers, SaveAhead, type KeptAnswer } from '../../../core';


/** What a restored tab shows when its answer is no longer kept (older than the newest ones). */
const GONE = 'This answer is no longer here: only the newest answers are kept. Use "Save Answer As…" to keep one.\n';
const MAX_NAME_LENGTH = 60;

export class AnswerDocuments implements vscode.Disposable {
  /** By URI, oldest first (a Map keeps the order answers were created in). */
  private readonly answers = new Map<string, KeptAnswer>();
  private readonly saveAhead: SaveAhead;
  private count = 0;
  /** The answers that were arriving when the store was last written: the window closed or the host died meanwhile. */
  private readonly interrupted: vscode.Uri[] = [];

  constructor(
    private readonly state: vscode.Memento,
    /** The registered provider's change event: an editor showing the answer asks for its text again. */
    private readonly changed: vscode.EventEmitter<vscode.Uri>,
    report: (line: string) => void,
  ) {
    for (const answer of readKeptAnswers(state.get<unknown>(KEPT_ANSWERS_KEY))) {
      if (answer.interrupted) this.interrupted.push(vscode.Uri.from({ scheme: ANSWER_SCHEME, path: answer.path }));
      this.answers.set(vscode.Uri.from({ scheme: ANSWER_SCHEME, path: answer.path }).toString(), { path: answer.path, text: answer.text, arriving: false });
      // A restored answer's number is never handed out again, so a new answer cannot take over its tab.
      this.count = Math.max(this.count, Number(answer.path.split('/')[1]) || 0);
    }
    this.saveAhead = new SaveAhead(() => Promise.resolve(this.state.update(KEPT_ANSWERS_KEY, keptAnswersForm([...this.answers.values()]))), {
      timer: { set: (callback, ms) => setTimeout(callback, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
      failed: (error) => report(`ask-model: the answer could not be kept in the workspace state: ${String(error)}`),
    });
  }

  /**
   * Opens again, beside the editor, each answer that was arriving when the window closed or the extension host
   * stopped (its text ends with the interrupted note), and stores them as finished so that the next start leaves them.
   */
  async reopenInterrupted(): Promise<void> {
    for (const uri of this.interrupted.splice(0)) {
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
    }
    await this.saveAhead.now();
  }

  /** A new answer named after `title` (its tab's name), holding `text`, arriving until `finished`. */
  create(title: string, text: string): vscode.Uri {
    const name = title.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, MAX_NAME_LENGTH).trim() || 'Answer';
    const uri = vscode.Uri.from({ scheme: ANSWER_SCHEME, path: `/${++this.count}/${name}.md` });
    this.answers.set(uri.toString(), { path: uri.path, text, arriving: true });
    void this.saveAhead.now();
    return uri;
  }

  text(uri: vscode.Uri): string | undefined {
    return this.answers.get(uri.toString())?.text;
  }

  /** Adds `text` at the end of the answer and tells the editors showing it. */
  append(uri: vscode.Uri, text: string): void {
    const answer = this.answers.get(uri.toString());
    if (!answer) return;
    answer.text += text;
    this.changed.fire(uri);
    this.saveAhead.changed();
  }

  /** The answer is complete (done, stopped or failed, with its last line): kept as it is now. */
  finished(uri: vscode.Uri): Promise<void> {
    const answer = this.answers.get(uri.toString());
    if (answer) answer.arriving = false;
    return this.saveAhead.now();
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.answers.get(uri.toString())?.text ?? GONE;
  }

  dispose(): void {
    void this.saveAhead.now();
  }
}

/** Writes the answer to a Markdown file the user picks (tests pass `destination`); the file's URI, or undefined. */
export async function saveAnswer(answers: AnswerDocuments, uri: vscode.Uri | undefined, destination: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  const answer = uri ?? vscode.window.activeTextEditor?.document.uri;
  const text = answer?.scheme === ANSWER_SCHEME ? answers.text(answer) : undefined;
  if (!answer || text === undefined) {
    void vscode.window.showInformationMessage('Ask Model: show the answer to save first (only the newest answers are kept).');
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = answer.path.split('/').pop() ?? 'Answer.md';
  const target = destination ?? (await vscode.window.showSaveDialog({ defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined, filters: { Markdown: ['md'] } }));
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  return target;
}

