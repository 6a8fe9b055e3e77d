// "Edit Selection with Model" once the instruction is known: the run, the prompt (the selection and 30 lines either
// side), the answer loop with the tools (each edit shown as a diff and applied only on Accept), a progress line per
// tool call, and the one message that ends it: the round limit's notice, the model's refusal, what it said, or that
// it changed nothing. The world comes in through ports (askPorts.ts); the host implements them on VS Code
// (src/host/commands/editSelectionCommand.ts).
import { messageOf } from '../errors/describeError';
import { runAnswer, type PreparedRun } from '../run/preparedRun';
import type { ChatDone } from '../stream/events';
import type { ToolCallStatus, ToolLoopOutcome, ToolLoopResult } from '../tools/toolLoopTypes';
import type { EditSelectionPorts } from './askPorts';
import { buildEditSelectionMessages } from './editSelectionPrompt';

/** The lines shown around the selection, each side. */
export const SURROUNDING_LINES = 30;

/** A call's final statuses, the ones counted (a call is counted once, when it ends). */
const FINAL_STATUSES: readonly ToolCallStatus[] = ['done', 'failed', 'rejected', 'invalid', 'cancelled', 'skipped'];

/** What the model said last is shown up to this many characters. */
const SAID_CHARACTERS = 400;

export interface EditSelectionOutcome {
  status: ToolLoopOutcome | 'cancelled';
  rounds?: number;
  /** What the model said last (usually one sentence about the change). */
  text?: string;
  /** Tool calls by final status, e.g. { done: 1, rejected: 1 }. */
  calls?: Record<string, number>;
  /** With status `error` (already logged). */
  error?: unknown;
}

export async function runEditSelection(ports: EditSelectionPorts, instruction: string): Promise<EditSelectionOutcome> {
  try {
    const run = await ports.prepareRun();
    if (!run) return { status: 'cancelled' };
    const messages = editMessages(run, ports, instruction);
    // The model saw this text: an edit it proposes later is checked against it.
    ports.code.markRead();
    const calls: Record<string, number> = {};
    let text = '';
    let lastAnswer: ChatDone | undefined;
    const result: ToolLoopResult = await ports.withProgress(`Ask Model: editing with ${run.model}…`, (report, signal) =>
      runAnswer(run, {
        messages,
        signal,
        tools: ports.tools,
        onEvent: (event) => {
          if (event.type === 'roundStart') text = '';
          else if (event.type === 'text') text += event.text;
          else if (event.type === 'answerDone') lastAnswer = event.done;
          else if (event.type === 'toolCall') {
            report(`${event.call.name ?? 'tool'}: ${event.call.status}`);
            if (FINAL_STATUSES.includes(event.call.status)) calls[event.call.status] = (calls[event.call.status] ?? 0) + 1;
          }
        },
      }),
    );
    if (result.outcome === 'error') return failed(result.error);
    const message = finalMessage(result, lastAnswer, text, calls);
    if (message?.level === 'warning') ports.showWarning(message.text);
    else if (message) ports.showInformation(message.text);
    return { status: result.outcome, rounds: result.rounds, text, calls };
  } catch (error) {
    return failed(error);
  }

  function failed(error: unknown): EditSelectionOutcome {
    ports.logError(`edit-selection: ${messageOf(error)}`);
    return { status: 'error', error };
  }
}

/** The lines the prompt shows around a selection (0-based, both whole): SURROUNDING_LINES each side, within the file. */
export function surroundingLines(startLine: number, endLine: number, lineCount: number): { first: number; last: number } {
  return { first: Math.max(0, startLine - SURROUNDING_LINES), last: Math.min(lineCount - 1, endLine + SURROUNDING_LINES) };
}

function editMessages(run: PreparedRun, ports: EditSelectionPorts, instruction: string) {
  const { code } = ports;
  const { first, last } = surroundingLines(code.startLine, code.endLine, code.lineCount);
  return buildEditSelectionMessages(run.systemPrompt, instruction, {
    path: code.path,
    languageId: code.languageId,
    startLine: code.startLine + 1,
    endLine: code.endLine + 1,
    selectedText: code.selectedText(),
    surroundings: code.lines(first, last),
    surroundingsStartLine: first + 1,
  });
}

/**
 * The message that ends an edit that did not fail: the round limit's notice, the model's refusal, what it said (its
 * first 400 characters), or, when it said nothing and called no tool, that nothing changed (with the finish reason
 * when it was not "stop"). Undefined: it was stopped, or said nothing after calling tools (their diffs and the progress
 * line showed what happened).
 */
export function finalMessage(result: Pick<ToolLoopResult, 'outcome' | 'notice'>, lastAnswer: Pick<ChatDone, 'refused' | 'finishReason'> | undefined, text: string, calls: Readonly<Record<string, number>>): { level: 'warning' | 'information'; text: string } | undefined {
  const said = text.trim().slice(0, SAID_CHARACTERS);
  if (result.outcome === 'max-rounds' && result.notice) return { level: 'warning', text: `Ask Model: ${result.notice}` };
  if (lastAnswer?.refused) return { level: 'warning', text: `Ask Model: the model refused: ${said}` };
  if (said !== '') return { level: 'information', text: `Ask Model: ${said}` };
  if (result.outcome === 'done' && Object.keys(calls).length === 0) {
    // Nothing to see and nothing changed: say so, rather than closing the progress without a word.
    const finish = lastAnswer?.finishReason && lastAnswer.finishReason !== 'stop' ? ` (finish ${lastAnswer.finishReason})` : '';
    return { level: 'warning', text: `Ask Model: the model answered with no text and changed nothing${finish}.` };
  }
  return undefined;
}
