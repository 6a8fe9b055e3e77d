// The chat-completions client: sends one request through the transport (retries before any answer arrives), reads
// the answer with the answer reader, and yields typed events. Everything that touches the world (fetch, clocks, sleep,
// randomness) is injected, so the same code runs in the extension host, the unit tests and the benchmark.
import { AbortedError } from '../errors/AskModelError';
import { StreamError } from '../errors/transportErrors';
import type { ChatCompletionRequest } from '../protocol/messages';
import { readModelIds } from '../protocol/responseSchema';
import { ignoredRequestFields } from '../request/ignoredFields';
import { resolveServiceUrls, type ServiceUrls } from '../http/resolveUrls';
import { ChatAssembler } from '../stream/chatAssembler';
import type { BrokenToolCall, ChatDone, ChatEvent, CompletedToolCall } from '../stream/events';
import { sleepUnlessAborted } from './abortable';
import { AnswerClock } from './answerClock';
import { AnswerReader } from './answerReader';
import { checkApiKeyHeader, checkCustomHeaders, checkRetries, checkTimeout, DEFAULT_FIRST_BYTE_MS, DEFAULT_IDLE_MS, DEFAULT_MAX_RETRIES } from './clientSettings';
import { CompatibilityMemory } from './compatibilityMemory';
import { RequestScope, type RequestScopeOptions } from './requestScope';
import { ChatTransport, MAX_DISCOVERY_BODY_BYTES, MAX_ERROR_BODY_BYTES, readCapped, type ExchangeLogEntry } from './transport';
import { NO_SUCH_ENDPOINT, type DiscoveryReply, type DiscoveryRequest } from './discoveryExchange';

export type { ExchangeLogEntry } from './transport';

