// Ask Model, wired at activation: the command, the provider of its answer documents' scheme and "Save Answer As…".
// What keeps the answers (answerDocuments.ts, with the workspace state's copy) loads on the first question, or at once
// when an answer was still arriving when the window closed or the extension host stopped: VS Code does not restore the
// tab of a virtual document after a reload (its editor has no serializer), so that answer is opened again here,
// showing what had arrived.
import * as vscode from 'vscode';
import { loadDeferred } from '../../lazy';
import { lazy, type Lazy } from '../../platform/lazyValue';
import type { Log } from '../../platform/log/log';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Runs } from '../../platform/run/runs';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';
import type { AskArgs } from './askCommand';
import { ANSWER_SCHEME, KEPT_ANSWERS_KEY } from './askIds';

export interface AskDeps {
  runs: Lazy<Runs>;
  active: ActiveRequests;
  log: Log;
}

export function registerAsk(context: vscode.ExtensionContext, deps: AskDeps): void {
  const report = (line: string): void => deps.log.error(line);
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const answers = lazy(async () => {
    const { AnswerDocuments } = await loadDeferred.ask();
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
      const [{ saveAnswer }, documents] = await Promise.all([loadDeferred.ask(), answers()]);
      return saveAnswer(documents, uri, destination);
    }),
    vscode.commands.registerCommand('askModel.ask', async (args?: AskArgs) => {
      const [{ askModel, QuestionHistory }, runs, documents] = await Promise.all([loadDeferred.ask(), deps.runs(), answers()]);
      // The recent questions live in global state; the object over them holds nothing else, so each run makes its own.
      const result = await askModel({ runs, active: deps.active, log: deps.log, questions: new QuestionHistory(context.globalState), answers: documents }, args);
      if (result.status === 'done') walkthroughStepDone('firstAsk');
      return result;
    }),
  );
  if (hasArrivingAnswer(context.workspaceState.get<unknown>(KEPT_ANSWERS_KEY))) {
    void answers()
      .then((documents) => documents.reopenInterrupted())
      .catch((error: unknown) => report(`ask-model: the interrupted answer could not be opened again: ${String(error)}`));
  }
}

/** A cheap look at the stored answers (the reader that checks them is deferred): is one marked as still arriving? */
function hasArrivingAnswer(stored: unknown): boolean {
  const kept = typeof stored === 'object' && stored !== null ? (stored as { answers?: unknown }).answers : undefined;
  return Array.isArray(kept) && kept.some((answer: unknown) => typeof answer === 'object' && answer !== null && (answer as { arriving?: unknown }).arriving === true);
}
