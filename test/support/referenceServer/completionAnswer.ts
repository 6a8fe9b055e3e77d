// The middle a completion request gets, cut as a real server cuts it: at the first stop word (left out of the
// text) or at the request's token limit, one streamed piece per token.
import { splitText } from './splitText';
import { approximateTokens } from './tokens';
import type { CompletionRequest } from './completionRequest';

/** llama.cpp's stop types; the other servers name them "stop" (eos, word) and "length" (limit). */
export type StopType = 'eos' | 'word' | 'limit';

export interface CompletionAnswer {
  text: string;
  /** One per token, joining back to `text`. */
  pieces: string[];
  stopType: StopType;
  /** The stop word that ended the text ('' otherwise). */
  stoppingWord: string;
  /** The server's own count of the prompt: prefix, suffix and extra context. */
  promptTokens: number;
  /** performance.now() when the request arrived, for the timings servers report. */
  startedAt: number;
}

export function buildAnswer(middle: string, request: CompletionRequest, startedAt: number): CompletionAnswer {
  let text = middle;
  let stopType: StopType = 'eos';
  let stoppingWord = '';
  const stop = firstStop(text, request.stops);
  if (stop !== undefined) {
    text = text.slice(0, stop.at);
    stopType = 'word';
    stoppingWord = stop.word;
  }
  let pieces = splitText(text, approximateTokens(text));
  if (request.maxTokens !== undefined && pieces.length > request.maxTokens) {
    pieces = pieces.slice(0, request.maxTokens);
    text = pieces.join('');
    stopType = 'limit';
    stoppingWord = '';
  }
  const context = request.extra.map((chunk) => chunk.filename + chunk.text).join('');
  const promptTokens = approximateTokens(context + request.prompt + request.suffix + request.afterMiddle);
  return { text, pieces, stopType, stoppingWord, promptTokens, startedAt };
}

function firstStop(text: string, stops: readonly string[]): { at: number; word: string } | undefined {
  let first: { at: number; word: string } | undefined;
  for (const word of stops) {
    const at = text.indexOf(word);
    if (at >= 0 && (first === undefined || at < first.at)) first = { at, word };
  }
  return first;
}

/** OpenAI's, Mistral's and Ollama's name for how the text ended. */
export function finishReason(answer: CompletionAnswer): 'stop' | 'length' {
  return answer.stopType === 'limit' ? 'length' : 'stop';
}
