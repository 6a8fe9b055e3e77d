// Mistral's FIM answer for Codestral (/v1/fim/completions): a `chat.completion` whose choices[0].message holds the
// middle, as in Mistral's API reference example ({id, object, model, usage, created, choices:[{index, message:
// {content, tool_calls, prefix, role}, finish_reason}]}). Streamed, as api.mistral.ai sends it: a first chunk with
// the role and empty content, content deltas, a last empty delta with the finish reason and the usage, `data: [DONE]`.
import { randomBytes } from 'node:crypto';
import { finishReason } from './completionAnswer';
import { sseFrame } from './completionShape';
import type { CompletionShape, ShapeInput } from './completionShape';

export const mistralFimShape: CompletionShape = {
  streamContentType: 'text/event-stream; charset=utf-8',
  whole: (input) => ({
    id: newId(),
    object: 'chat.completion',
    model: input.model,
    usage: usage(input),
    created: Math.floor(Date.now() / 1000),
    choices: [{ index: 0, message: { content: input.answer.text, tool_calls: null, prefix: false, role: 'assistant' }, finish_reason: finishReason(input.answer) }],
  }),
  frames: (input) => {
    const base = { id: newId(), object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: input.model };
    const delta = (content: Record<string, string>, reason: string | null) => ({ ...base, choices: [{ index: 0, delta: content, finish_reason: reason }] });
    const chunks: unknown[] = [delta({ role: 'assistant', content: '' }, null), ...input.answer.pieces.map((piece) => delta({ content: piece }, null))];
    chunks.push({ ...delta({ content: '' }, finishReason(input.answer)), usage: usage(input) });
    return [...chunks.map(sseFrame), 'data: [DONE]\n\n'];
  },
};

/** Mistral's ids are 32 hex digits. */
function newId(): string {
  return randomBytes(16).toString('hex');
}

function usage({ answer }: ShapeInput) {
  return { prompt_tokens: answer.promptTokens, completion_tokens: answer.pieces.length, total_tokens: answer.promptTokens + answer.pieces.length };
}
