// A server's token count for tests and the bench: answers as llama.cpp's /tokenize (`tokens`), vLLM's (`count`,
// `max_model_len`, `tokens`) or LiteLLM's /utils/token_counter (`total_tokens`) do, 404 elsewhere, with a tokenizer
// of its own (a token per word and per mark, unless given one), or from recorded counts. With `applyTemplate`,
// llama.cpp's /apply-template too (`{"prompt": ...}`, rendered by renderFakeTemplate, or the status given); with
// `recorded`, a real server's exchanges replayed (test/fixtures/token-usage/llama-cpp-apply-template.json).
import type { ChatMessage, ToolDefinition } from '../../../../src/core/protocol/messages';
import type { TokenCountPort } from '../../../../src/core/context/tokenCountServers';

export type FakeTokenServer = 'llama.cpp' | 'vllm' | 'litellm' | 'none';

export interface FakeTokenCountOptions {
  server: FakeTokenServer;
  tokenize?: (text: string) => number;
  /** Each answer waits this long (ms), or until the request's signal aborts. */
  delayMs?: number;
  /** The status every answer has instead (a server failing). */
  failWith?: number;
  /** llama.cpp only: /apply-template renders (true) or answers this status (an older build: 404; a template error: 500). */
  applyTemplate?: boolean | number;
  /** A real server's answers by URL path and body (JSON text), tried first; anything else is a 404. */
  recorded?: readonly RecordedExchange[];
}

/** One call a real server answered, as recorded. */
export interface RecordedExchange {
  path: string;
  body: unknown;
  status: number;
  json: unknown;
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
    if (this.options.recorded) {
      const path = new URL(url).pathname;
      const text = JSON.stringify(request);
      const exchange = this.options.recorded.find((recorded) => recorded.path === path && JSON.stringify(recorded.body) === text);
      return exchange ? { status: exchange.status, json: exchange.json } : { status: 404, json: { error: { message: 'File Not Found', type: 'not_found_error', code: 404 } } };
    }
    const server = this.options.server;
    if (url.endsWith('/apply-template') && server === 'llama.cpp' && this.options.applyTemplate !== undefined && this.options.applyTemplate !== false) {
      if (typeof this.options.applyTemplate === 'number') return { status: this.options.applyTemplate, json: { error: { code: this.options.applyTemplate, message: 'refused', type: 'server_error' } } };
      return { status: 200, json: { prompt: renderFakeTemplate(request['messages'] as ChatMessage[], request['tools'] as ToolDefinition[] | undefined) } };
    }
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

/**
 * The fake server's chat template, ChatML as the llama.cpp peer's tiny model has it: the tools in a system block (as
 * its `tojson` spaces them, not as JSON.stringify does), each message framed by its role, a tool call as its JSON.
 */
export function renderFakeTemplate(messages: readonly ChatMessage[], tools: readonly ToolDefinition[] | undefined): string {
  const spaced = (value: unknown): string => JSON.stringify(value, null, 1).replace(/\n */g, ' ');
  let prompt = tools && tools.length > 0 ? `<|im_start|>system\nYou can call these functions:\n<tools>\n${tools.map(spaced).join('\n')}\n</tools><|im_end|>\n` : '';
  for (const message of messages) {
    const content = typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
    const calls = message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => `\n<tool_call>\n{"name": "${call.function.name}", "arguments": ${call.function.arguments}}\n</tool_call>`).join('') : '';
    prompt += `<|im_start|>${message.role}\n${content}${calls}<|im_end|>\n`;
  }
  return `${prompt}<|im_start|>assistant\n`;
}
