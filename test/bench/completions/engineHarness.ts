// The engine as the provider builds it, minus VS Code: a CompletionEngine with a silent log, the real CompletionClient
// over a fetch (globalThis.fetch, or nodeHttpFetch, the one the extension gives it in VS Code), and the request
// inlineCompletions.ts hands to engine.suggest. RecordingSender wraps the client to note, per request, when it was
// sent, when the scheduler aborted it and how it ended, as absolute times (performance.timeOrigin + performance.now()),
// the clock the server's child process reports its completion requests in.
import { CompletionClient, type CompletionSender } from '../../../src/core/completions/completionClient';
import { CompletionEngine, type SuggestRequest } from '../../../src/core/completions/completionEngine';
import type { CompletionAnswer } from '../../../src/core/completions/completionAnswer';
import { absoluteNow } from './serverChild';
import { completionChatRequest } from '../../support/completionChatRequest';

export const MODEL = 'reference-model';
/** llama.vscode's and our default n_predict for a suggestion. */
const MAX_TOKENS = 128;
const MAX_LINES = 16;

export function newEngine(debounceMs: number): CompletionEngine {
  const silent = (): void => undefined;
  return new CompletionEngine({ debounceMs: () => debounceMs, log: { info: silent, warn: silent, debug: silent } });
}

export function newClient(serverUrl: string, fetch: typeof globalThis.fetch = globalThis.fetch): CompletionClient {
  return new CompletionClient({ fetch, baseUrl: `${serverUrl}/v1` });
}

/** What the provider passes for a cursor between `prefix` and `suffix` in a TypeScript file. */
export function suggestRequest(sender: CompletionSender, prefix: string, suffix: string): SuggestRequest {
  return {
    server: JSON.stringify([`${sender.urls.v1}/chat/completions`, MODEL]),
    sender,
    endpoint: 'auto',
    maxLines: MAX_LINES,
    input: { model: MODEL, prefix, suffix, filename: 'src/orders.ts', languageId: 'typescript', chunks: [], maxTokens: MAX_TOKENS, template: undefined, metadata: undefined, modelBody: undefined, chatRequest: completionChatRequest(MODEL) },
  };
}

export interface SentRequest {
  /** The body's text before the cursor (`input_prefix` on /infill), which the server records as `prompt`. */
  prompt: string;
  sentAt: number;
  /** When the scheduler's signal fired, if it did while the request was out. */
  abortedAt?: number;
  outcome: 'pending' | 'answered' | 'aborted' | 'failed';
}

export class RecordingSender implements CompletionSender {
  readonly urls: CompletionSender['urls'];
  readonly sent: SentRequest[] = [];

  constructor(private readonly inner: CompletionSender) {
    this.urls = inner.urls;
  }

  async send(url: string, body: Record<string, unknown>, signal: AbortSignal): Promise<CompletionAnswer> {
    const prompt = typeof body['input_prefix'] === 'string' ? body['input_prefix'] : typeof body['prompt'] === 'string' ? body['prompt'] : '';
    const sent: SentRequest = { prompt, sentAt: absoluteNow(), outcome: 'pending' };
    this.sent.push(sent);
    // Added before the client adds its own, so this notes the moment the scheduler aborts, not when the socket goes.
    const onAbort = (): void => {
      if (sent.outcome === 'pending') sent.abortedAt = absoluteNow();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const answer = await this.inner.send(url, body, signal);
      sent.outcome = 'answered';
      return answer;
    } catch (error) {
      sent.outcome = signal.aborted ? 'aborted' : 'failed';
      throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}
