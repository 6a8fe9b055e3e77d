// GET /v1/models, which every OpenAI-compatible server answers. The OpenAI shape carries only ids; the facts come from
// what some servers add to each entry: vLLM its max_model_len, llama.cpp a meta block (and architecture), OpenRouter
// context_length, pricing, top_provider, supported_parameters and architecture, newer LiteLLM max_input_tokens and
// max_output_tokens; a hosted provider's own list states what its API enforces for each model it runs: Groq its
// context_window and max_completion_tokens, Mistral its max_context_length and capabilities. Together answers a bare
// array of entries (no `data`), each with its context_length.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { flag, tokenCount, usdPerToken, stringList } from './jsonValues';
import { recordFirstFact } from './factReaders';
import { emptyModelInfo, recordFact, type ModelInfo } from '../protocol/modelInfo';
import { modelListEntries } from '../protocol/responseSchema';
import { kindOfMistralCapabilities, kindOfTogetherType } from './modelKinds';

const ENDPOINT = 'GET /v1/models';

const modelEntry = z.looseObject({ id: z.string().check(z.minLength(1)) });

/**
 * The models a `GET /v1/models` body lists (OpenAI's `{"data": [...]}`, or Together's bare array), each with the facts
 * its entry states. Not a model list: no models.
 */
export function parseOpenAiModels(body: unknown): ModelInfo[] {
  const entries = modelListEntries(body);
  if (entries === undefined) return [];
  const models: ModelInfo[] = [];
  for (const item of entries) {
    const entry = modelEntry.safeParse(item);
    if (entry.success) models.push(readEntry(entry.data.id, item));
  }
  return models;
}

function readEntry(id: string, entry: unknown): ModelInfo {
  const info = emptyModelInfo(id);
  // Together names each model's type; Mistral's capabilities say whether it chats (its own `type` is "base" or
  // "fine-tuned", which says nothing of the kind, and is not a word kindOfTogetherType knows).
  recordFirstFact(info, 'kind', ENDPOINT, entry, [
    { field: 'type', basis: 'listing', read: kindOfTogetherType },
    { field: 'capabilities', basis: 'serving', read: kindOfMistralCapabilities },
  ]);
  // One entry comes from one kind of server, so at most one of these is there; the order only ranks what each says:
  // the window the server was started with (or the provider's API holds a request to) before a listing's figure.
  // OpenRouter's top_provider.context_length is the window of the provider the request goes to, whose limit is the one
  // that fails, so it comes before the model-wide context_length (all that is left where it is null).
  recordFirstFact(info, 'contextWindow', ENDPOINT, entry, [
    { field: 'max_model_len', basis: 'serving', read: tokenCount },
    { field: 'meta.n_ctx', basis: 'serving', read: tokenCount },
    { field: 'context_window', basis: 'serving', read: tokenCount },
    { field: 'max_context_length', basis: 'serving', read: tokenCount },
    { field: 'top_provider.context_length', basis: 'listing', read: tokenCount },
    { field: 'context_length', basis: 'listing', read: tokenCount },
    { field: 'max_input_tokens', basis: 'listing', read: tokenCount },
  ]);
  // The most the model takes: OpenRouter's model-wide context_length (some provider's, not necessarily the one a
  // request reaches), else llama.cpp's n_ctx_train, the length the model was trained with. The server runs it with its
  // own n_ctx (per slot, in /props), often far smaller, so the trained length is never the window.
  recordFirstFact(info, 'maxContextWindow', ENDPOINT, entry, [
    { field: 'context_length', basis: 'listing', read: tokenCount },
    { field: 'meta.n_ctx_train', basis: 'trained', read: tokenCount },
  ]);
  // A provider may take more than the model-wide figure says (OpenRouter lists pixtral-12b at 4096, its provider at
  // 131072): no maximum is below the window the request gets.
  const window = info.sources.contextWindow;
  if (info.contextWindow !== undefined && window !== undefined && info.maxContextWindow !== undefined && info.maxContextWindow < info.contextWindow) {
    recordFact(info, 'maxContextWindow', info.contextWindow, window);
  }
  recordFirstFact(info, 'maxOutputTokens', ENDPOINT, entry, [
    { field: 'max_completion_tokens', basis: 'serving', read: tokenCount },
    { field: 'top_provider.max_completion_tokens', basis: 'listing', read: tokenCount },
    { field: 'max_output_tokens', basis: 'listing', read: tokenCount },
  ]);
  recordFirstFact(info, 'inputPricePerToken', ENDPOINT, entry, [{ field: 'pricing.prompt', basis: 'listing', read: usdPerToken }]);
  recordFirstFact(info, 'outputPricePerToken', ENDPOINT, entry, [{ field: 'pricing.completion', basis: 'listing', read: usdPerToken }]);
  // OpenRouter routes a request with tools only to models whose list has `tools`, so the list answers both ways.
  // Mistral's capabilities are flags its API checks a request against, so each answers both ways.
  recordFirstFact(info, 'supportsTools', ENDPOINT, entry, [
    { field: 'supported_parameters', basis: 'listing', read: (value) => stringList(value)?.includes('tools') },
    { field: 'capabilities.function_calling', basis: 'serving', read: flag },
  ]);
  // A missing `reasoning` only says the effort cannot be set (openai/o4-mini reasons without it), so it answers yes only.
  recordFirstFact(info, 'supportsReasoning', ENDPOINT, entry, [
    {
      field: 'supported_parameters',
      basis: 'listing',
      read: (value) => (stringList(value)?.some((parameter) => parameter === 'reasoning' || parameter === 'include_reasoning') ? true : undefined),
    },
  ]);
  // Both OpenRouter and llama.cpp list every input the model reads, so no `image` means no vision.
  recordFirstFact(info, 'supportsVision', ENDPOINT, entry, [
    { field: 'architecture.input_modalities', basis: 'listing', read: (value) => stringList(value)?.includes('image') },
    { field: 'capabilities.vision', basis: 'serving', read: flag },
  ]);
  return info;
}
