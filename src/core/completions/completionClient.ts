// Sends one completion request: the key, the profile's headers and the connection errors are the chat transport's
// (ChatTransport: one POST, no retries, since a keystroke-driven request is not worth retrying: the next keystroke
// asks again, and failures back off in the engine). The answer is read whole, capped, and decoded by
// completionAnswer.ts. A time limit ends a request nobody superseded, so a hung server cannot hold the one slot. A 2xx
// answer whose body says the route does not exist (LM Studio's 200 "Unexpected endpoint or method") is the
// NotFoundError it stands for, so the engine moves on to the next way instead of waiting to ask again.
import { AbortedError } from '../errors/AskModelError';
import { TimeoutError } from '../errors/transportErrors';
import { unexpectedEndpointError, unexpectedEndpointIn } from '../errors/unexpectedEndpoint';
import { ChatTransport, MAX_ERROR_BODY_BYTES, readCapped, type ExchangeLogEntry } from '../client/transport';
import { checkApiKeyHeader, checkCustomHeaders } from '../client/clientSettings';
import { CompatibilityMemory } from '../client/compatibilityMemory';
import { sleepUnlessAborted } from '../client/abortable';
import { resolveServiceUrls } from '../http/resolveUrls';
import { readCompletionAnswer, type CompletionAnswer } from './completionAnswer';
import { classifyCompletionFailure } from './completionFailure';
import { completionUrlsOf, type CompletionUrls } from './completionEndpoints';

/** The most of one completion answer read: far more than any suggestion shown. */
const MAX_ANSWER_BYTES = 1024 * 1024;
export const DEFAULT_COMPLETION_TIMEOUT_MS = 30_000;

export interface CompletionClientOptions {
  fetch: typeof globalThis.fetch;
  baseUrl: string;
  apiKey?: string | undefined;
  /** As the chat client's: the header the key goes in. */
  apiKeyHeader?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** The most one request may take, first byte to last; 0 = no limit. */
  timeoutMs?: number;
  now?: () => number;
  /** One entry per exchange that failed (successes are logged by the engine, with what they answered). */
  onExchange?: (entry: ExchangeLogEntry) => void;
}

/** The port the engine sends through (the tests and the bench give their own). */
export interface CompletionSender {
  readonly urls: CompletionUrls;
  send(url: string, body: Record<string, unknown>, signal: AbortSignal): Promise<CompletionAnswer>;
}

export class CompletionClient implements CompletionSender {
  readonly urls: CompletionUrls;
  private readonly transport: ChatTransport;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(options: CompletionClientOptions) {
    this.urls = completionUrlsOf(resolveServiceUrls(options.baseUrl).chatCompletions);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_COMPLETION_TIMEOUT_MS;
    this.now = options.now ?? (() => performance.now());
    this.transport = new ChatTransport({
      fetch: options.fetch,
      apiKey: options.apiKey?.trim() || undefined,
      apiKeyHeader: checkApiKeyHeader(options.apiKeyHeader),
      headers: checkCustomHeaders(options.headers ?? {}),
      maxRetries: 0,
      compatibility: new CompatibilityMemory(),
      reasoningBack: undefined,
      now: this.now,
      sleep: sleepUnlessAborted,
      random: Math.random,
      onExchange: options.onExchange,
    });
  }

  /** POSTs `body` to `url`; a 2xx answer decoded, or the typed error (HttpError, ConnectionError, TimeoutError, AbortedError). */
  async send(url: string, body: Record<string, unknown>, signal: AbortSignal): Promise<CompletionAnswer> {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(new AbortedError());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const timer = this.timeoutMs > 0 ? setTimeout(() => controller.abort(new TimeoutError('first-byte', this.timeoutMs, url)), this.timeoutMs) : undefined;
    const startedAt = this.now();
    try {
      const response = await this.transport.postJson(url, body, controller.signal);
      const text = await readCapped(response, response.ok ? MAX_ANSWER_BYTES : MAX_ERROR_BODY_BYTES);
      if (controller.signal.aborted) throw controller.signal.reason;
      const notHere = response.ok ? unexpectedEndpointIn(text) : undefined;
      if (!response.ok || notHere !== undefined) {
        const error =
          notHere === undefined
            ? this.transport.httpError(response, text, url)
            : unexpectedEndpointError({ status: response.status, url, words: notHere, bodyText: text, redact: (words) => this.transport.redact(words) });
        // In the completion's words (its settings, its endpoint), as the engine will tell it.
        const detail = classifyCompletionFailure(error, body, typeof body['model'] === 'string' ? body['model'] : '').detail;
        this.transport.log({ method: 'POST', url, attempt: 0, status: response.status, durationMs: this.now() - startedAt, outcome: 'error', error: detail });
        throw error;
      }
      return readCompletionAnswer(text, response.headers.get('content-type') ?? undefined);
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      throw this.transport.redacted(error);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}
