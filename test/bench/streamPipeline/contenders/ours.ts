// Ours: ChatClient.stream() over the global fetch, accumulating what the chat controller will: text and completed
// tool calls (the client has already assembled them by index and parsed their arguments), usage and the finish reason.
import { ChatClient } from '../../../../src/core/client/chatClient';
import type { ChatEvent } from '../../../../src/core/stream/events';
import { AnswerMismatch, type Answer } from '../answer';
import { BENCH_API_KEY, BENCH_MESSAGES, BENCH_MODEL, BENCH_TOOLS } from '../benchRequest';
import type { Contender } from '../contender';

/**
 * `events`: the per-event `stream()` an ordinary caller uses. `batches`: `streamBatches()`, one array per network
 * read, which the chat view consumes (it repaints per frame anyway).
 */
export function oursContender(origin: string, delivery: 'events' | 'batches'): Contender {
  // maxRetries 0: a failed request should fail the bench, not be retried into a slow sample.
  const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: origin, apiKey: BENCH_API_KEY, maxRetries: 0 });
  const request = { model: BENCH_MODEL, messages: BENCH_MESSAGES, tools: BENCH_TOOLS, stream: true };
  return {
    name: delivery === 'events' ? 'ours' : 'oursBatches',
    label: delivery === 'events' ? 'ours (ChatClient.stream)' : 'ours (ChatClient.streamBatches)',
    async run(): Promise<Answer> {
      const answer: Answer = { text: '', toolCalls: [], finishReason: undefined, usage: undefined };
      const apply = (event: ChatEvent): void => {
        switch (event.type) {
          case 'text':
            answer.text += event.text;
            break;
          case 'toolCall':
            answer.toolCalls.push({ index: event.call.index, id: event.call.id, name: event.call.name, arguments: event.call.arguments });
            break;
          case 'usage':
            answer.usage = event.usage;
            break;
          case 'done':
            answer.finishReason = event.done.finishReason;
            break;
          case 'reasoning':
          case 'toolCallError':
            // The transcript has neither: either one means the client misread it.
            throw new AnswerMismatch(`ours produced an unexpected ${event.type} event: ${JSON.stringify(event).slice(0, 300)}`);
          default:
            throw new Error(`unknown event ${JSON.stringify(event satisfies never)}`);
        }
      };
      if (delivery === 'events') {
        for await (const event of client.stream(request)) apply(event);
      } else {
        for await (const batch of client.streamBatches(request)) for (const event of batch) apply(event);
      }
      return answer;
    },
  };
}
