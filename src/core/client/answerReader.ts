// Reading an answer, as openai-node's streaming.ts does it apart from sending: the body as server-sent events (or, when
// the server answered JSON, one whole completion) into batches of typed events, one batch per network read. Errors the
// server sends inside a 200 answer become the error its status would have given (an overflow, a rate limit, …; see
// streamedError.ts); a malformed body and a stream cut before its end become typed StreamErrors. Either comes after
// every event that arrived before it. A whole answer whose error says the route does not exist here (LM Studio's 200
// "Unexpected endpoint or method") is the address's fault, not the moment's: it says nothing answers chat completions
// at this URL.
import { errorFromStreamEvent } from '../errors/streamedError';
import { unexpectedEndpointError, unexpectedEndpointIn } from '../errors/unexpectedEndpoint';
import { StreamError } from '../errors/transportErrors';
import { connectionCode } from '../http/connectionFailure';
import type { StallWatchdog } from '../http/stallWatchdog';
import { readAnswerHeaders, type AnswerHeaders } from '../protocol/answerHeaders';
import { readChunk } from '../protocol/chunkReader';
import type { ChatAssembler } from '../stream/chatAssembler';
import type { ChatEvent } from '../stream/events';
import { SseDecoder } from '../stream/sseDecoder';
import { abortReasonOr } from './abortable';
import type { AnswerClock } from './answerClock';

export interface AnswerReaderOptions {
  assembler: ChatAssembler;
  clock: AnswerClock;
  /** The request's own signal: a stall or the caller aborts it. */
  signal: AbortSignal;
  watchdog: StallWatchdog;
  url: string;
  /** Removes the key from text the server sent back (it may reflect it). */
  redact: (text: string) => string;
}

export class AnswerReader {
  private reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private headers: AnswerHeaders = {};
  /** The answer's HTTP status, as an error read from its body says it. */
  private status = 200;

  constructor(private readonly options: AnswerReaderOptions) {}

  /** The events of `response`'s body, a batch per network read, ending with `done`. */
  async *read(response: Response): AsyncGenerator<ChatEvent[], void, undefined> {
    const { clock, watchdog } = this.options;
    // Resets given as a date are read against the wall clock, not the answer's own (monotonic) one.
    this.headers = readAnswerHeaders(response.headers, Date.now());
    this.status = response.status;
    if (!response.body) {
      yield this.finishJson('');
      return;
    }
    this.reader = response.body.getReader();
    const first = await this.next();
    if (first.done) {
      yield this.finishJson('');
      return;
    }
    watchdog.activity();
    clock.firstByte();
    if (looksLikeJson(response.headers.get('content-type'), first.value)) {
      yield this.finishJson(await this.readRest(first.value));
      return;
    }
    yield* this.readEventStream(first.value);
  }

  /** Stops reading (the caller left, or the request ended). */
  cancel(): void {
    this.reader?.cancel().catch(() => undefined);
  }

