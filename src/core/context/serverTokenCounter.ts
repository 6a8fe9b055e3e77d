// The prompt counted by the server's own tokenizer, where the server offers one: llama.cpp's and vLLM's
// `POST /tokenize` (one body serves both: llama.cpp reads `content`, vLLM `model` and `prompt`; llama.cpp answers
// `tokens`, vLLM `count` and `tokens`), else LiteLLM's `POST /utils/token_counter` (`total_tokens`). Each text of the
// prompt (a message's content, a tool call's name and arguments, the tool definitions) is counted once and kept, so a
// long conversation costs one call per new message. Which endpoint works is found once per server and model (404,
// 405 or 501: absent). Counting never holds a request up for long: `prepare` gives up at its deadline, and a prompt
// with a text not yet counted has no count (the caller falls back to the calibrated estimate).
// The count is the texts' tokens plus the estimate's marks per message; what the chat template and the server's
// preamble add on top is learnt from usage by the calibration's `counted` line (see tokenCalibration).
import type { DiscoveredModels } from '../catalogue/discoverCatalogue';
import type { ChatMessage, ToolDefinition } from '../protocol/messages';
import { TOKENS_PER_IMAGE, TOKENS_PER_MESSAGE, TOKENS_PER_TOOL_CALL } from './estimateTokens';

/** One counting request to the server: a POST of `body` as JSON to `url`; the reply's status and JSON body. */
export type TokenCountPort = (request: { url: string; body: unknown; signal: AbortSignal }) => Promise<{ status: number; json: unknown }>;

export type TokenCountEndpoint = 'tokenize' | 'litellm';

/** What one server and model taught: kept by the host across runs (for the session), plain data. */
export interface TokenCountState {
  /** Undefined: not probed yet; 'none': the server offers no count this client can use. */
  endpoint: TokenCountEndpoint | 'none' | undefined;
  /** Tokens of each text counted, most recently used last. */
  counts: Map<string, number>;
  /** Failures in a row (time-outs, errors) before an endpoint answered: a server that never does is left alone. */
  failures: number;
  /** The probe under way, so concurrent counts wait for it instead of probing again. */
  probing?: Promise<void> | undefined;
}

export function newTokenCountState(): TokenCountState {
  return { endpoint: undefined, counts: new Map(), failures: 0 };
}

/** Where a server whose chat endpoint is `chatCompletionsUrl` counts: its root, where llama.cpp, vLLM and LiteLLM serve them. */
export function tokenCountUrls(chatCompletionsUrl: string): Record<TokenCountEndpoint, string> {
  const root = chatCompletionsUrl.replace(/\/chat\/completions$/, '').replace(/\/v1$/, '');
  return { tokenize: `${root}/tokenize`, litellm: `${root}/utils/token_counter` };
}

/**
 * Whether what the server said of its models shows a kind of server that counts tokens: llama.cpp (its /props
 * answered), vLLM (a model list with `max_model_len`) or a LiteLLM proxy (its /model/info answered). Only those are
 * asked: a POST to an endpoint a server never had is a probe nobody asked for, in its logs and ours.
 */
export function offersTokenCount(discovered: DiscoveredModels | undefined): boolean {
  if (!discovered) return false;
  const read = new Set(discovered.endpoints.filter((outcome) => outcome.outcome === 'read').map((outcome) => outcome.endpoint));
  if (read.has('GET /props') || read.has('GET /model/info') || read.has('GET /model_group/info')) return true;
  return discovered.statements.some((model) => model.sources.contextWindow?.field === 'max_model_len');
}

export interface ServerTokenCounterOptions {
  state: TokenCountState;
  port: TokenCountPort;
  model: string;
  urls: Record<TokenCountEndpoint, string>;
  /** Each call's limit. Default 2 s. */
  callTimeoutMs?: number;
  /** How long `prepare` waits for the counts before the request goes without them. Default 1.5 s. */
  deadlineMs?: number;
  /** Told once when the endpoint is found or found absent (the host logs it). */
  log?: (line: string) => void;
}

const DEFAULT_CALL_TIMEOUT_MS = 2000;
const DEFAULT_DEADLINE_MS = 1500;
/** Calls at once: a long conversation's first count is many texts; a local server serves them one by one anyway. */
const CONCURRENT_CALLS = 4;
/** Failures in a row after which the endpoint is taken as absent for the session. */
const MAX_FAILURES = 3;
/** Texts kept per server and model: a long conversation's worth, and its edits. */
const MAX_CACHED_TEXTS = 4000;
const NO_SUCH_ENDPOINT = new Set([404, 405, 501]);

type Prompt = { messages: readonly ChatMessage[]; tools?: readonly ToolDefinition[] | undefined };

export class ServerTokenCounter {
  private readonly callTimeoutMs: number;
  private readonly deadlineMs: number;

  constructor(private readonly options: ServerTokenCounterOptions) {
    this.callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  /** False once the server is known to offer no count. */
  get available(): boolean {
    return this.options.state.endpoint !== 'none';
  }

  /**
   * Counts the prompt's texts not counted yet, waiting at most the deadline (or until `signal` aborts); counts still
   * under way then finish in the background for the next request. Never throws. True when the whole prompt is counted.
   */
  async prepare(prompt: Prompt, signal?: AbortSignal): Promise<boolean> {
    const { state } = this.options;
    if (state.endpoint === 'none') return false;
    const missing = [...new Set(promptTexts(prompt))].filter((text) => !state.counts.has(text));
    if (missing.length === 0) return true;
    const work = this.countAll(missing).catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.deadlineMs);
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([work, deadline]);
    clearTimeout(timer);
    return this.count(prompt) !== undefined;
  }

