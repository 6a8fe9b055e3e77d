// A failure the server reports inside a 200 answer that had already begun, read as the error its HTTP status would
// have given: llama.cpp's SSE `error:` line (builds of 2025, `{"code":400,"message":…,"type":…}` with no wrapper),
// an OpenAI-style `data: {"error": {…}}` chunk (OpenAI, OpenRouter, current llama.cpp, SGLang, gateways), vLLM's
// `{"object":"error",…}`, or an `event: error` with either. The status is the one the event carries (`code` or
// `status` as a number, as OpenRouter and llama.cpp send it), else the one its type or code names
// (`rate_limit_exceeded`, `server_error`, …); a context overflow is recognised from the words whatever the status.
// With no status to be had and no overflow, it stays a StreamError with the server's words.
import { recogniseContextOverflow } from './contextOverflow';
import type { AskModelError } from './AskModelError';
import { ContextOverflowError, createHttpError } from './httpErrors';
import { extractServerWords } from './serverMessage';
import { StreamError } from './transportErrors';

/** Statuses an error's type or code names, checked in order (the first that matches wins). */
const STATUS_BY_NAME: readonly [RegExp, number][] = [
  [/context_length_exceeded|exceed_context_size/i, 400],
  [/rate_limit|ratelimit|too_many_requests|resource_exhausted|insufficient_quota/i, 429],
  [/invalid_request|bad_request|badrequest|invalid_argument/i, 400],
  [/authentication|invalid_api_key|unauthenticated|unauthorized/i, 401],
  [/permission|forbidden/i, 403],
  [/not_found|notfound/i, 404],
  [/overloaded|unavailable/i, 503],
  [/server_error|internal|api_error/i, 500],
];

export interface StreamedErrorInput {
  url: string;
  /** The event's data as the server sent it (JSON or not). */
  data: string;
  /** Removes the key from text the server sent back. */
  redact: (text: string) => string;
  /** False for a whole 200 JSON answer that is an error (nothing of an answer had begun); default true. */
  midStream?: boolean;
}

/** The error one in-stream error event stands for. */
export function errorFromStreamEvent({ url, data, redact, midStream = true }: StreamedErrorInput): AskModelError {
  const words = extractServerWords(data);
  const fields = errorFields(words.json);
  const message = redact(fields.message ?? words.message) || 'unknown error';
  const body = redact(data.slice(0, 4096));
  const code = fields.code ?? words.code;
  const status = fields.status ?? (code !== undefined ? statusNamedBy(code) : undefined) ?? (fields.type !== undefined ? statusNamedBy(fields.type) : undefined);
  const details = {
    url,
    serverMessage: message,
    body,
    headers: {},
    hadApiKey: true,
    midStream,
    ...(code !== undefined ? { serverCode: redact(code) } : {}),
  };
  if (status !== undefined) return createHttpError({ ...details, status });
  // No status said or named: the words may still say the prompt did not fit (read as the 400 it would have been).
  const overflow = recogniseContextOverflow(400, body);
  if (overflow) return new ContextOverflowError({ ...details, status: 400 }, overflow);
  return StreamError.serverError(url, message);
}

interface ErrorFields {
  message?: string;
  status?: number;
  code?: string;
  type?: string;
}

/** The error object of an event: `{error: {…}}`, or the bare object llama.cpp's `error:` line and vLLM send. */
function errorFields(json: unknown): ErrorFields {
  if (!isRecord(json)) return {};
  const inner = isRecord(json['error']) ? json['error'] : json;
  const fields: ErrorFields = {};
  const message = inner['message'] ?? (typeof json['error'] === 'string' ? json['error'] : undefined);
  if (typeof message === 'string' && message.trim() !== '') fields.message = message;
  for (const key of ['code', 'status'] as const) {
    const value = inner[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599) fields.status ??= value;
    else if (typeof value === 'string' && /^[45]\d\d$/.test(value)) fields.status ??= Number(value);
    else if (typeof value === 'string' && value !== '' && key === 'code') fields.code = value;
  }
  if (typeof inner['type'] === 'string' && inner['type'] !== '') fields.type = inner['type'];
  return fields;
}

function statusNamedBy(name: string): number | undefined {
  return STATUS_BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
