// Reads the answer of any completion endpoint into one shape. Servers answer a completion in five shapes (an OpenAI
// text completion's `choices[].text`, a chat completion's `message.content` or `delta.content`, llama.cpp's `content`,
// Ollama's `response`) and three framings (one JSON object, SSE `data:` lines, Ollama's newline-delimited JSON),
// whatever was asked: Ollama streams unless told not to, and a proxy may stream an answer asked for whole. So the
// reader goes by what arrived, not by what the endpoint should send. SSE framing is eventsource-parser's.
import { createParser } from 'eventsource-parser';
import { StreamError } from '../errors/transportErrors';

export interface CompletionUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

export interface CompletionAnswer {
  text: string;
  /** `stop`, `length`, … as the server said it (llama.cpp's stop_type `limit` reads as `length`). */
  finishReason: string | undefined;
  usage: CompletionUsage | undefined;
  /** The model the server says answered. */
  model: string | undefined;
}

/** Reads a whole response body; a failure the server reported inside a 200 is a StreamError with its words. */
export function readCompletionAnswer(body: string, contentType: string | undefined): CompletionAnswer {
  const answer: CompletionAnswer = { text: '', finishReason: undefined, usage: undefined, model: undefined };
  const trimmed = body.trimStart();
  if (/text\/event-stream/i.test(contentType ?? '') || trimmed.startsWith('data:') || trimmed.startsWith('event:') || trimmed.startsWith(':')) {
    const parser = createParser({
      onEvent: (event) => {
        if (event.data.trim() === '[DONE]') return;
        addPiece(answer, parseJson(event.data), event.event === 'error');
      },
    });
    parser.feed(body);
    parser.feed('\n\n');
    return answer;
  }
  const whole = parseJson(trimmed);
  if (whole !== undefined) {
    addPiece(answer, whole, false);
    return answer;
  }
  // Newline-delimited JSON (Ollama's /api/generate streaming): one object per line.
  const lines = trimmed.split('\n').filter((line) => line.trim() !== '');
  const objects = lines.map(parseJson);
  if (lines.length === 0 || objects.some((object) => object === undefined)) {
    throw new StreamError('malformed', `The completion answer is not JSON: ${body.slice(0, 200)}`);
  }
  for (const object of objects) addPiece(answer, object, false);
  return answer;
}

/** Adds one object's text, finish reason, usage and model to the answer. */
function addPiece(answer: CompletionAnswer, value: unknown, isErrorEvent: boolean): void {
  if (!isRecord(value)) {
    if (isErrorEvent) throw new StreamError('server-error', 'The server reported an error inside its answer.');
    return;
  }
  const error = value['error'];
  if (error !== undefined && error !== null) throw new StreamError('server-error', `The server reported an error inside its answer: ${errorWords(error)}`);
  if (isErrorEvent) throw new StreamError('server-error', `The server reported an error inside its answer: ${JSON.stringify(value).slice(0, 300)}`);
  if (typeof value['model'] === 'string') answer.model = value['model'];
  const choice = Array.isArray(value['choices']) ? value['choices'][0] : undefined;
  if (isRecord(choice)) {
    const message = isRecord(choice['message']) ? choice['message'] : isRecord(choice['delta']) ? choice['delta'] : undefined;
    const text = typeof choice['text'] === 'string' ? choice['text'] : typeof message?.['content'] === 'string' ? message['content'] : undefined;
    if (text !== undefined) answer.text += text;
    if (typeof choice['finish_reason'] === 'string') answer.finishReason = choice['finish_reason'];
  }
  if (typeof value['content'] === 'string') answer.text += value['content'];
  if (typeof value['response'] === 'string') answer.text += value['response'];
  readFinish(answer, value);
  readUsage(answer, value);
}

/** llama.cpp's `stop` + `stop_type` and Ollama's `done` + `done_reason`, as an OpenAI finish reason. */
function readFinish(answer: CompletionAnswer, value: Record<string, unknown>): void {
  const stopType = value['stop_type'];
  if (value['stop'] === true && typeof stopType === 'string') answer.finishReason = stopType === 'limit' ? 'length' : stopType === 'none' ? answer.finishReason : 'stop';
  if (value['done'] === true) answer.finishReason = typeof value['done_reason'] === 'string' ? value['done_reason'] : 'stop';
}

/** OpenAI's usage, llama.cpp's tokens_evaluated/tokens_predicted, Ollama's prompt_eval_count/eval_count. */
function readUsage(answer: CompletionAnswer, value: Record<string, unknown>): void {
  const usage = value['usage'];
  const counts = isRecord(usage)
    ? { prompt: usage['prompt_tokens'], completion: usage['completion_tokens'] }
    : value['tokens_evaluated'] !== undefined || value['tokens_predicted'] !== undefined
      ? { prompt: value['tokens_evaluated'], completion: value['tokens_predicted'] }
      : value['done'] === true
        ? { prompt: value['prompt_eval_count'], completion: value['eval_count'] }
        : undefined;
  if (!counts) return;
  const read: CompletionUsage = { ...answer.usage };
  if (isCount(counts.prompt)) read.prompt_tokens = counts.prompt;
  if (isCount(counts.completion)) read.completion_tokens = counts.completion;
  if (read.prompt_tokens !== undefined || read.completion_tokens !== undefined) answer.usage = read;
}

function errorWords(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error['message'] === 'string') return error['message'];
  return JSON.stringify(error).slice(0, 300);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
