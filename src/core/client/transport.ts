// Sending, as openai-node's client does it apart from reading the answer: one POST with the key, the headers and the
// body as this server accepts it; retries of retryable failures while no answer has arrived (honouring the server's
// retry-after); the one compatibility resend for a field the server refused; a log entry per exchange. The key lives
// in a true private field, and every text that leaves here is redacted of it.
import { declaredUpstream } from '../errors/gatewayBodies';
import { ContextOverflowError, httpErrorFromResponse } from '../errors/httpErrors';
import { redactSecret } from '../errors/redact';
import { ConnectionError } from '../errors/transportErrors';
import { classifyConnectionFailure, connectionCode, connectionDetail } from '../http/connectionFailure';
import { decideRetry, isRetryableFailure, parseRetryAfter } from '../http/retryPolicy';
import type { StallWatchdog } from '../http/stallWatchdog';
import type { ChatCompletionRequest, ChatMessage } from '../protocol/messages';
import { abortReasonOr } from './abortable';
import { headersOver } from './clientSettings';
import { CompatibilityMemory } from './compatibilityMemory';

export interface ExchangeLogEntry {
  method: 'GET' | 'POST';
  url: string;
  attempt: number;
  status: number | undefined;
  durationMs: number;
  outcome: 'ok' | 'retry' | 'error' | 'compat-resend';
  error?: string;
  /** For a retry: how long the client waits before sending again (the user is shown it, not left guessing). */
  retryInMs?: number;
}

export interface ChatTransportOptions {
  fetch: typeof globalThis.fetch;
  apiKey: string | undefined;
  /** The header the key goes in: `Authorization` (as `Bearer <key>`, the default) or another name (the key alone). */
  apiKeyHeader?: string | undefined;
  /** Already checked: they cannot set Authorization. */
  headers: Record<string, string>;
  /** A model's own headers by model id, checked as `headers` are; they replace the profile's of the same name. */
  modelHeaders?: Readonly<Record<string, Record<string, string>>> | undefined;
  maxRetries: number;
  compatibility: CompatibilityMemory;
  /**
   * The user's word on sending `model` the reasoning of earlier answers back (`sendReasoning` in its overrides): true
   * always, false never (not even after the server asks), undefined: only once the server asks.
   */
  reasoningBack: ((model: string) => boolean | undefined) | undefined;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  onExchange: ((entry: ExchangeLogEntry) => void) | undefined;
}

/** The most of an error body (or a model list, sixteen times this) read before giving up on the rest. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** The most of one discovery answer read: OpenRouter's whole model list is about 1 MB. A longer body is not read. */
export const MAX_DISCOVERY_BODY_BYTES = 4 * 1024 * 1024;

export class ChatTransport {
  // A true private field: `util.inspect` and JSON never see it, so a careless log line cannot print the key.
  readonly #apiKey: string | undefined;
  private readonly options: Omit<ChatTransportOptions, 'apiKey'>;

  constructor(options: ChatTransportOptions) {
    const { apiKey, ...rest } = options;
    this.#apiKey = apiKey;
    this.options = rest;
  }

  /** POSTs the request; retries retryable failures while no answer body has arrived; returns a 2xx response. */
  async post(url: string, request: ChatCompletionRequest, signal: AbortSignal, watchdog: StallWatchdog): Promise<Response> {
    const { now, maxRetries, random, sleep, compatibility } = this.options;
    let attempt = 0;
    let resentForCompatibility = false;
    for (;;) {
      const body = this.wireBody(url, request);
      const sentAt = now();
      watchdog.awaitFirstByte();
      let response: Response;
      try {
        response = await this.fetchOnce(url, { method: 'POST', headers: this.requestHeaders(request.stream, request.model), body: JSON.stringify(body), signal }, signal);
      } catch (error) {
        if (error instanceof ConnectionError && error.failure === 'reset' && attempt < maxRetries) {
          const delayMs = decideDelay(attempt, undefined, random);
          this.log({ method: 'POST', url, attempt, status: undefined, durationMs: now() - sentAt, outcome: 'retry', error: error.message, retryInMs: delayMs });
          watchdog.pause();
          await sleep(delayMs, signal);
          attempt++;
          continue;
        }
        this.log({ method: 'POST', url, attempt, status: undefined, durationMs: now() - sentAt, outcome: 'error', error: errorText(error) });
        throw error;
      }
      if (response.ok) {
        this.log({ method: 'POST', url, attempt, status: response.status, durationMs: now() - sentAt, outcome: 'ok' });
        return response;
      }
      const text = await readCapped(response, MAX_ERROR_BODY_BYTES).catch(() => '');
      const error = this.httpError(response, text, url);
      const overflow = error instanceof ContextOverflowError;
      const proposed = (response.status === 400 || response.status === 422) && !resentForCompatibility && !overflow
        ? CompatibilityMemory.changeFor(error.serverMessage, body)
        : undefined;
      // The user said never, or said always and it was sent: the server's words reach them instead of a resend.
      const change = proposed?.kind === 'send-reasoning' && this.options.reasoningBack?.(request.model) !== undefined ? undefined : proposed;
      if (change) {
        compatibility.remember(url, request.model, change);
        resentForCompatibility = true;
        const resend =
          change.kind === 'drop'
            ? `server refused "${change.field}"; resending without it`
            : change.kind === 'respell'
              ? `server refused "${change.from}"; resending it as "${change.to}"`
              : 'server wants the reasoning of earlier answers back; resending with "reasoning_content" on each assistant message';
        this.log({ method: 'POST', url, attempt, status: response.status, durationMs: now() - sentAt, outcome: 'compat-resend', error: resend });
        continue;
      }
      // Not what will be as true on the next try: an overflow, a gateway's unreachable upstream (retryPolicy.ts).
      if (isRetryableFailure(error)) {
        const decision = decideRetry({ attempt, maxRetries, retryAfterMs: error.retryAfterMs, random });
        if (decision.retry) {
          this.log({ method: 'POST', url, attempt, status: response.status, durationMs: now() - sentAt, outcome: 'retry', error: error.message, retryInMs: decision.delayMs });
          watchdog.pause();
          await sleep(decision.delayMs, signal);
          attempt++;
          continue;
        }
      }
      this.log({ method: 'POST', url, attempt, status: response.status, durationMs: now() - sentAt, outcome: 'error', error: error.message });
      throw error;
    }
  }

