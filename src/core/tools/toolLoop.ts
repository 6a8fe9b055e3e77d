// The tool loop as a state machine, free of VS Code: ask the model; if it answers with tool calls, record the answer
// exactly as sent, run the calls (runToolRound), add one result per call and ask again; end on an answer without
// calls, on Stop, after maxRounds rounds of calls, or on an error. Every way out leaves a conversation the next
// request can continue: no call is ever left without its result.
import { ContextOverflowError } from '../errors/httpErrors';
import type { ChatCompletionRequest, ChatMessage, ToolCallRecord } from '../protocol/messages';
import type { ChatDone } from '../stream/events';
import { runToolRound, type AnsweredCall } from './runToolRound';
import type { ToolCallKind, ToolCallUpdate, ToolLoopEvent, ToolLoopOptions, ToolLoopResult } from './toolLoopTypes';
import type { ToolOffer } from './validateToolCall';
import { findWorkspaceTool } from './workspaceTools';
import { roundLimitNotice, roundLimitResult, STOPPED_RESULT } from './toolResultTexts';

/** A broken call may have no name, but the service wants one on every recorded call; the result explains it. */
const MISSING_NAME = 'missing_name';

interface Answer {
  text: string;
  reasoning: string;
  calls: AnsweredCall[];
  done: ChatDone | undefined;
}

export async function runToolLoop(options: ToolLoopOptions): Promise<ToolLoopResult> {
  const { signal } = options;
  const emit = (event: ToolLoopEvent): void => options.onEvent?.(event);
  const added: ChatMessage[] = [];
  let rounds = 0;
  let toolRounds = 0;
  let finishReason: string | undefined;
  const partial = { text: '' };

  const finish = (outcome: ToolLoopResult['outcome'], extra: Partial<ToolLoopResult> = {}): ToolLoopResult => {
    const result: ToolLoopResult = { outcome, messages: added, rounds, finishReason, partialText: '', ...extra };
    emit({ type: 'finished', result });
    return result;
  };

  try {
    for (;;) {
      if (signal.aborted) return finish('stopped');
      const round = ++rounds;
      emit({ type: 'roundStart', round });
      partial.text = '';
      const answer = await readAnswer(options, [...options.messages, ...added], round, emit, partial);
      if (!answer.done) {
        // The client ends quietly, without `done`, only when the caller's signal stopped it.
        if (!signal.aborted) throw new Error('The answer ended without a finish reason.');
        return finish('stopped', { partialText: answer.text });
      }
      finishReason = answer.done.finishReason;
      emit({ type: 'answerDone', round, done: answer.done });
      if (answer.calls.length === 0) {
        added.push(withReasoning({ role: 'assistant', content: answer.text }, answer));
        return finish('done');
      }
      added.push(assistantMessage(answer));
      if (signal.aborted) {
        // Stopped once the answer was complete: its calls are answered, none of them run.
        added.push(...answerAll(answer.calls, round, 'cancelled', STOPPED_RESULT, emit, options.offer));
        return finish('stopped');
      }
      if (toolRounds >= options.maxRounds) {
        added.push(...answerAll(answer.calls, round, 'skipped', roundLimitResult(options.maxRounds), emit, options.offer));
        return finish('max-rounds', { notice: roundLimitNotice(options.maxRounds) });
      }
      toolRounds++;
      const results = await runToolRound(answer.calls, {
        runTool: options.runTool,
        offer: options.offer,
        approve: options.approve,
        needsApproval: options.needsApproval,
        signal,
        report: (call) => emit({ type: 'toolCall', round, call }),
      });
      added.push(...withinWindow(results, options.context?.toolResultCharacters([...options.messages, ...added], results.length)));
      emit({ type: 'roundDone', round, messages: [...added] });
      if (signal.aborted) return finish('stopped');
    }
  } catch (error) {
    if (signal.aborted) return finish('stopped', { partialText: partial.text });
    return finish('error', { error, partialText: partial.text });
  }
}

