// OpenAI's legacy text completion (/v1/completions), as OpenAI, vLLM and llama.cpp answer it: a `text_completion`
// object, or chunks of the same object with `choices[0].text`, a last chunk with the finish reason, an optional
// usage chunk (`stream_options.include_usage`, empty `choices`) and `data: [DONE]`.
import { randomBytes } from 'node:crypto';
import { finishReason } from './completionAnswer';
import { isObject } from './completionRequest';
import { sseFrame } from './completionShape';
import type { CompletionShape, ShapeInput } from './completionShape';

export const openAiTextCompletionShape: CompletionShape = {
  streamContentType: 'text/event-stream; charset=utf-8',
  whole: (input) => ({ ...envelope(input), choices: [choice(input.answer.text, finishReason(input.answer))], usage: usage(input) }),
  frames: (input) => {
    const base = envelope(input);
    const chunks: unknown[] = input.answer.pieces.map((piece) => ({ ...base, choices: [choice(piece, null)] }));
    chunks.push({ ...base, choices: [choice('', finishReason(input.answer))] });
    const options = input.body.stream_options;
    if (isObject(options) && options.include_usage === true) chunks.push({ ...base, choices: [], usage: usage(input) });
    return [...chunks.map(sseFrame), 'data: [DONE]\n\n'];
  },
};

function envelope(input: ShapeInput) {
  return { id: `cmpl-${randomBytes(12).toString('hex')}`, object: 'text_completion', created: Math.floor(Date.now() / 1000), model: input.model };
}

function choice(text: string, reason: string | null) {
  return { text, index: 0, logprobs: null, finish_reason: reason };
}

function usage({ answer }: ShapeInput) {
  return { prompt_tokens: answer.promptTokens, completion_tokens: answer.pieces.length, total_tokens: answer.promptTokens + answer.pieces.length };
}
