// Where Ask Model's answers live: read-only documents of our own scheme, like VS Code's own virtual documents (a
// Markdown preview, a diff's left side), not untitled files. An answer is therefore never "unsaved": it closes without
// a question, as a person reads and closes answers all day, and "Save Answer As…" keeps one as a Markdown file in one
// step. Registered at activation, so that an answer's tab restored after a reload says what became of it.
import * as vscode from 'vscode';

export const ANSWER_SCHEME = 'ask-model-answer';

/** What a restored tab shows: answers are kept only while the window is open. */
const GONE = 'This answer is no longer here: answers are kept only while the window is open. Use "Save Answer As…" to keep one.\n';
const MAX_NAME_LENGTH = 60;

export class AnswerDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private count = 0;

  /** A new answer named after `title` (its tab's name), holding `text`. */
  create(title: string, text: string): vscode.Uri {
    const name = title.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, MAX_NAME_LENGTH).trim() || 'Answer';
    const uri = vscode.Uri.from({ scheme: ANSWER_SCHEME, path: `/${++this.count}/${name}.md` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  text(uri: vscode.Uri): string | undefined {
    return this.texts.get(uri.toString());
  }

  /** Adds `text` at the end of the answer and tells the editors showing it. */
  append(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), (this.texts.get(uri.toString()) ?? '') + text);
    this.changed.fire(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? GONE;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerAnswerDocuments(context: vscode.ExtensionContext): AnswerDocuments {
  const answers = new AnswerDocuments();
  context.subscriptions.push(
    answers,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, answers),
    vscode.commands.registerCommand('askModel.saveAnswer', (uri?: vscode.Uri, destination?: vscode.Uri) => saveAnswer(answers, uri, destination)),
  );
  return answers;
}

/** Writes the answer to a Markdown file the user picks (tests pass `destination`); the file's URI, or undefined. */
async function saveAnswer(answers: AnswerDocuments, uri: vscode.Uri | undefined, destination: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  const answer = uri ?? vscode.window.activeTextEditor?.document.uri;
  const text = answer?.scheme === ANSWER_SCHEME ? answers.text(answer) : undefined;
  if (!answer || text === undefined) {
    void vscode.window.showInformationMessage('Ask Model: show the answer to save first (answers are kept only while the window is open).');
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = answer.path.split('/').pop() ?? 'Answer.md';
  const target = destination ?? (await vscode.window.showSaveDialog({ defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined, filters: { Markdown: ['md'] } }));
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  return target;
}