/** Streams one answer, passing text on per network read, and gathers its calls in the order the model made them. */
async function readAnswer(
  options: ToolLoopOptions,
  messages: ChatMessage[],
  round: number,
  emit: (event: ToolLoopEvent) => void,
  partial: { text: string },
): Promise<Answer> {
  const answer: Answer = { text: '', reasoning: '', calls: [], done: undefined };
  const { context, signal } = options;
  let sent = context ? await context.fit(messages, signal) : messages;
  let refitted = false;
  for (;;) {
    try {
      await streamAnswer(options, options.buildRequest(sent), round, emit, partial, answer);
      break;
    } catch (error) {
      // Too long for the window: fitted again to what the server said, and tried once more (nothing of it arrived).
      const untouched = answer.text === '' && answer.reasoning === '' && answer.calls.length === 0;
      if (!context || refitted || !untouched || !(error instanceof ContextOverflowError)) throw error;
      refitted = true;
      sent = await context.fit(messages, signal, error);
    }
  }
  if (answer.done) context?.answered(answer.done);
  answer.calls.sort((a, b) => a.call.index - b.call.index);
  return answer;
}

async function streamAnswer(
  options: ToolLoopOptions,
  request: ChatCompletionRequest,
  round: number,
  emit: (event: ToolLoopEvent) => void,
  partial: { text: string },
  answer: Answer,
): Promise<void> {
  for await (const batch of options.client.streamBatches(request, { signal: options.signal })) {
    let text = '';
    let reasoning = '';
    for (const event of batch) {
      if (event.type === 'text') text += event.text;
      else if (event.type === 'reasoning') reasoning += event.text;
      else if (event.type === 'toolCall') answer.calls.push({ type: 'complete', call: event.call });
      else if (event.type === 'toolCallError') answer.calls.push({ type: 'broken', call: event.call });
      else if (event.type === 'done') answer.done = event.done;
    }
    if (reasoning !== '') {
      answer.reasoning += reasoning;
      emit({ type: 'reasoning', round, text: reasoning });
    }
    if (text !== '') {
      answer.text += text;
      partial.text = answer.text;
      emit({ type: 'text', round, text });
    }
  }
}

/** The answer as the model sent it: ids, names and argument text untouched, so its next turn sees its own calls. */
function assistantMessage(answer: Answer): ChatMessage {
  const toolCalls: ToolCallRecord[] = answer.calls.map(({ call }) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name ?? MISSING_NAME, arguments: call.argumentsText },
  }));
  return withReasoning({ role: 'assistant', content: answer.text === '' ? null : answer.text, tool_calls: toolCalls }, answer);
}

/** The answer's reasoning kept with it (sent back only to a model that asks for it: see CompatibilityMemory). */
function withReasoning(message: ChatMessage & { role: 'assistant' }, answer: Answer): ChatMessage {
  return answer.reasoning === '' ? message : { ...message, reasoning_content: answer.reasoning };
}

/** The same result for every call of an answer that will not run (round limit, or Stop before the round began). */
function answerAll(
  calls: readonly AnsweredCall[],
  round: number,
  status: 'skipped' | 'cancelled',
  content: string,
  emit: (event: ToolLoopEvent) => void,
  offer: ToolOffer | undefined,
): ChatMessage[] {
  return calls.map(({ call }) => {
    const update: ToolCallUpdate = { id: call.id, name: call.name, argumentsText: call.argumentsText, kind: kindOf(call.name, offer), status, preview: content };
    emit({ type: 'toolCall', round, call: update });
    return { role: 'tool', tool_call_id: call.id, content };
  });
}

/** The kind of the tool a call names, for the view: a VS Code tool offered under that name, else a workspace tool's. */
function kindOf(name: string | undefined, offer: ToolOffer | undefined): ToolCallKind | undefined {
  if (name === undefined) return undefined;
  if (offer?.vscode.some((tool) => tool.functionName === name)) return 'vscode';
  return findWorkspaceTool(name)?.kind;
}

/**
 * The round's tool results cut to what the window leaves them: the round in progress is never compacted afterwards,
 * so a whole large file read into a small window would otherwise make the next request impossible. The model is told
 * what was cut and how to read on.
 */
function withinWindow(results: ChatMessage[], maxCharacters: number | undefined): ChatMessage[] {
  if (maxCharacters === undefined) return results;
  return results.map((message) => {
    if (message.role !== 'tool' || message.content.length <= maxCharacters) return message;
    const lineEnd = message.content.lastIndexOf('\n', maxCharacters);
    const head = message.content.slice(0, lineEnd > maxCharacters / 2 ? lineEnd : maxCharacters);
    const cut = message.content.length - head.length;
    return { ...message, content: `${head}\n[${cut} of ${message.content.length} characters cut to fit the model's context window. Read a smaller part (read_file's start_line and end_line) or narrow the search.]` };
  });
}
