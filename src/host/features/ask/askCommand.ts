// "Ask Model": the selection (or whole file) plus a question, answered in a Markdown editor beside the code,
// streamed as it arrives. Cancel, Stop or closing the answer keeps what arrived; errors offer the action that fixes
// them. The request goes through the same preparation and answer loop as the chat (without tools); the answer's
// document and its notes are core's (ask/askAnswer.ts), this file asks for the question and implements the ports.
import * as vscode from 'vscode';
import { askAnswer, type CodeContext, type DescribedError } from '../../../core';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import { AnswerDocument } from './answerDocument';
import type { AnswerDocuments } from './answerDocuments';
import { codeContextOf } from '../../platform/editors/codeContext';
import type { QuestionHistory } from './questionHistory';
import type { Log } from '../../platform/log/log';
import { notificationProgress } from '../../platform/requests/notificationProgress';
import type { Runs } from '../../platform/run/runs';
import { readSettings } from '../../platform/settings/settings';
import { reportError } from '../../platform/ui/showError';

export interface AskModelDeps {
  runs: Runs;
  active: ActiveRequests;
  log: Log;
  questions: QuestionHistory;
  answers: AnswerDocuments;
}

/** Arguments for automation and tests; a person is asked for whatever is missing. */
export interface AskArgs {
  question?: string;
}

export interface AskResult {
  status: 'done' | 'stopped' | 'error' | 'cancelled';
  document?: vscode.Uri;
  answer?: string;
  footer?: string;
  error?: DescribedError;
  edits?: number;
}

/** The command's implementation; registerAsk.ts registers it at activation and loads this on its first run. */
export async function askModel(deps: AskModelDeps, args: AskArgs | undefined): Promise<AskResult> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showWarningMessage('Ask Model: open a file (and select the code to ask about) first.');
    return { status: 'cancelled' };
  }
  let maxCharacters: number;
  try {
    maxCharacters = readSettings().maxContextCharacters;
  } catch (error) {
    return failed(error);
  }
  const code = codeContextOf(editor, maxCharacters);
  const question = args?.question?.trim() || (await deps.questions.ask(code.wholeFile ? `Ask about ${code.path} (no selection: the whole file is sent)` : `Ask about ${code.path}, lines ${code.startLine}–${code.endLine}`));
  if (!question) return { status: 'cancelled' };
  await deps.questions.remember(question);
  return answer(deps, question, code, editor.document.uri);
}

async function answer(deps: AskModelDeps, question: string, code: CodeContext, file: vscode.Uri): Promise<AskResult> {
  const outcome = await askAnswer(
    {
      prepareRun: () => deps.runs.prepare({ surface: 'ask-model', workingFiles: [file] }),
      openAnswer: (title, header) => AnswerDocument.open(deps.answers, title, header),
      showInformation: (message) => void vscode.window.showInformationMessage(message),
      logError: (line) => deps.log.error(line),
      ...notificationProgress(deps.active),
    },
    question,
    code,
  );
  const { sink } = outcome;
  if (sink === undefined) return outcome.status === 'error' ? failed(outcome.error) : { status: 'cancelled' };
  const common = { document: sink.document.uri, answer: outcome.answer ?? '', edits: sink.edits };
  if (outcome.status === 'error') return { ...failed(outcome.error, () => answer(deps, question, code, file)), ...common };
  return { status: outcome.status === 'done' ? 'done' : 'stopped', ...common, ...(outcome.footer !== undefined ? { footer: outcome.footer } : {}) };
}

function failed(error: unknown, retry?: () => unknown): AskResult {
  return { status: 'error', error: reportError(error, retry) };
}
