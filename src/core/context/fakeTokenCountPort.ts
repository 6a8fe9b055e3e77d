// A server's token count for tests and the bench: answers as llama.cpp's /tokenize (`tokens`), vLLM's (`count`,
// `max_model_len`, `tokens`) or LiteLLM's /utils/token_counter (`total_tokens`) do, 404 elsewhere, with a tokenizer
// of its own (a token per word and per mark, unless given one), or from recorded counts.
import type { TokenCountPort } from './serverTokenCounter';

export type FakeTokenServer = 'llama.cpp' | 'vllm' | 'litellm' | 'none';

export interface FakeTokenCountOptions {
  server: FakeTokenServer;
  tokenize?: (text: string) => number;
  /** Each answer waits this long (ms), or until the request's signal aborts. */
  delayMs?: number;
  /** The status every answer has instead (a server failing). */
  failWith?: number;
}

export class FakeTokenCountPort {
  /** Each call's URL and body, in order. */
  readonly calls: { url: string; body: Record<string, unknown> }[] = [];

  constructor(private readonly options: FakeTokenCountOptions) {}

  readonly port: TokenCountPort = async ({ url, body, signal }) => {
    const request = body as Record<string, unknown>;
    this.calls.push({ url, body: request });
    if (this.options.delayMs) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, this.options.delayMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        }, { once: true });
      });
    }
    if (this.options.failWith !== undefined) return { status: this.options.failWith, json: { error: 'failing' } };
    const server = this.options.server;
    const tokenize = this.options.tokenize ?? wordTokens;
    if (url.endsWith('/tokenize') && server === 'llama.cpp') return { status: 200, json: { tokens: ids(tokenize(String(request['content'] ?? ''))) } };
    if (url.endsWith('/tokenize') && server === 'vllm') {
      const tokens = ids(tokenize(String(request['prompt'] ?? '')));
      return { status: 200, json: { count: tokens.length, max_model_len: 32768, tokens } };
    }
    if (url.endsWith('/utils/token_counter') && server === 'litellm') {
      return { status: 200, json: { total_tokens: tokenize(String(request['prompt'] ?? '')), request_model: request['model'], model_used: request['model'], tokenizer_type: 'openai_tokenizer' } };
    }
    return { status: 404, json: { detail: 'Not Found' } };
  };

  /** How many calls went to a URL ending in `suffix`. */
  callsTo(suffix: string): number {
    return this.calls.filter((call) => call.url.endsWith(suffix)).length;
  }
}

/** A token per run of letters and digits and per other mark, spaces aside. */
export function wordTokens(text: string): number {
  return text.match(/[A-Za-z0-9]+|[^\sA-Za-z0-9]/g)?.length ?? 0;
}

function ids(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}
