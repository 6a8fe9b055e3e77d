// The floor: the least a correct client can do. Global fetch, a streaming TextDecoder, eventsource-parser, one
// JSON.parse per event and the same accumulation as the SDK contender (chunkAccumulator.ts), with no layers, no checks
// beyond the job, no events. Ours pays for its layering, validation and typed events relative to this.
import { createParser } from 'eventsource-parser';
import type { Answer } from '../answer';
import { BENCH_API_KEY, BENCH_MESSAGES, BENCH_MODEL, BENCH_TOOLS } from '../benchRequest';
import type { Contender } from '../contender';
import { ChunkAccumulator, type ChunkLike } from './chunkAccumulator';

export function floorContender(origin: string): Contender {
  const url = `${origin}/v1/chat/completions`;
  const body = JSON.stringify({ model: BENCH_MODEL, messages: BENCH_MESSAGES, tools: BENCH_TOOLS, stream: true, stream_options: { include_usage: true } });
  const headers = { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${BENCH_API_KEY}` };
  return {
    name: 'floor',
    label: 'floor (fetch + eventsource-parser)',
    async run(): Promise<Answer> {
      const response = await fetch(url, { method: 'POST', headers, body });
      if (!response.ok || !response.body) throw new Error(`floor: HTTP ${response.status}`);
      const accumulator = new ChunkAccumulator();
      const parser = createParser({
        onEvent(message) {
          if (message.data !== '[DONE]') accumulator.add(JSON.parse(message.data) as ChunkLike);
        },
      });
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      parser.feed(decoder.decode());
      return accumulator.answer();
    },
  };
}
