// Bytes to server-sent events. UTF-8 is decoded in streaming mode (a character split across reads survives) and the
// SSE grammar is left to eventsource-parser: line endings, comments, multi-line `data:`, optional space after colon.
// One field outside the standard is kept: llama.cpp builds of 2025 report a failure as an `error: {…}` line (no
// `data:`), which the standard says to ignore; it comes out as an `error` event carrying that line's value, in order.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type SseMessage = EventSourceMessage;

export class SseDecoder {
  private readonly text = new TextDecoder('utf-8');
  private queue: SseMessage[] = [];
  private readonly parser = createParser({
    onEvent: (message) => {
      this.queue.push(message);
    },
    onError: (error) => {
      if (error.type === 'unknown-field' && error.field === 'error' && error.value !== undefined) this.queue.push({ event: 'error', data: error.value, id: undefined });
    },
  });

  /** Feeds raw bytes; returns the events they completed (possibly none). */
  push(bytes: Uint8Array): SseMessage[] {
    this.parser.feed(this.text.decode(bytes, { stream: true }));
    return this.drain();
  }

  /** The body ended: flushes a final partial character. An event without its closing blank line is dropped, as the SSE standard says. */
  end(): SseMessage[] {
    const rest = this.text.decode();
    if (rest) this.parser.feed(rest);
    return this.drain();
  }

  private drain(): SseMessage[] {
    if (this.queue.length === 0) return EMPTY;
    const out = this.queue;
    this.queue = [];
    return out;
  }
}

const EMPTY: SseMessage[] = [];
