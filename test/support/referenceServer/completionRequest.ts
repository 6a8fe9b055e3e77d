// Reads a completion request the way each server names its fields, so one answer can be built for all of them.
import type { CompletionRoute } from './types';

export interface ExtraChunk {
  filename: string;
  text: string;
}

export interface CompletionRequest {
  /** The text before the cursor. */
  prompt: string;
  /** The text after the cursor ('' when absent). */
  suffix: string;
  /** The request names a suffix at all (vLLM refuses even an empty one: it checks `suffix is not None`). */
  suffixGiven: boolean;
  stream: boolean;
  /** The token limit the request sets; undefined (or llama.cpp's and Ollama's -1) means none. */
  maxTokens: number | undefined;
  stops: string[];
  /** llama.cpp's `input_extra`: other files' text, placed before the FIM prefix. */
  extra: ExtraChunk[];
  /** llama.cpp's infill `prompt`: text placed after the FIM middle token. */
  afterMiddle: string;
}

export type ReadCompletion = { ok: true; request: CompletionRequest } | { ok: false; status: number; body: unknown };

type Body = Record<string, unknown>;

export function readCompletionRequest(route: CompletionRoute, body: Body): ReadCompletion {
  switch (route) {
    case 'infill':
      return readInfill(body);
    case 'completion':
      return ok(body, { prompt: text(body.prompt), maxTokens: count(body.n_predict), stops: stopList(body.stop) });
    case 'v1-completions':
    case 'fim':
      return ok(body, { prompt: text(body.prompt), suffix: body.suffix, maxTokens: count(body.max_tokens), stops: stopList(body.stop) });
    case 'ollama-generate': {
      const options = isObject(body.options) ? body.options : {};
      // Ollama streams unless told not to; every other server answers whole unless asked to stream.
      return ok(body, { prompt: text(body.prompt), suffix: body.suffix, stream: body.stream !== false, maxTokens: count(options.num_predict), stops: stopList(options.stop) });
    }
  }
}

function readInfill(body: Body): ReadCompletion {
  const extra = body.input_extra ?? [];
  // llama.cpp's own checks and texts (tools/server/server-context.cpp, handle_infill); its error is
  // `{error:{code,message,type}}`, not OpenAI's shape.
  if (!Array.isArray(extra)) return llamaCppError('"input_extra" must be an array of {"filename": string, "text": string}');
  const chunks: ExtraChunk[] = [];
  for (const chunk of extra as unknown[]) {
    if (!isObject(chunk) || typeof chunk.text !== 'string') return llamaCppError('extra_context chunk must contain a "text" field with a string value');
    if (chunk.filename !== undefined && typeof chunk.filename !== 'string') return llamaCppError('extra_context chunk\'s "filename" field must be a string');
    chunks.push({ filename: typeof chunk.filename === 'string' ? chunk.filename : 'tmp', text: chunk.text });
  }
  if (body.prompt !== undefined && typeof body.prompt !== 'string') return llamaCppError('"prompt" must be a string');
  return ok(body, {
    prompt: text(body.input_prefix),
    suffix: body.input_suffix,
    maxTokens: count(body.n_predict),
    stops: stopList(body.stop),
    extra: chunks,
    afterMiddle: text(body.prompt),
  });
}

interface Fields {
  prompt: string;
  suffix?: unknown;
  stream?: boolean;
  maxTokens: number | undefined;
  stops: string[];
  extra?: ExtraChunk[];
  afterMiddle?: string;
}

function ok(body: Body, fields: Fields): ReadCompletion {
  const suffixGiven = fields.suffix !== undefined && fields.suffix !== null;
  return {
    ok: true,
    request: {
      prompt: fields.prompt,
      suffix: text(fields.suffix),
      suffixGiven,
      stream: fields.stream ?? body.stream === true,
      maxTokens: fields.maxTokens,
      stops: fields.stops,
      extra: fields.extra ?? [],
      afterMiddle: fields.afterMiddle ?? '',
    },
  };
}

function llamaCppError(message: string): ReadCompletion {
  return { ok: false, status: 400, body: { error: { code: 400, message, type: 'invalid_request_error' } } };
}

/** A prompt may also be token ids or a list of prompts; only the first string one is read. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return '';
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

function stopList(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (!Array.isArray(value)) return [];
  return value.filter((stop): stop is string => typeof stop === 'string' && stop !== '');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