  /** The prompt's tokens by the server's tokenizer (plus the per-message marks); undefined while any text is uncounted. */
  count(prompt: Prompt): number | undefined {
    const counts = this.options.state.counts;
    const tokensOf = (text: string): number | undefined => {
      if (text === '') return 0;
      const tokens = counts.get(text);
      if (tokens === undefined) return undefined;
      // Most recently used last, so the oldest texts are the ones let go.
      counts.delete(text);
      counts.set(text, tokens);
      return tokens;
    };
    let total = 0;
    for (const message of prompt.messages) {
      total += TOKENS_PER_MESSAGE;
      for (const part of messageParts(message)) {
        if (part.image) {
          total += TOKENS_PER_IMAGE;
          continue;
        }
        const tokens = tokensOf(part.text);
        if (tokens === undefined) return undefined;
        total += tokens + part.extra;
      }
    }
    if (prompt.tools && prompt.tools.length > 0) {
      const tokens = tokensOf(JSON.stringify(prompt.tools));
      if (tokens === undefined) return undefined;
      total += tokens;
    }
    return total;
  }

  private async countAll(texts: string[]): Promise<void> {
    const queue = [...texts];
    const worker = async (): Promise<void> => {
      for (let text = queue.shift(); text !== undefined && this.options.state.endpoint !== 'none'; text = queue.shift()) await this.countText(text);
    };
    // The first text probes the endpoint alone; the rest follow in parallel once it is known.
    const first = queue.shift();
    if (first !== undefined) await this.countText(first);
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_CALLS, queue.length) }, worker));
  }

  private async countText(text: string): Promise<void> {
    const { state } = this.options;
    while (state.probing) await state.probing;
    if (state.counts.has(text) || state.endpoint === 'none') return;
    if (state.endpoint === undefined) {
      state.probing = this.probe(text).finally(() => (state.probing = undefined));
      await state.probing;
      return;
    }
    const tokens = await this.ask(state.endpoint, text);
    if (typeof tokens === 'number') this.remember(text, tokens);
    else if (tokens === 'absent') this.settle('none', `the server stopped answering ${this.options.urls[state.endpoint]}`);
    else this.failed();
  }

  /** Tries /tokenize, then LiteLLM's counter, on a real text of the prompt. */
  private async probe(text: string): Promise<void> {
    for (const endpoint of ['tokenize', 'litellm'] as const) {
      const tokens = await this.ask(endpoint, text);
      if (tokens === 'failed') return this.failed();
      if (tokens === 'absent') continue;
      this.remember(text, tokens);
      return this.settle(endpoint, `the server counts prompt tokens at ${this.options.urls[endpoint]}`);
    }
    this.settle('none', `the server offers no token count (${this.options.urls.tokenize}, ${this.options.urls.litellm}): the window is estimated`);
  }

  /** The count, 'absent' (no such endpoint, or an answer without a count), or 'failed' (time-out, error status, network). */
  private async ask(endpoint: TokenCountEndpoint, text: string): Promise<number | 'absent' | 'failed'> {
    const { model, urls, port } = this.options;
    const body = endpoint === 'tokenize' ? { model, content: text, prompt: text, add_special: false, add_special_tokens: false } : { model, prompt: text };
    try {
      const reply = await port({ url: urls[endpoint], body, signal: AbortSignal.timeout(this.callTimeoutMs) });
      if (NO_SUCH_ENDPOINT.has(reply.status)) return 'absent';
      if (reply.status < 200 || reply.status > 299) return 'failed';
      return readCount(endpoint, reply.json) ?? 'absent';
    } catch {
      return 'failed';
    }
  }

  private remember(text: string, tokens: number): void {
    const { counts } = this.options.state;
    this.options.state.failures = 0;
    counts.set(text, tokens);
    if (counts.size > MAX_CACHED_TEXTS) counts.delete(counts.keys().next().value!);
  }

  private failed(): void {
    const { state } = this.options;
    state.failures++;
    if (state.failures >= MAX_FAILURES && state.endpoint === undefined) this.settle('none', `the server's token count failed ${MAX_FAILURES} times: the window is estimated`);
  }

  private settle(endpoint: TokenCountEndpoint | 'none', line: string): void {
    this.options.state.endpoint = endpoint;
    this.options.log?.(`${this.options.model}: ${line}`);
  }
}

/** A count in an answer: vLLM's `count`, llama.cpp's `tokens` (ids, or pieces with `with_pieces`), LiteLLM's `total_tokens`. */
export function readCount(endpoint: TokenCountEndpoint, json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  const whole = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);
  if (endpoint === 'litellm') return whole(record['total_tokens']);
  return whole(record['count']) ?? (Array.isArray(record['tokens']) ? record['tokens'].length : undefined);
}

/** The texts of a prompt the server is asked to count. */
export function promptTexts(prompt: Prompt): string[] {
  const texts: string[] = [];
  for (const message of prompt.messages) for (const part of messageParts(message)) if (!part.image && part.text !== '') texts.push(part.text);
  if (prompt.tools && prompt.tools.length > 0) texts.push(JSON.stringify(prompt.tools));
  return texts;
}

type MessagePart = { image: true } | { image: false; text: string; extra: number };

function messageParts(message: ChatMessage): MessagePart[] {
  const parts: MessagePart[] = [];
  if (typeof message.content === 'string') parts.push({ image: false, text: message.content, extra: 0 });
  else if (message.content !== null) for (const part of message.content) parts.push(part.type === 'text' ? { image: false, text: part.text, extra: 0 } : { image: true });
  if (message.role === 'assistant') {
    for (const call of message.tool_calls ?? []) {
      parts.push({ image: false, text: call.function.name, extra: TOKENS_PER_TOOL_CALL }, { image: false, text: call.function.arguments, extra: 0 });
    }
  }
  return parts;
}
