// The `chat.completion.chunk` sequence of a streamed answer, as plain objects; the writer serialises them.
import type { PlannedAnswer, PlannedToolCall } from './answerPlan';
import type { CompletionEnvelope } from './completionEnvelope';
import { splitText } from './splitText';

export interface StreamChunk {
  payload: Record<string, unknown>;
  /** The chunk with finish_reason: `_response_ms` is stamped on it when it is sent. */
  carriesResponseMs: boolean;
}

type Delta = Record<string, unknown>;

export function buildStreamChunks(plan: PlannedAnswer, envelope: CompletionEnvelope, includeUsage: boolean): StreamChunk[] {
  const choiceChunk = (delta: Delta, finishReason: string | null): Record<string, unknown> => ({
    id: envelope.id,
    object: 'chat.completion.chunk',
    created: envelope.created,
    model: envelope.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    // With include_usage, OpenAI sends `usage: null` on every chunk but the last one.
    ...(includeUsage ? { usage: null } : {}),
  });

  const deltas: Delta[] = [{ role: 'assistant', content: '' }];
  for (const piece of splitText(plan.reasoning ?? '', plan.contentChunks)) deltas.push({ reasoning_content: piece });
  for (const piece of splitText(plan.content ?? '', plan.contentChunks)) deltas.push({ content: piece });
  for (const fragment of toolCallFragments(plan.toolCalls, plan.argumentFragments, plan.interleave)) {
    deltas.push({ tool_calls: [fragment] });
  }

  const chunks: StreamChunk[] = deltas.map((delta) => ({ payload: choiceChunk(delta, null), carriesResponseMs: false }));
  chunks.push({ payload: choiceChunk({}, plan.finishReason), carriesResponseMs: true });
  if (includeUsage) {
    chunks.push({
      payload: { id: envelope.id, object: 'chat.completion.chunk', created: envelope.created, model: envelope.model, choices: [], usage: plan.usage },
      carriesResponseMs: false,
    });
  }
  return chunks;
}

/**
 * Each call opens with one fragment holding its index, id, type and name (arguments ""), followed by its
 * arguments in `fragments` pieces that carry only index and arguments, as OpenAI streams them.
 */
export function toolCallFragments(calls: readonly PlannedToolCall[], fragments: number, interleave: boolean): Delta[] {
  const perCall = calls.map((call, index) => {
    const opening: Delta = {
      index,
      ...(call.id === null ? {} : { id: call.id }),
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    return [opening, ...splitText(call.arguments, fragments).map((piece) => ({ index, function: { arguments: piece } }))];
  });
  if (!interleave) return perCall.flat();
  const result: Delta[] = [];
  const longest = Math.max(0, ...perCall.map((sequence) => sequence.length));
  for (let step = 0; step < longest; step++) {
    for (const sequence of perCall) {
      const fragment = sequence[step];
      if (fragment !== undefined) result.push(fragment);
    }
  }
  return result;
}
