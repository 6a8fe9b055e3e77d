// The prompt counted by the server's own tokenizer, where the server offers one: llama.cpp's and vLLM's
// `POST /tokenize` (one body serves both: llama.cpp reads `content`, vLLM `model` and `prompt`; llama.cpp answers
// `tokens`, vLLM `count` and `tokens`), else LiteLLM's `POST /utils/token_counter` (`total_tokens`). Each text of the
// prompt (a message's content, a tool call's name and arguments, the tool definitions) is counted once and kept, so a
// long conversation costs one call per new message. Which endpoint works is found once per server and model (404,
// 405 or 501: absent). Counting never holds a request up for long: `prepare` gives up at its deadline, and a prompt
// with a text not yet counted has no count (the caller falls back to the calibrated estimate).
// The count is the texts' tokens plus the estimate's marks per message; what the chat template and the server's
// preamble add on top is learnt from usage by the calibration's `counted` line (see tokenCalibration).
//
// Where the server renders its own chat template (llama.cpp's `POST /apply-template`: the body of a chat request, the
// answer `{"prompt": "..."}`, the very text the model would be given, tools and framing included), the prompt is
// counted exactly instead: that text through /tokenize as the chat path tokenizes it (`add_special` and
// `parse_special`, so a BOS the vocabulary adds is counted once: llama.cpp takes the template's own BOS text off the
// rendered prompt when it adds one). test/fixtures/token-usage/llama-cpp-apply-template.json holds the real bodies.
// A render is a whole-prompt call, so it is made only for a request about to be sent (`prepare`, one per request,
// within the same deadline), never for the meter: a few recent renders are kept, and a prompt that extends one (the
// answer just added, a new question) is counted as that render plus its new messages' per-text counts.
import type { ChatMessage, ToolDefinition } from '../protocol/messages';
import { TOKENS_PER_IMAGE, TOKENS_PER_MESSAGE, TOKENS_PER_TOOL_CALL } from './estimateTokens';
import type { RenderedPrompt, TokenCountEndpoint, TokenCountPort, TokenCountState, TokenCountUrls } from './tokenCountServers';

/** A prompt's count: `exact` when the server rendered it (or the prompt it extends) with its own template. */
export interface PromptCount {
  tokens: number;
  exact: boolean;
}

export interface ServerTokenCounterOptions {
  state: TokenCountState;
  port: TokenCountPort;
  model: string;
  urls: TokenCountUrls;
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
/** Whole-prompt renders kept: the last requests of a run (its rounds) and of the conversation beside it. */
const MAX_RENDERED = 4;

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
   * Counts the prompt's texts not counted yet and, where the server renders its template and `render` is not false,
   * the whole prompt once; waits at most the deadline (or until `signal` aborts); what is still under way then
   * finishes in the background for the next request. Never throws. True when the prompt has a count.
   * `render: false` (the meter's background counting) asks only for the texts: a render is one per request sent.
   */
  async prepare(prompt: Prompt, signal?: AbortSignal, { render = true }: { render?: boolean } = {}): Promise<boolean> {
    const { state } = this.options;
    if (state.endpoint === 'none') return false;
    const missing = [...new Set(promptTexts(prompt))].filter((text) => !state.counts.has(text));
    const texts = missing.length === 0 ? Promise.resolve() : this.countAll(missing).catch(() => undefined);
    const wantsRender = render && state.render !== 'none' && !hasImage(prompt) && this.exactCount(prompt, false) === undefined;
    if (missing.length === 0 && !wantsRender) return true;
    // The render waits for the endpoint's probe (the first text), which tells whether the server is llama.cpp; the
    // other texts are counted beside it, for the fallback and for the prompts that will extend this one.
    const probed = state.endpoint === undefined ? (state.probing ?? texts) : Promise.resolve();
    const rendered = wantsRender ? probed.then(() => this.renderPrompt(prompt)).catch(() => undefined) : Promise.resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.deadlineMs);
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([Promise.all([texts, rendered]), deadline]);
    clearTimeout(timer);
    return this.countPrompt(prompt) !== undefined;
  }

