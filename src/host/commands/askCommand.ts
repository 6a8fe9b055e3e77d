// "Ask Model": the selection (or whole file) plus a question, answered in a Markdown editor beside the code,
// streamed as it arrives. Cancel, Stop or closing the answer keeps what arrived; errors offer the action that fixes
// them. The request goes through the same preparation and answer loop as the chat (without tools).
import * as vscode from 'vscode';
import { answerFactsOf, buildAskMessages, contextFitterFor, formatTokenCount, formatAnswerFooter, messageOf, runAnswer, type CodeContext, type DescribedError, type PreparedRun } from '../../core';
import type { ActiveRequests } from '../activeRequests';
import { AnswerDocument } from '../ask/answerDocument';
import type { AnswerDocuments } from '../ask/answerDocuments';
import { codeContextOf } from '../ask/codeContext';
import type { QuestionHistory } from '../ask/questionHistory';
import type { ClientFactory } from '../clientFactory';
import type { Log } from '../log';
import { prepareRun } from '../prepareRun';
import { readSettings } from '../settings';
import { reportError } from '../showError';

export interface AskDeps {
  factory: ClientFactory;
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

/** The command's implementation; registerCommands.ts registers it at activation and loads this on its first run. */
export async function askModel(deps: AskDeps, args: AskArgs | undefined): Promise<AskResult> {
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

async function answer(deps: AskDeps, question: string, code: CodeContext, file: vscode.Uri): Promise<AskResult> {
  let run: PreparedRun;
  try {
    const prepared = await prepareRun(deps.factory, deps.log, 'ask-model', [file]);
    if (!prepared) return { status: 'cancelled' };
    run = prepared;
  } catch (error) {
    return failed(error);
  }
  const document = await AnswerDocument.open(deps.answers, question, headerFor(question, code));
  if (code.truncatedCharacters > 0) {
    void vscode.window.showInformationMessage(`Ask Model: ${code.path} is long; only its first ${code.code.length} characters were sent.`);
  }

  let text = '';
  let footer: string | undefined;
  let inReasoning = false;
  const controller = new AbortController();
  const release = deps.active.track(controller);
  const messages = buildAskMessages(run.systemPrompt, question, code);
  const context = contextFitterFor(run);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Ask Model: asking ${run.model}…`, cancellable: true },
    (progress, token) => {
      token.onCancellationRequested(() => controller.abort());
      return runAnswer(run, {
        messages,
        context,
        signal: controller.signal,
        onEvent: (event) => {
          if (!document.isOpen) controller.abort(); // The user closed the answer: stop paying for it.
          else if (event.type === 'roundStart' && inReasoning) {
            // Each round's reasoning is a block of its own.
            document.append('\n\n');
            inReasoning = false;
          } else if (event.type === 'reasoning') {
            document.append(`${inReasoning ? '' : '> **Reasoning**\n> '}${event.text.replace(/\n/g, '\n> ')}`);
            inReasoning = true;
          } else if (event.type === 'text') {
            if (inReasoning) document.append('\n\n');
            inReasoning = false;
            if (text === '') progress.report({ message: 'answering…' });
            text += event.text;
            document.append(event.text);
          } else if (event.type === 'answerDone') {
            // The window's share the question and its answer took, once the window is known.
            const use = context.use([...messages, { role: 'assistant', content: text }]);
            footer = `${formatAnswerFooter(answerFactsOf(event.done, run))}${use ? ` · context ${formatTokenCount(use.usedTokens)} / ${formatTokenCount(use.windowTokens)}` : ''}`;
          }
        },
      });
    },
  ).then(
    (value) => value,
    (error: unknown) => ({ outcome: 'error' as const, error }),
  );
  release();
  const common = { document: document.document.uri, answer: text };
  if (result.outcome === 'error') {
    document.append(`\n\n_(failed: ${messageOf(result.error)})_\n`);
    await document.finish();
    deps.log.error(`ask-model: ${messageOf(result.error)}`);
    return { ...failed(result.error, () => answer(deps, question, code, file)), ...common, edits: document.edits };
  }
  if (result.outcome === 'stopped' || footer === undefined) {
    document.append('\n\n_(stopped: the answer above is partial)_\n');
    await document.finish();
    return { status: 'stopped', ...common, edits: document.edits };
  }
  const notice = result.outcome === 'max-rounds' && result.notice ? `\n\n_(${result.notice})_` : '';
  document.append(`${notice}\n\n---\n_${footer}_\n`);
  await document.finish();
  return { status: 'done', ...common, footer, edits: document.edits };
}

function failed(error: unknown, retry?: () => unknown): AskResult {
  return { status: 'error', error: reportError(error, retry) };
}

function headerFor(question: string, code: CodeContext): string {
  const where = code.wholeFile ? `${code.path} (whole file${code.truncatedCharacters > 0 ? `, first ${code.code.length} characters` : ''})` : `${code.path}, lines ${code.startLine}–${code.endLine}`;
  return `**${question.replace(/\n/g, ' ')}**\n\n_About ${where}_\n\n---\n\n`;
}
