// What a request sends because of the model it goes to: the user's answer-length limit (under the spelling the model
// takes), the reasoning effort where the model can take one, and no tools for a model that takes none. Read from the
// model's catalogue entry (the user's overrides on top of what the server said), so an unknown fact changes nothing.
import type { ModelInfo } from '../protocol/modelInfo';
import type { OutputLimitField } from '../protocol/outputLimitFields';

export interface ModelRequestOptions {
  /** The user's `maxOutputTokens` for this model; sent as `outputLimitField`. Undefined: no limit is sent. */
  maxOutputTokens?: number;
  outputLimitField: OutputLimitField;
  /** Sent as `reasoning_effort`. */
  reasoningEffort?: string;
  /** False when the user turned tools off for the model or the server says it takes none: the request offers none. */
  toolsAllowed: boolean;
}

/**
 * OpenAI's reasoning models (o1, o3, o4-mini, the gpt-5 family; also behind a proxy's `openai/` or `azure/` prefix)
 * refuse `max_tokens` and take only `max_completion_tokens`; every other server takes `max_tokens` (vLLM, llama.cpp,
 * Ollama, LiteLLM, OpenRouter all do). A server that refuses the spelling chosen here is sent the other (see
 * CompatibilityMemory).
 */
export function outputLimitFieldFor(model: string): OutputLimitField {
  return /^(?:[\w.-]+\/)*(?:o\d+|gpt-5)(?:[-.:_]|$)/i.test(model.trim()) ? 'max_completion_tokens' : 'max_tokens';
}

export function modelRequestOptions(info: ModelInfo): ModelRequestOptions {
  const options: ModelRequestOptions = { outputLimitField: outputLimitFieldFor(info.id), toolsAllowed: info.supportsTools !== false };
  // Only the user's limit is sent: the server's own maximum is what it applies anyway, and sending it would leave no
  // room for the prompt on a server that counts both against one window (vLLM refuses such a request).
  if (info.maxOutputTokens !== undefined && info.sources.maxOutputTokens?.basis === 'override') options.maxOutputTokens = info.maxOutputTokens;
  // A model the server says cannot reason is not sent an effort (OpenAI refuses it outright); unknown: the user's word.
  if (info.reasoningEffort !== undefined && info.supportsReasoning !== false) options.reasoningEffort = info.reasoningEffort;
  return options;
}
