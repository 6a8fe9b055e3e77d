// The official `openai` SDK, as an app built on it must use it to get the same result: iterate the chunks, append
// text, assemble tool-call fragments by index (id and name come only in a call's first fragment), and JSON.parse
// the arguments at the end.
import OpenAI from 'openai';
import { VERSION } from 'openai/version';
import type { Answer } from '../answer';
import { BENCH_API_KEY, BENCH_MESSAGES, BENCH_MODEL, BENCH_TOOLS } from '../benchRequest';
import type { Contender } from '../contender';

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

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
      let text = '';
      let finishReason: string | undefined;
      let usage: unknown;
      const calls: PartialCall[] = [];
      for await (const chunk of stream) {
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta.content) text += choice.delta.content;
        for (const fragment of choice.delta.tool_calls ?? []) {
          const call = (calls[fragment.index] ??= { id: '', name: '', arguments: '' });
          if (fragment.id) call.id = fragment.id;
          if (fragment.function?.name) call.name = fragment.function.name;
          if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
        }
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      const toolCalls = calls.map((call, index) => ({ index, id: call.id, name: call.name, arguments: JSON.parse(call.arguments) as unknown }));
      return { text, toolCalls, finishReason, usage };
    },
  };
}
