// The floor: the least a correct client can do. Global fetch, a streaming TextDecoder, eventsource-parser, one
// JSON.parse per event and the same accumulation as the SDK contender, written inline with no layers, no checks
// beyond the job, no events. Ours pays for its layering, validation and typed events relative to this.
import { createParser } from 'eventsource-parser';
import type { Answer } from '../answer';
import { BENCH_API_KEY, BENCH_MESSAGES, BENCH_MODEL, BENCH_TOOLS } from '../benchRequest';
import type { Contender } from '../contender';

interface WireChunk {
  choices: { delta: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason: string | null }[];
  usage?: unknown;
}

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
      let text = '';
      let finishReason: string | undefined;
      let usage: unknown;
      const calls: { id: string; name: string; arguments: string }[] = [];
      const parser = createParser({
        onEvent(message) {
          if (message.data === '[DONE]') return;
          const chunk = JSON.parse(message.data) as WireChunk;
          if (chunk.usage) usage = chunk.usage;
          const choice = chunk.choices[0];
          if (!choice) return;
          if (choice.delta.content) text += choice.delta.content;
          for (const fragment of choice.delta.tool_calls ?? []) {
            const call = (calls[fragment.index] ??= { id: '', name: '', arguments: '' });
            if (fragment.id) call.id = fragment.id;
            if (fragment.function?.name) call.name = fragment.function.name;
            if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
          }
          if (choice.finish_reason) finishReason = choice.finish_reason;
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
      const toolCalls = calls.map((call, index) => ({ index, id: call.id, name: call.name, arguments: JSON.parse(call.arguments) as unknown }));
      return { text, toolCalls, finishReason, usage };
    },
  };
}
