// Our models as VS Code's language model API lists them: one entry per model of every profile's catalogue, its
// limits and capabilities from the catalogue (the user's overrides on top), and back from an entry to the profile and
// model a request goes to. Plain data: the host hands these objects to VS Code as they are.
import type { ModelInfo } from '../catalogue/modelInfo';
import { formatModelDetail } from '../catalogue/formatModelDetail';
import type { ContextWindow } from '../context/contextFitter';
import { modelRequestOptions } from '../request/modelRequestOptions';

/**
 * A window nobody stated: what VS Code is told so it can budget its prompt. Small enough that most served models take
 * it (a larger guess would overflow them); a `contextWindow` override, or a server that says it, replaces it.
 */
export const ASSUMED_CONTEXT_WINDOW = 16_384;
/** The answer's room when nobody stated it: a quarter of the window, at most this (as the context fitter assumes). */
const ASSUMED_MAX_OUTPUT = 4096;

/** `LanguageModelChatInformation` with what a request needs to find its server again. */
export interface AskModelChatInformation {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly version: string;
  readonly tooltip: string;
  readonly detail: string;
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
  readonly capabilities: { readonly toolCalling: boolean; readonly imageInput: boolean };
  /**
   * Shown in VS Code's model picker itself, not folded under "Other Models". Not in the stable API's type yet, but the
   * extension host passes it on (the code-server the tests run does); a VS Code without it ignores the key.
   */
  readonly isUserSelectable: true;
  /** The profile whose server answers. */
  readonly profile: string;
  /** The model id that server knows it by. */
  readonly model: string;
}

/**
 * The id VS Code knows a model by: the profile (encoded, so it holds no `/`) and the model id. Unique across profiles
 * (two servers may offer the same model id), and readable: `Default/gpt-4o`, `Local/qwen2.5-coder:7b`.
 */
export function languageModelId(profile: string, model: string): string {
  return `${encodeURIComponent(profile)}/${model}`;
}

/**
 * One entry for `info` on `profile`'s server. `window`: the model's window as requests know it (an overflow may have
 * taught a smaller one than the catalogue says); else the catalogue's, else an assumed one.
 */
export function languageModelInformation(profile: string, info: ModelInfo, window?: ContextWindow): AskModelChatInformation {
  const contextWindow = window?.contextWindow ?? info.contextWindow ?? ASSUMED_CONTEXT_WINDOW;
  const statedOutput = window?.maxOutputTokens ?? info.maxOutputTokens;
  const maxOutputTokens = Math.max(1, Math.min(statedOutput ?? Math.min(ASSUMED_MAX_OUTPUT, Math.floor(contextWindow / 4)), contextWindow - 1));
  const detail = formatModelDetail(info);
  const known = info.contextWindow !== undefined || window !== undefined;
  return {
    id: languageModelId(profile, info.id),
    name: info.id,
    family: info.id,
    version: info.id,
    // The picker shows the profile beside the name, so the same model on two servers can be told apart.
    detail: profile,
    tooltip: `${info.id} on the Ask Model profile "${profile}"${detail ? `: ${detail}` : ''}${known ? '' : ` (window not stated by the server: ${ASSUMED_CONTEXT_WINDOW} tokens assumed; set contextWindow in the profile's modelOverrides)`}`,
    maxInputTokens: Math.max(1, contextWindow - maxOutputTokens),
    maxOutputTokens,
    capabilities: {
      // As our own chat decides: tools unless the server or the user said the model takes none.
      toolCalling: modelRequestOptions(info).toolsAllowed,
      // Only when stated: VS Code sends images to a model that says it reads them.
      imageInput: info.supportsVision === true,
    },
    isUserSelectable: true,
    profile,
    model: info.id,
  };
}
