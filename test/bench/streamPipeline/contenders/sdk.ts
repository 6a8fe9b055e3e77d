// The official `openai` SDK, as an app built on it must use it to get the same result: iterate the chunks, append
// text, assemble tool-call fragments by index (id and name come only in a call's first fragment), and JSON.parse
// the arguments at the end.
import OpenAI from 'openai';
import { VERSION } from 'openai/version';
import type { Answer } from '../answer';
import { BENCH_API_KEY, BENCH_MESSAGES, BENCH_MODEL, BENCH_TOOLS } from '../benchRequest';
import type { Contender } from '../contender';
import { ChunkAccumulator } from './chunkAccumulator';

export function sdkContender(origin: string): Contender {
  const client = new OpenAI({ baseURL: `${origin}/v1`, apiKey: BENCH_API_KEY, maxRetries: 0 });
  return {
    name: 'sdk',
    label: `sdk (openai ${VERSION})`,
    async run(): Promise<Answer> {
      const stream = await client.chat.completions.create({
        model: BENCH_MODEL,
        messages: BENCH_MESSAGES,
        tools: BENCH_TOOLS,
        stream: true,
        stream_options: { include_usage: true },
      });
      const accumulator = new ChunkAccumulator();
      for await (const chunk of stream) accumulator.add(chunk);
      return accumulator.answer();
    },
  };
}