  /**
   * The prompt's tokens: exact where the server rendered it, or a prompt it extends (that render plus the new
   * messages' per-text counts); else the per-text count (to be calibrated); undefined while neither is known.
   */
  countPrompt(prompt: Prompt): PromptCount | undefined {
    const exact = this.exactCount(prompt, true);
    if (exact !== undefined) return { tokens: exact, exact: true };
    const counted = this.count(prompt);
    return counted === undefined ? undefined : { tokens: counted, exact: false };
  }

  /** The prompt's tokens by the server's tokenizer (plus the per-message marks); undefined while any text is uncounted. */
  count(prompt: Prompt): number | undefined {
    const messages = this.countMessages(prompt.messages);
    if (messages === undefined) return undefined;
    if (!prompt.tools || prompt.tools.length === 0) return messages;
    const tools = this.tokensOf(JSON.stringify(prompt.tools));
    return tools === undefined ? undefined : messages + tools;
  }

  /** Each message's texts by the server's tokenizer, plus the marks per message; undefined while any is uncounted. */
  private countMessages(messages: readonly ChatMessage[]): number | undefined {
    let total = 0;
    for (const message of messages) {
      total += TOKENS_PER_MESSAGE;
      for (const part of messageParts(message)) {
        if (part.image) {
          total += TOKENS_PER_IMAGE;
          continue;
        }
        const tokens = this.tokensOf(part.text);
        if (tokens === undefined) return undefined;
        total += tokens + part.extra;
      }
    }
    return total;
  }

  private tokensOf(text: string): number | undefined {
    if (text === '') return 0;
    const counts = this.options.state.counts;
    const tokens = counts.get(text);
    if (tokens === undefined) return undefined;
    // Most recently used last, so the oldest texts are the ones let go.
    counts.delete(text);
    counts.set(text, tokens);
    return tokens;
  }

  /**
   * The count from a render: of this very prompt, or (`extended`) of the longest rendered prompt with the same tools
   * whose messages begin this one's, plus the rest's per-text counts. The added messages miss only their share of
   * the template's framing beyond the per-message marks (a token or two each), not the tools' or the preamble's.
   */
  private exactCount(prompt: Prompt, extended: boolean): number | undefined {
    const rendered = this.options.state.rendered;
    if (!rendered || rendered.length === 0) return undefined;
    const toolsKey = keyOfTools(prompt.tools);
    const messageKeys = prompt.messages.map(keyOfMessage);
    let best: RenderedPrompt | undefined;
    for (const entry of rendered) {
      if (entry.toolsKey !== toolsKey || entry.messageKeys.length > messageKeys.length) continue;
      if (!extended && entry.messageKeys.length !== messageKeys.length) continue;
      if (best && best.messageKeys.length >= entry.messageKeys.length) continue;
      if (entry.messageKeys.every((key, index) => key === messageKeys[index])) best = entry;
    }
    if (!best) return undefined;
    const added = this.countMessages(prompt.messages.slice(best.messageKeys.length));
    if (added === undefined) return undefined;
    // Most recently used last.
    rendered.splice(rendered.indexOf(best), 1);
    rendered.push(best);
    return best.tokens + added;
  }

  /** One render of the whole prompt and its count, where the server is llama.cpp and renders (found on first use). */
  private async renderPrompt(prompt: Prompt): Promise<void> {
    const { state, urls } = this.options;
    if (state.endpoint !== 'tokenize' || state.render === 'none') return;
    const key = `${prompt.messages.map(keyOfMessage).join(',')}|${keyOfTools(prompt.tools)}`;
    const rendering = (state.rendering ??= new Map());
    const under = rendering.get(key);
    if (under) return under;
    const work = this.render(prompt).then(
      (outcome) => {
        if (typeof outcome === 'number') {
          state.renderFailures = 0;
          const rendered = (state.rendered ??= []);
          rendered.push({ messageKeys: prompt.messages.map(keyOfMessage), toolsKey: keyOfTools(prompt.tools), tokens: outcome });
          if (rendered.length > MAX_RENDERED) rendered.shift();
          if (state.render === undefined) this.settleRender('apply-template', `the server renders its chat template at ${urls.applyTemplate}: prompts are counted exactly`);
        } else if (outcome === 'absent') {
          this.settleRender('none', `the server renders no chat template (${urls.applyTemplate}): its template's tokens are learnt from usage`);
        } else {
          state.renderFailures = (state.renderFailures ?? 0) + 1;
          if (state.renderFailures >= MAX_FAILURES) this.settleRender('none', `the server's chat template render failed ${MAX_FAILURES} times: its template's tokens are learnt from usage`);
        }
      },
    );
    rendering.set(key, work);
    try {
      await work;
    } finally {
      rendering.delete(key);
    }
  }

