// Runs a client stream to its end and records what a caller would see: the text, reasoning, tool calls, the summary
// and the error (if any). Comparable with deepStrictEqual across different byte splits of the same answer.
import type { AskModelError } from '../../src/core/errors/AskModelError';
import type { ChatCompletionRequest } from '../../src/core/protocol/messages';
import type { ChatClient, RequestOptions } from '../../src/core/client/chatClient';

export interface Outcome {
  text: string;
  reasoning: string;
  toolCalls: { id: string; idGenerated: boolean; name: string; arguments: Record<string, unknown> }[];
  broken: { name: string | undefined; problem: string }[];
  usage: unknown;
  done: { finishReason: string | undefined; model: string | undefined; id: string | undefined; responseMs: number | undefined; streamed: boolean; refused: boolean; ignoredChoices: number[] } | undefined;
  error: { kind: string; failure?: string; message: string } | undefined;
}

export async function collectOutcome(client: ChatClient, request: ChatCompletionRequest, options: RequestOptions = {}): Promise<Outcome> {
  const outcome: Outcome = { text: '', reasoning: '', toolCalls: [], broken: [], usage: undefined, done: undefined, error: undefined };
  try {
    for await (const event of client.stream(request, options)) {
      if (event.type === 'text') outcome.text += event.text;
      else if (event.type === 'reasoning') outcome.reasoning += event.text;
      else if (event.type === 'toolCall') {
        const { id, idGenerated, name, arguments: args } = event.call;
        outcome.toolCalls.push({ id: idGenerated ? '<generated>' : id, idGenerated, name, arguments: args });
      } else if (event.type === 'toolCallError') outcome.broken.push({ name: event.call.name, problem: event.call.problem });
      else if (event.type === 'usage') outcome.usage = event.usage;
      else {
        const { finishReason, model, id, responseMs, streamed, refused, ignoredChoices } = event.done;
        outcome.done = { finishReason, model, id, responseMs, streamed, refused, ignoredChoices };
      }
    }
  } catch (error) {
    const typed = error as AskModelError & { failure?: string };
    outcome.error = { kind: typed.kind ?? 'untyped', message: typed.message, ...(typed.failure ? { failure: typed.failure } : {}) };
  }
  return outcome;
}

export const BASIC_REQUEST: ChatCompletionRequest = {
  model: 'test-model',
  messages: [{ role: 'user', content: 'Hi' }],
  stream: true,
};