  // What read() resolves to, named without the DOM's ReadableStreamReadResult (not a Node global; core has no DOM).
  private async next(): ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']> {
    const { signal, url } = this.options;
    try {
      return await (this.reader as ReadableStreamDefaultReader<Uint8Array>).read();
    } catch (error) {
      throw abortReasonOr(signal, () => StreamError.connectionLost(url, connectionCode(error)));
    }
  }

  /** Reads SSE until `[DONE]` or the end of the body, yielding the events of each network read together. */
  private async *readEventStream(firstBytes: Uint8Array): AsyncGenerator<ChatEvent[], void, undefined> {
    const { assembler, clock, watchdog, url } = this.options;
    const sse = new SseDecoder();
    let sawDone = false;
    let messages = sse.push(firstBytes);
    for (;;) {
      const batch: ChatEvent[] = [];
      try {
        for (const message of messages) {
          if (isDone(message.data)) {
            sawDone = true;
            break;
          }
          this.eventsFromMessage(message.event, message.data, batch);
        }
      } catch (error) {
        if (batch.length > 0) yield batch; // What arrived before the failure is the caller's to keep.
        throw error;
      }
      if (!clock.hasFirstToken && assembler.sawFirstToken) clock.firstToken();
      if (batch.length > 0) yield batch;
      if (sawDone) break;
      const next = await this.next();
      if (next.done) {
        messages = sse.end();
        if (messages.length === 0) break;
        continue;
      }
      watchdog.activity();
      messages = sse.push(next.value);
    }
    watchdog.stop();
    const cut = !sawDone && !assembler.finished;
    const last = assembler.finish(cut);
    if (cut) {
      if (last.length > 0) yield last;
      throw StreamError.truncated(url);
    }
    last.push({ type: 'done', done: clock.done(assembler, true, this.headers) });
    yield last;
  }

  /** Appends the events of one SSE message to `batch`; throws for an error the server sent in the stream. */
  private eventsFromMessage(eventName: string | undefined, data: string, batch: ChatEvent[]): void {
    const { assembler, url, redact } = this.options;
    if (eventName === 'error') throw errorFromStreamEvent({ url, data, redact });
    if (data.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw StreamError.malformed(url, redact(data));
    }
    const chunk = readChunk(json);
    if (!chunk) throw StreamError.malformed(url, redact(data));
    if (chunk.error !== undefined && chunk.error !== null) {
      // The usage sent with the error (OpenRouter does) still counts: the tokens were spent.
      if (chunk.usage) batch.push({ type: 'usage', usage: chunk.usage });
      throw errorFromStreamEvent({ url, data, redact });
    }
    for (const event of assembler.acceptChunk(chunk)) batch.push(event);
  }

  private async readRest(firstBytes: Uint8Array): Promise<string> {
    const { watchdog } = this.options;
    const decoder = new TextDecoder();
    let text = decoder.decode(firstBytes, { stream: true });
    for (;;) {
      const next = await this.next();
      if (next.done) break;
      watchdog.activity();
      text += decoder.decode(next.value, { stream: true });
    }
    watchdog.stop();
    return text + decoder.decode();
  }

  /** A whole JSON answer (non-streamed, or a server that answered JSON to a stream request). */
  private finishJson(text: string): ChatEvent[] {
    const { assembler, clock, url, redact } = this.options;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new StreamError(
        'malformed',
        `The answer from ${url} is not JSON${text.trim() === '' ? ' (it was empty)' : `: ${JSON.stringify(redact(text.slice(0, 80)))}`}. Check the setting askModel.baseUrl.`,
      );
    }
    if (typeof json === 'object' && json !== null && 'error' in json && (json as { error: unknown }).error) {
      const notHere = unexpectedEndpointIn(json);
      if (notHere !== undefined) throw unexpectedEndpointError({ status: this.status, url, words: notHere, bodyText: text, redact });
      throw errorFromStreamEvent({ url, data: text, redact, midStream: false });
    }
    const events = assembler.acceptCompletion(json);
    if (!events) {
      throw new StreamError('malformed', `The answer from ${url} is not a chat completion (it has no "choices": ${JSON.stringify(redact(text.slice(0, 80)))}). Check the setting askModel.baseUrl.`);
    }
    if (assembler.sawFirstToken) clock.firstToken();
    events.push(...assembler.finish(), { type: 'done', done: clock.done(assembler, false, this.headers) });
    return events;
  }
}

/** `[DONE]`, allowing for stray whitespace (checked exactly first: this runs once per event). */
function isDone(data: string): boolean {
  return data === '[DONE]' || (data.length < 16 && data.trim() === '[DONE]');
}

function looksLikeJson(contentType: string | null, firstBytes: Uint8Array): boolean {
  if (contentType && /event-stream/i.test(contentType)) return false;
  if (contentType && /json/i.test(contentType)) return true;
  for (const byte of firstBytes) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0xef || byte === 0xbb || byte === 0xbf) continue;
    return byte === 0x7b; // '{'
  }
  return false;
}