  /** POST /apply-template with the chat request's messages and tools, then /tokenize of the prompt it answers. */
  private async render(prompt: Prompt): Promise<number | 'absent' | 'failed'> {
    const { model, urls, port } = this.options;
    try {
      const body = { model, messages: prompt.messages, ...(prompt.tools && prompt.tools.length > 0 ? { tools: prompt.tools } : {}) };
      const reply = await port({ url: urls.applyTemplate, body, signal: AbortSignal.timeout(this.callTimeoutMs) });
      if (NO_SUCH_ENDPOINT.has(reply.status)) return 'absent';
      if (reply.status < 200 || reply.status > 299) return 'failed';
      const rendered = (reply.json as { prompt?: unknown } | null)?.prompt;
      if (typeof rendered !== 'string') return 'absent';
      // As the chat path tokenizes it: the vocabulary's BOS added, the template's special tokens read as such.
      const tokenized = await port({ url: urls.tokenize, body: { model, content: rendered, add_special: true, parse_special: true }, signal: AbortSignal.timeout(this.callTimeoutMs) });
      if (tokenized.status < 200 || tokenized.status > 299) return 'failed';
      return readCount('tokenize', tokenized.json) ?? 'failed';
    } catch {
      return 'failed';
    }
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
    const answer = await this.ask(state.endpoint, text);
    if (typeof answer === 'object') this.remember(text, answer.tokens);
    else if (answer === 'absent') this.settle('none', `the server stopped answering ${this.options.urls[state.endpoint]}`);
    else this.failed();
  }

  /** Tries /tokenize, then LiteLLM's counter, on a real text of the prompt. */
  private async probe(text: string): Promise<void> {
    for (const endpoint of ['tokenize', 'litellm'] as const) {
      const answer = await this.ask(endpoint, text);
      if (answer === 'failed') return this.failed();
      if (answer === 'absent') continue;
      this.remember(text, answer.tokens);
      // Only llama.cpp renders its template; its /tokenize answers token ids alone (vLLM's adds `count`).
      if (!answer.llamaCpp) this.options.state.render = 'none';
      return this.settle(endpoint, `the server counts prompt tokens at ${this.options.urls[endpoint]}`);
    }
    this.settle('none', `the server offers no token count (${this.options.urls.tokenize}, ${this.options.urls.litellm}): the window is estimated`);
  }

  /** The count, 'absent' (no such endpoint, or an answer without a count), or 'failed' (time-out, error status, network). */
  private async ask(endpoint: TokenCountEndpoint, text: string): Promise<{ tokens: number; llamaCpp: boolean } | 'absent' | 'failed'> {
    const { model, urls, port } = this.options;
    const body = endpoint === 'tokenize' ? { model, content: text, prompt: text, add_special: false, add_special_tokens: false } : { model, prompt: text };
    try {
      const reply = await port({ url: urls[endpoint], body, signal: AbortSignal.timeout(this.callTimeoutMs) });
      if (NO_SUCH_ENDPOINT.has(reply.status)) return 'absent';
      if (reply.status < 200 || reply.status > 299) return 'failed';
      const tokens = readCount(endpoint, reply.json);
      if (tokens === undefined) return 'absent';
      return { tokens, llamaCpp: endpoint === 'tokenize' && !('count' in (reply.json as Record<string, unknown>)) };
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

  private settleRender(render: 'apply-template' | 'none', line: string): void {
    this.options.state.render = render;
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

function hasImage(prompt: Prompt): boolean {
  return prompt.messages.some((message) => Array.isArray(message.content) && message.content.some((part) => part.type !== 'text'));
}

/** A message's key among a render's: its JSON's hash and length (a conversation's renders keep no copy of its text). */
function keyOfMessage(message: ChatMessage): string {
  return hashOf(JSON.stringify(message));
}

function keyOfTools(tools: readonly ToolDefinition[] | undefined): string {
  return tools && tools.length > 0 ? hashOf(JSON.stringify(tools)) : '';
}

/** FNV-1a, 32 bits, with the length: enough to tell a conversation's messages apart. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}
