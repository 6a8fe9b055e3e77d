// llama.cpp's native answers on /infill and /completion, field for field as llama-server builds them
// (tools/server/server-task.cpp: to_json_non_oaicompat of the final and partial results, task_params::to_json,
// result_timings::to_json). A stream is SSE `data:` events only: llama.cpp sends `data: [DONE]` on its OpenAI routes,
// never on these.
import { performance } from 'node:perf_hooks';
import { roundMs, sseFrame } from './completionShape';
import type { CompletionShape, ShapeInput } from './completionShape';
import type { CompletionRequest } from './completionRequest';

/** llama-server's default sampler chain (its --samplers default). */
const DEFAULT_SAMPLERS = ['penalties', 'dry', 'top_n_sigma', 'top_k', 'typ_p', 'top_p', 'min_p', 'xtc', 'temperature'];

export const infillShape: CompletionShape = llamaCppShape(infillPrompt);
export const nativeCompletionShape: CompletionShape = llamaCppShape((request) => request.prompt);

function llamaCppShape(renderPrompt: (request: CompletionRequest) => string): CompletionShape {
  return {
    streamContentType: 'text/event-stream',
    whole: (input) => finalResult(input, renderPrompt(input.request), false),
    frames: (input) => {
      const promptTokens = input.answer.promptTokens;
      const partials = input.answer.pieces.map((piece, i) => ({
        index: 0,
        content: piece,
        tokens: [tokenId(i)],
        stop: false,
        id_slot: -1,
        tokens_predicted: i + 1,
        tokens_evaluated: promptTokens,
      }));
      return [...partials, finalResult(input, renderPrompt(input.request), true)].map(sseFrame);
    },
  };
}

/** The final result; streamed, its content and tokens are empty, as they went out in the partials. */
function finalResult({ answer, request, body, model }: ShapeInput, prompt: string, streamed: boolean) {
  const predicted = answer.pieces.length;
  return {
    index: 0,
    content: streamed ? '' : answer.text,
    tokens: [],
    id_slot: 0,
    stop: true,
    model,
    tokens_predicted: predicted,
    tokens_evaluated: answer.promptTokens,
    generation_settings: generationSettings(request, body),
    prompt,
    has_new_line: answer.text.includes('\n'),
    truncated: false,
    stop_type: answer.stopType,
    stopping_word: answer.stoppingWord,
    tokens_cached: answer.promptTokens + predicted,
    timings: timings(answer.promptTokens, predicted, performance.now() - answer.startedAt),
  };
}

/** The request's sampling settings over llama-server's defaults, as `generation_settings` reports them. */
function generationSettings(request: CompletionRequest, body: Record<string, unknown>) {
  const nPredict = request.maxTokens ?? -1;
  return {
    seed: typeof body.seed === 'number' ? body.seed : 4294967295,
    temperature: typeof body.temperature === 'number' ? body.temperature : 0.8,
    top_k: typeof body.top_k === 'number' ? body.top_k : 40,
    top_p: typeof body.top_p === 'number' ? body.top_p : 0.95,
    min_p: typeof body.min_p === 'number' ? body.min_p : 0.05,
    stop: request.stops,
    max_tokens: nPredict,
    n_predict: nPredict,
    n_keep: 0,
    stream: request.stream,
    samplers: Array.isArray(body.samplers) ? body.samplers : DEFAULT_SAMPLERS,
    timings_per_token: false,
  };
}

function timings(promptTokens: number, predicted: number, elapsedMs: number) {
  const total = Math.max(elapsedMs, 1);
  const promptMs = total / 4;
  const predictedMs = total - promptMs;
  return {
    cache_n: 0,
    prompt_n: promptTokens,
    prompt_ms: roundMs(promptMs),
    prompt_per_token_ms: roundMs(promptMs / Math.max(promptTokens, 1)),
    prompt_per_second: roundMs((promptTokens * 1000) / promptMs),
    predicted_n: predicted,
    predicted_ms: roundMs(predictedMs),
    predicted_per_token_ms: roundMs(predictedMs / Math.max(predicted, 1)),
    predicted_per_second: roundMs((predicted * 1000) / predictedMs),
  };
}

/**
 * The prompt llama.cpp builds for /infill, written with Qwen2.5-Coder's FIM tokens (the model its --fim-qwen presets
 * load): the repo-level pattern when there is extra context, then prefix, suffix, middle and the request's `prompt`.
 */
function infillPrompt(request: CompletionRequest): string {
  const repo = request.extra.length === 0 ? '' : `<|repo_name|>myproject\n${request.extra.map((chunk) => `<|file_sep|>${chunk.filename}\n${chunk.text}`).join('')}<|file_sep|>filename\n`;
  return `${repo}<|fim_prefix|>${request.prompt}<|fim_suffix|>${request.suffix}<|fim_middle|>${request.afterMiddle}`;
}

/** Made-up token ids: the client only ever sees them, never decodes them. */
function tokenId(index: number): number {
  return 1000 + index;
}
