// Ollama's /api/generate answer (api/types.go GenerateResponse and Metrics; docs/api.md): NDJSON lines
// `{model, created_at, response, done:false}`, then a last `done:true` line with an empty response, `done_reason`,
// the `context` tokens (left out when `raw` is set) and the durations in nanoseconds; with `stream:false` one object
// holding the whole response and the same totals.
import { performance } from 'node:perf_hooks';
import { finishReason } from './completionAnswer';
import type { CompletionShape, ShapeInput } from './completionShape';

export const ollamaGenerateShape: CompletionShape = {
  streamContentType: 'application/x-ndjson',
  whole: (input) => finalLine(input, input.answer.text),
  frames: (input) => {
    const lines: unknown[] = input.answer.pieces.map((piece) => ({ model: modelOf(input), created_at: new Date().toISOString(), response: piece, done: false }));
    lines.push(finalLine(input, ''));
    return lines.map((line) => `${JSON.stringify(line)}\n`);
  },
};

function finalLine(input: ShapeInput, response: string) {
  const { answer, body } = input;
  const evalCount = answer.pieces.length;
  const totalNs = Math.max(1, Math.round((performance.now() - answer.startedAt) * 1e6));
  const context = body.raw === true ? {} : { context: Array.from({ length: answer.promptTokens + evalCount }, (_, i) => i + 1) };
  return {
    model: modelOf(input),
    created_at: new Date().toISOString(),
    response,
    done: true,
    done_reason: finishReason(answer),
    ...context,
    total_duration: totalNs,
    load_duration: Math.round(totalNs / 10),
    prompt_eval_count: answer.promptTokens,
    prompt_eval_duration: Math.round(totalNs / 5),
    eval_count: evalCount,
    eval_duration: Math.round((totalNs * 7) / 10),
  };
}

/** Ollama names the model as the request did. */
function modelOf({ body, model }: ShapeInput): string {
  return typeof body.model === 'string' ? body.model : model;
}