export interface ChatClientOptions {
  fetch: typeof globalThis.fetch;
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` (or in `apiKeyHeader`) only when present. */
  apiKey?: string | undefined;
  /** The header the key goes in (askModel.apiKeyHeader): `Authorization` (Bearer) by default; another name carries the key alone. */
  apiKeyHeader?: string | undefined;
  /** Extra headers from settings; they cannot set Authorization. */
  headers?: Record<string, string> | undefined;
  /** A model's own headers (its `headers` in modelOverrides), by model id: sent over `headers` with requests to it. */
  modelHeaders?: Readonly<Record<string, Record<string, string>>> | undefined;
  /** Wait for the first byte of an answer; 0 = no limit. Default 120 s. */
  firstByteTimeoutMs?: number;
  /** Longest silence inside an answer; 0 = no limit. Default 60 s. */
  idleTimeoutMs?: number;
  /** Retries before any answer arrived. Default 2. */
  maxRetries?: number;
  compatibility?: CompatibilityMemory;
  /** Whether to send `model` the reasoning of earlier answers back: true always, false never, undefined (or none given): once its server asks. */
  reasoningBack?: ((model: string) => boolean | undefined) | undefined;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  generateId?: () => string;
  /** Called once per HTTP exchange, for the log. Never receives the key. */
  onExchange?: (entry: ExchangeLogEntry) => void;
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

/** Everything one request produced, for callers that do not need the events as they come. */
export interface ChatResult {
  text: string;
  reasoning: string;
  toolCalls: CompletedToolCall[];
  brokenToolCalls: BrokenToolCall[];
  done: ChatDone | undefined;
  /** True when the caller's signal stopped it; `text` holds what arrived before. */
  aborted: boolean;
}

export class ChatClient {
  readonly urls: ServiceUrls;
  private readonly transport: ChatTransport;
  private readonly firstByteMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly generateId: () => string;

  constructor(options: ChatClientOptions) {
    this.urls = resolveServiceUrls(options.baseUrl);
    this.firstByteMs = checkTimeout(options.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_MS, 'askModel.timeouts.firstByteSeconds');
    this.idleMs = checkTimeout(options.idleTimeoutMs ?? DEFAULT_IDLE_MS, 'askModel.timeouts.idleSeconds');
    this.now = options.now ?? (() => performance.now());
    this.generateId = options.generateId ?? (() => `call_${globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`);
    this.transport = new ChatTransport({
      fetch: options.fetch,
      apiKey: options.apiKey?.trim() || undefined,
      apiKeyHeader: checkApiKeyHeader(options.apiKeyHeader),
      headers: checkCustomHeaders(options.headers ?? {}),
      modelHeaders: Object.fromEntries(Object.entries(options.modelHeaders ?? {}).map(([model, headers]) => [model, checkCustomHeaders(headers, 'askModel.modelOverrides')])),
      maxRetries: checkRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES),
      compatibility: options.compatibility ?? new CompatibilityMemory(),
      reasoningBack: options.reasoningBack,
      now: this.now,
      sleep: options.sleep ?? sleepUnlessAborted,
      random: options.random ?? Math.random,
      onExchange: options.onExchange,
    });
  }

  /**
   * Sends `request` and yields its events as they arrive, ending with `done`. Leaving the loop early aborts the
   * request; the caller's signal ends it quietly (no error, no `done`). Failures throw typed AskModelErrors after
   * every event that arrived before them.
   */
  async *stream(request: ChatCompletionRequest, options: RequestOptions = {}): AsyncGenerator<ChatEvent, void, undefined> {
    for await (const batch of this.streamBatches(request, options)) {
      for (const event of batch) yield event;
    }
  }

  /**
   * The same events as `stream`, delivered as one array per network read. Each async hand-over costs about a
   * microsecond; a fast server sends tens of thousands of events per answer, and a view that repaints per frame
   * gains nothing from getting them one by one.
   */
  async *streamBatches(request: ChatCompletionRequest, options: RequestOptions = {}): AsyncGenerator<ChatEvent[], void, undefined> {
    if (options.signal?.aborted) return;
    const url = this.urls.chatCompletions;
    const scope = this.scopeFor(url, options.signal, 'marker');
    let reader: AnswerReader | undefined;
    try {
      const response = await this.transport.post(url, request, scope.signal, scope.watchdog);
      reader = new AnswerReader({
        assembler: new ChatAssembler(this.generateId),
        clock: new AnswerClock(this.now, scope.startedAt),
        signal: scope.signal,
        watchdog: scope.watchdog,
        url,
        redact: (text) => this.transport.redact(text),
      });
      for await (const batch of reader.read(response)) yield batch.map((event) => (event.type === 'done' ? { type: 'done', done: withIgnoredFields(request, event.done) } : event));
    } catch (error) {
      if (scope.stoppedByCaller) return;
      throw this.transport.redacted(error);
    } finally {
      scope.close();
      reader?.cancel();
    }
  }

  /** Runs `stream` to the end and gathers the result. */
  async complete(request: ChatCompletionRequest, options: RequestOptions = {}): Promise<ChatResult> {
    const result: ChatResult = { text: '', reasoning: '', toolCalls: [], brokenToolCalls: [], done: undefined, aborted: false };
    for await (const event of this.stream(request, options)) {
      switch (event.type) {
        case 'text':
          result.text += event.text;
          break;
        case 'reasoning':
          result.reasoning += event.text;
          break;
        case 'toolCall':
          result.toolCalls.push(event.call);
          break;
        case 'toolCallError':
          result.brokenToolCalls.push(event.call);
          break;
        case 'usage':
          break;
        case 'done':
          result.done = event.done;
          break;
        default:
          assertNever(event);
      }
    }
    result.aborted = result.done === undefined && Boolean(options.signal?.aborted);
    return result;
  }

  /**
   * The server's model ids from `GET …/v1/models`, sorted; `undefined` when the server has no such endpoint
   * (404, 405, 501), so the caller can ask the user to type a name instead.
   */
  async listModels(options: RequestOptions = {}): Promise<string[] | undefined> {
    const url = this.urls.models;
    const scope = this.scopeFor(url, options.signal, 'marker');
    try {
      scope.watchdog.awaitFirstByte();
      const response = await this.transport.get(url, scope.signal);
      const text = await readCapped(response, MAX_ERROR_BODY_BYTES * 16);
      this.logExchange(scope, 'GET', url, { status: response.status, outcome: response.ok ? 'ok' : 'error' });
      if (response.status === 404 || response.status === 405 || response.status === 501) return undefined;
      if (!response.ok) throw this.transport.httpError(response, text, url);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new StreamError('malformed', `The model list from ${url} is not JSON. Type the model name in the setting askModel.model instead.`);
      }
      const ids = readModelIds(json);
      if (!ids) return undefined;
      return [...new Set(ids.filter((id) => id !== ''))].sort((a, b) => a.localeCompare(b));
    } catch (error) {
      if (scope.stoppedByCaller) throw new AbortedError();
      throw this.transport.redacted(error);
    } finally {
      scope.close();
    }
  }

  /** The discovery's port onto the transport: one request, its body read (capped) as JSON, one log entry. */
  async discoveryRequest(request: DiscoveryRequest): Promise<DiscoveryReply> {
    const { url } = request;
    const scope = this.scopeFor(url, request.signal, 'forward');
    let answered = false;
    try {
      scope.watchdog.awaitFirstByte();
      const response = request.method === 'GET' ? await this.transport.get(url, scope.signal) : await this.transport.postJson(url, request.body, scope.signal);
      const text = await readCapped(response, MAX_DISCOVERY_BODY_BYTES);
      answered = true;
      const refused = !response.ok && !NO_SUCH_ENDPOINT.has(response.status);
      this.logExchange(scope, request.method, url, { status: response.status, outcome: refused && request.required ? 'error' : 'ok' });
      if (refused && request.required) throw this.transport.httpError(response, text, url);
      return { status: response.status, json: parseJson(text) };
    } catch (error) {
      if (!answered) this.logExchange(scope, request.method, url, { status: undefined, outcome: 'error', error: error instanceof Error ? error.message : String(error) });
      throw this.transport.redacted(error);
    } finally {
      scope.close();
    }
  }

  /** One request to `url` under the client's two time-outs, stopped by `caller` (see RequestScope). */
  private scopeFor(url: string, caller: AbortSignal | undefined, callerReason: RequestScopeOptions['callerReason']): RequestScope {
    return new RequestScope({ url, caller, callerReason, firstByteMs: this.firstByteMs, idleMs: this.idleMs, now: this.now });
  }

  /** The log line of a single-attempt exchange (the model list, a discovery probe); the transport logs the POSTs. */
  private logExchange(scope: RequestScope, method: ExchangeLogEntry['method'], url: string, result: Pick<ExchangeLogEntry, 'status' | 'outcome' | 'error'>): void {
    this.transport.log({ method, url, attempt: 0, durationMs: scope.elapsedMs(), ...result });
  }
}

/** `done` with the request fields it shows were not applied (request/ignoredFields.ts), for the log. */
function withIgnoredFields(request: ChatCompletionRequest, done: ChatDone): ChatDone {
  const ignored = ignoredRequestFields(request as unknown as Record<string, unknown>, done);
  return ignored ? { ...done, ignoredFields: ignored } : done;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled event: ${JSON.stringify(value)}`);
}
