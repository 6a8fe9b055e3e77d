// What the catalogue knows about one model, and where each piece came from. A fact is set only when a server said it
// (or the user did): an unknown fact stays undefined, never 0 or false, so nothing downstream can mistake a guess for
// an answer. The shape sits on the wire floor, below the catalogue that fills it, because the request assembly
// reads a model's facts (its limit, effort, tools, prices) and the request floor is below the catalogue's.

/** The endpoints the catalogue reads, named as requests. LiteLLM serves /model/info also as /v1/model/info. */
export type DiscoveryEndpoint =
  | 'GET /v1/models'
  | 'GET /model/info'
  | 'GET /model_group/info'
  | 'GET /props'
  | 'GET /api/v0/models'
  | 'POST /api/show'
  | 'GET /api/ps'
  | 'GET /api/tags';

/**
 * What kind of statement a fact is, which decides whose word wins when sources disagree (see mergeCatalogue):
 * - `override`: the user's per-model setting.
 * - `serving`: what the running server will accept or do (llama.cpp's n_ctx, vLLM's max_model_len, Ollama's num_ctx,
 *   capabilities and a loaded model's context_length, LM Studio's loaded_context_length, a hosted provider's limits and
 *   capabilities in its own model list: Groq's context_window, Mistral's max_context_length).
 * - `listing`: what a catalogue or proxy configuration says of the model (LiteLLM's model info, OpenRouter's list).
 * - `trained`: the model's own trained maximum, which the server may well not grant (llama.cpp's n_ctx_train is only
 *   ever a `maxContextWindow`, never a window).
 */
export type FactBasis = 'override' | 'serving' | 'listing' | 'trained';

/** Where a fact was read: the endpoint, the field of its body (a dotted path), and what kind of statement it is. */
export interface FactOrigin {
  endpoint: DiscoveryEndpoint | 'override';
  field: string;
  basis: FactBasis;
}

/**
 * What a model is for, as its server says. Only `chat` models answer a chat; `completion` ones only continue text (a
 * base or code model: inline completions can use them); the others are served at endpoints of their own (embeddings,
 * rerank, images, audio, moderation); `other` is a model its server says cannot chat, without saying what it does.
 */
export type ModelKind = 'chat' | 'completion' | 'embeddings' | 'rerank' | 'image' | 'audio' | 'moderation' | 'other';

export interface ModelFacts {
  /** What the model is for; unknown (undefined) is offered wherever a chat model is, as a model of unknown kind may chat. */
  kind?: ModelKind;
  /** Tokens the model accepts in one request (prompt and answer together, as servers count it). */
  contextWindow?: number;
  /**
   * The most the model takes anywhere: its trained length (llama.cpp's n_ctx_train), or a listing's model-wide figure
   * beside the window of the provider a request goes to (OpenRouter's context_length beside
   * top_provider.context_length). An upper bound the picker shows, never a window a request is fitted to: a server
   * often runs the model with far less, so where only this is known the window stays unknown.
   */
  maxContextWindow?: number;
  /** The most tokens one answer may have. */
  maxOutputTokens?: number;
  /** USD per prompt token. 0 only when a source says the model is free. */
  inputPricePerToken?: number;
  /** USD per answer token. */
  outputPricePerToken?: number;
  supportsTools?: boolean;
  supportsVision?: boolean;
  supportsReasoning?: boolean;
  /**
   * The effort to send as `reasoning_effort`. Only the user's override sets it: none of the endpoints read here lists
   * which efforts a model takes (LiteLLM flags a few odd ones, OpenRouter only says `reasoning` is accepted).
   */
  reasoningEffort?: string;
  /**
   * Whether the model must be sent the reasoning of its earlier answers back as `reasoning_content` (DeepSeek's
   * thinking mode with tools), or must never be. Only the user's override sets it: no endpoint read here says it, and
   * without it the client sends it only once the server asks (see CompatibilityMemory).
   */
  sendsReasoningBack?: boolean;
}

export type FactName = keyof ModelFacts;

/** USD per token, as the catalogue has them (both known, or the model has no prices). */
export interface TokenPrices {
  inputPerToken: number;
  outputPerToken: number;
}

export interface ModelInfo extends ModelFacts {
  id: string;
  /** For each fact that is set, where it came from. */
  sources: { [K in FactName]?: FactOrigin };
}

/** Every fact, in the order the picker reads them. */
export const FACT_NAMES: readonly FactName[] = [
  'kind',
  'contextWindow',
  'maxContextWindow',
  'maxOutputTokens',
  'inputPricePerToken',
  'outputPricePerToken',
  'supportsTools',
  'supportsVision',
  'supportsReasoning',
  'reasoningEffort',
  'sendsReasoningBack',
];

export function emptyModelInfo(id: string): ModelInfo {
  return { id, sources: {} };
}

/** Sets a fact with its origin; an undefined value (the source did not say) leaves the model as it was. */
export function recordFact<K extends FactName>(info: ModelInfo, name: K, value: ModelFacts[K] | undefined, origin: FactOrigin): void {
  if (value === undefined) return;
  (info as ModelFacts)[name] = value;
  info.sources[name] = origin;
}