  /** One GET with the key and headers (no retries: the callers are interactive look-ups). */
  get(url: string, signal: AbortSignal): Promise<Response> {
    return this.fetchOnce(url, { method: 'GET', headers: this.requestHeaders(false), signal }, signal);
  }

  /** One POST of a small JSON body (a discovery look-up such as Ollama's /api/show), with the key and headers, no retries. */
  postJson(url: string, body: unknown, signal: AbortSignal): Promise<Response> {
    return this.fetchOnce(url, { method: 'POST', headers: this.requestHeaders(false), body: JSON.stringify(body), signal }, signal);
  }

  /** The typed error for a non-2xx answer, with the server's own words and no key in them. */
  httpError(response: Response, bodyText: string, url: string) {
    return httpErrorFromResponse({
      status: response.status,
      url,
      headers: response.headers,
      bodyText,
      apiKey: this.#apiKey,
      retryAfterMs: parseRetryAfter(response.headers, Date.now()),
      declaredUpstream: declaredUpstream(this.options.headers),
    });
  }

  log(entry: ExchangeLogEntry): void {
    this.options.onExchange?.({ ...entry, ...(entry.error ? { error: this.redact(entry.error) } : {}) });
  }

  /** `text` without the key in it. */
  redact(text: string): string {
    return redactSecret(text, this.#apiKey);
  }

  /** Last line of defence: no error leaves the client carrying the key. */
  redacted(error: unknown): unknown {
    if (this.#apiKey && error instanceof Error && error.message.includes(this.#apiKey)) error.message = this.redact(error.message);
    return error;
  }

  /** One fetch; network failures become ConnectionErrors, and an abort surfaces as its reason. */
  private async fetchOnce(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    try {
      return await this.options.fetch(url, init);
    } catch (error) {
      throw abortReasonOr(signal, () => {
        const code = connectionCode(error);
        const detail = connectionDetail(error);
        return new ConnectionError(classifyConnectionFailure(code), url, code ?? (detail === undefined ? undefined : this.redact(detail)));
      });
    }
  }

  /**
   * The body as sent: `stream_options.include_usage` added when streaming, fields this server refused removed, the
   * answer-length limit under the spelling it accepts.
   */
  private wireBody(url: string, request: ChatCompletionRequest): Record<string, unknown> {
    const { compatibility } = this.options;
    const body: Record<string, unknown> = { ...request };
    if (compatibility.isDropped(url, 'stream_options') || !request.stream) delete body['stream_options'];
    else if (body['stream_options'] === undefined) body['stream_options'] = { include_usage: true };
    if (compatibility.isDropped(url, 'parallel_tool_calls')) delete body['parallel_tool_calls'];
    if (compatibility.isDropped(url, 'reasoning_effort')) delete body['reasoning_effort'];
    body['messages'] = reasoningAsWanted(request.messages, this.options.reasoningBack?.(request.model) ?? compatibility.sendsReasoning(url, request.model));
    const spelling = compatibility.outputLimitFieldFor(url);
    const other = spelling === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
    if (spelling !== undefined && body[other] !== undefined && body[spelling] === undefined) {
      body[spelling] = body[other];
      delete body[other];
    }
    return body;
  }

  /** The headers of a request (to `model`, for a chat request); built per request and never logged (they may hold tokens). */
  private requestHeaders(streaming: boolean, model?: string): Record<string, string> {
    const { modelHeaders } = this.options;
    const headers = headersOver(this.options.headers, model !== undefined && modelHeaders !== undefined && Object.hasOwn(modelHeaders, model) ? modelHeaders[model] : undefined);
    headers['Content-Type'] = 'application/json';
    headers['Accept'] = streaming ? 'text/event-stream' : 'application/json';
    if (this.#apiKey) {
      const header = this.options.apiKeyHeader ?? 'Authorization';
      headers[header] = header.toLowerCase() === 'authorization' ? `Bearer ${this.#apiKey}` : this.#apiKey;
    }
    return headers;
  }
}

/** Reads a body as text, stopping after `maxBytes`. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      text += decoder.decode(value, { stream: true });
      if (total >= maxBytes) break;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return text + decoder.decode();
}

function decideDelay(attempt: number, retryAfterMs: number | undefined, random: () => number): number {
  const decision = decideRetry({ attempt, maxRetries: Number.POSITIVE_INFINITY, retryAfterMs, random });
  return decision.retry ? decision.delayMs : 0;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The messages with the reasoning of earlier answers as this endpoint wants it: on every assistant message (empty where
 * an answer had none, as DeepSeek asks) once it asked for it back, on none otherwise.
 */
function reasoningAsWanted(messages: readonly ChatMessage[], wanted: boolean): ChatMessage[] {
  return messages.map((message) => {
    if (message.role !== 'assistant') return message;
    const { reasoning_content: reasoning, ...rest } = message;
    return wanted ? { ...rest, reasoning_content: reasoning ?? '' } : rest;
  });
}
