// Ask Model's answer documents, wired at activation: the provider of their scheme and "Save Answer As…". What keeps
// the answers (answerDocuments.ts, with the workspace state's copy) loads on the first question, or at once when an
// answer was still arriving when the window closed or the extension host stopped: VS Code does not restore the tab of
// a virtual document after a reload (its editor has no serializer), so that answer is opened again here, showing
// what had arrived.
import * as vscode from 'vscode';
import { lazy, loadDeferred, type Lazy } from '../../lazy';
import type { AnswerDocuments } from './answerDocuments';

/** The answer documents' URI scheme (answerDocuments.ts explains why answers are not untitled files). */
export const ANSWER_SCHEME = 'ask-model-answer';
/** The kept answers' key in the workspace state. It names the stored form's version: a later form gets its own key. */
export const KEPT_ANSWERS_KEY = 'askModel.answers.v1';

export function registerAnswerDocuments(context: vscode.ExtensionContext, report: (line: string) => void): Lazy<AnswerDocuments> {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const answers = lazy(async () => {
    const { AnswerDocuments } = await loadDeferred();
    const documents = new AnswerDocuments(context.workspaceState, changed, report);
    context.subscriptions.push(documents);
    return documents;
  });
  context.subscriptions.push(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(ANSWER_SCHEME, {
      onDidChange: changed.event,
      provideTextDocumentContent: async (uri) => (await answers()).provideTextDocumentContent(uri),
    }),
    vscode.commands.registerCommand('askModel.saveAnswer', async (uri?: vscode.Uri, destination?: vscode.Uri) => {
      const [{ saveAnswer }, documents] = await Promise.all([loadDeferred(), answers()]);
      return saveAnswer(documents, uri, destination);
    }),
  );
  if (hasArrivingAnswer(context.workspaceState.get<unknown>(KEPT_ANSWERS_KEY))) {
    void answers()
      .then((documents) => documents.reopenInterrupted())
      .catch((error: unknown) => report(`ask-model: the interrupted answer could not be opened again: ${String(error)}`));
  }
  return answers;
}

/** A cheap look at the stored answers (the reader that checks them is deferred): is one marked as still arriving? */
function hasArrivingAnswer(stored: unknown): boolean {
  const answers = typeof stored === 'object' && stored !== null ? (stored as { answers?: unknown }).answers : undefined;
  return Array.isArray(answers) && answers.some((answer: unknown) => typeof answer === 'object' && answer !== null && (answer as { arriving?: unknown }).arriving === true);
}
