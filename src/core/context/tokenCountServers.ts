// Which servers count tokens with their own tokenizer, where, and what one server and model taught: apart from the
// counter itself (serverTokenCounter.ts), which loads only for a server that counts (the catalogue says so).
import type { DiscoveredModels } from '../catalogue/discoverCatalogue';

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
  /**
   * llama.cpp's /apply-template: undefined until tried (only a /tokenize that answered as llama.cpp does is tried),
   * 'none' where absent or failing.
   */
  render?: 'apply-template' | 'none' | undefined;
  /** Whole prompts counted exactly, most recently used last (a few). */
  rendered?: RenderedPrompt[];
  /** Renders failed in a row (time-outs, errors): a server whose template never renders is left alone. */
  renderFailures?: number;
  /** Renders under way, by prompt key, so a second prepare of the same prompt waits for the first. */
  rendering?: Map<string, Promise<void>>;
}

/** A prompt the server rendered and counted: its messages' and tools' keys, and its tokens. */
export interface RenderedPrompt {
  messageKeys: string[];
  toolsKey: string;
  tokens: number;
}

export function newTokenCountState(): TokenCountState {
  return { endpoint: undefined, counts: new Map(), failures: 0 };
}

/** Where a server whose chat endpoint is `chatCompletionsUrl` counts: its root, where llama.cpp, vLLM and LiteLLM serve them. */
export function tokenCountUrls(chatCompletionsUrl: string): TokenCountUrls {
  const root = chatCompletionsUrl.replace(/\/chat\/completions$/, '').replace(/\/v1$/, '');
  return { tokenize: `${root}/tokenize`, litellm: `${root}/utils/token_counter`, applyTemplate: `${root}/apply-template` };
}

export type TokenCountUrls = Record<TokenCountEndpoint, string> & { applyTemplate: string };

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
