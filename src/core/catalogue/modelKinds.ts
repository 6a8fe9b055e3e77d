// What each server calls the kind of a model, as the catalogue's ModelKind, and which kinds each picker offers. Only
// the words a server documents are read; any other value (Mistral's `type` "base", a mode LiteLLM adds later) says
// nothing, and a model of unknown kind stays offered wherever a chat model is.
import type { ModelFacts, ModelKind } from '../protocol/modelInfo';

const LITELLM_MODES: Readonly<Record<string, ModelKind>> = {
  chat: 'chat',
  // LiteLLM serves a Responses-API model through /chat/completions as well.
  responses: 'chat',
  completion: 'completion',
  embedding: 'embeddings',
  rerank: 'rerank',
  image_generation: 'image',
  image_edit: 'image',
  audio_transcription: 'audio',
  audio_speech: 'audio',
  moderation: 'moderation',
};

const TOGETHER_TYPES: Readonly<Record<string, ModelKind>> = {
  chat: 'chat',
  // Together's base models: served at /completions, with no chat template.
  language: 'completion',
  code: 'completion',
  embedding: 'embeddings',
  rerank: 'rerank',
  image: 'image',
  moderation: 'moderation',
  audio: 'audio',
  transcribe: 'audio',
};

const LM_STUDIO_TYPES: Readonly<Record<string, ModelKind>> = { llm: 'chat', vlm: 'chat', embeddings: 'embeddings' };

const lookup =
  (table: Readonly<Record<string, ModelKind>>) =>
  (value: unknown): ModelKind | undefined =>
    typeof value === 'string' && Object.hasOwn(table, value) ? table[value] : undefined;

/** LiteLLM's `mode` (its cost map's, in /model/info and /model_group/info); null for a model the map lacks. */
export const kindOfLiteLlmMode = lookup(LITELLM_MODES);
/** Together's `type` in its /v1/models entries. */
export const kindOfTogetherType = lookup(TOGETHER_TYPES);
/** LM Studio's `type` in /api/v0/models. */
export const kindOfLmStudioType = lookup(LM_STUDIO_TYPES);

/** Ollama's `capabilities` in /api/show: `completion` is a model it generates with (chat included), `embedding` one it only embeds with. */
export function kindOfOllamaCapabilities(value: unknown): ModelKind | undefined {
  if (!Array.isArray(value)) return undefined;
  if (value.includes('completion')) return 'chat';
  return value.includes('embedding') ? 'embeddings' : undefined;
}

/**
 * Mistral's `capabilities` flags in its /v1/models entries, which its API checks a request against: `completion_chat`
 * answers chat both ways; a model that cannot chat is a moderation model, a fill-in-the-middle one, or (its embedding
 * and OCR models) one the list does not name the kind of.
 */
export function kindOfMistralCapabilities(value: unknown): ModelKind | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const flags = value as Record<string, unknown>;
  if (flags['completion_chat'] === true) return 'chat';
  if (flags['completion_chat'] !== false) return undefined;
  if (flags['moderation'] === true) return 'moderation';
  return flags['completion_fim'] === true ? 'completion' : 'other';
}

/** Whether the chat pickers (Select Model, VS Code's model list) offer the model: it chats, or nobody said what it is. */
export function offeredForChat(model: Pick<ModelFacts, 'kind'>): boolean {
  return model.kind === undefined || model.kind === 'chat';
}

/** Whether Select Completion Model offers it: it chats or completes text, or nobody said what it is. */
export function offeredForCompletions(model: Pick<ModelFacts, 'kind'>): boolean {
  return offeredForChat(model) || model.kind === 'completion';
}
