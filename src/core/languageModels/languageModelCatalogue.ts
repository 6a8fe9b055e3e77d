// Our models as VS Code's language model API lists them: one entry per model of every profile's catalogue, its
// limits and capabilities from the catalogue (the user's overrides on top), and back from an entry to the profile and
// model a request goes to. Plain data: the host hands these objects to VS Code as they are.
import type { ModelInfo } from '../protocol/modelInfo';
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

/** The efforts offered when nothing says which a model takes: OpenAI's `reasoning_effort` levels, which proxies map. */
export const REASONING_EFFORT_LEVELS: readonly string[] = ['low', 'medium', 'high'];
/** The choice that sends no `reasoning_effort`: the server's own default. */
export const SERVER_DEFAULT_EFFORT = 'default';

/**
 * The per-model choice VS Code shows (`configurationSchema`, a JSON schema of the options a request then carries as
 * `modelConfiguration`): the reasoning effort, offered where the catalogue says the model reasons or the user's
 * override names an effort. VS Code always sends the choice, filled in with the default, so the default must be what
 * the user already chose: the override's effort, else "the server's default", which sends nothing.
 */
export interface ReasoningEffortSchema {
  readonly type: 'object';
  readonly properties: {
    readonly reasoningEffort: {
      readonly type: 'string';
      readonly title: string;
      readonly description: string;
      readonly enum: readonly string[];
      readonly enumItemLabels: readonly string[];
      readonly default: string;
    };
  };
}

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
  /** The reasoning-effort choice, for a model that takes one (passed on by the extension host like `isUserSelectable`). */
  readonly configurationSchema?: ReasoningEffortSchema;
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
  const effort = reasoningEffortSchema(info);
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
    ...(effort ? { configurationSchema: effort } : {}),
    profile,
    model: info.id,
  };
}

/** The reasoning-effort choice for `info`, or undefined for a model not known to take one. */
export function reasoningEffortSchema(info: ModelInfo): ReasoningEffortSchema | undefined {
  if (info.supportsReasoning === false || (info.supportsReasoning !== true && info.reasoningEffort === undefined)) return undefined;
  const chosen = info.reasoningEffort;
  const levels = chosen === undefined || REASONING_EFFORT_LEVELS.includes(chosen) ? REASONING_EFFORT_LEVELS : [...REASONING_EFFORT_LEVELS, chosen];
  const values = chosen === undefined ? [SERVER_DEFAULT_EFFORT, ...levels] : levels;
  return {
    type: 'object',
    properties: {
      reasoningEffort: {
        type: 'string',
        title: 'Reasoning effort',
        description: 'How much the model thinks before it answers (sent as reasoning_effort).',
        enum: values,
        enumItemLabels: values.map((value) => (value === SERVER_DEFAULT_EFFORT ? "The server's default" : value[0]?.toUpperCase() + value.slice(1))),
        default: chosen ?? SERVER_DEFAULT_EFFORT,
      },
    },
  };
}

/**
 * The model as one request asks for it: the effort VS Code's user chose for it (`modelConfiguration`), when it is one
 * the schema offered; the server's default sends none. Anything else leaves the catalogue's entry as it is.
 */
export function withModelConfiguration(info: ModelInfo, configuration: unknown): ModelInfo {
  const schema = reasoningEffortSchema(info);
  const chosen = typeof configuration === 'object' && configuration !== null ? (configuration as { reasoningEffort?: unknown }).reasoningEffort : undefined;
  if (!schema || typeof chosen !== 'string' || !schema.properties.reasoningEffort.enum.includes(chosen)) return info;
  const { reasoningEffort: _dropped, ...rest } = info;
  return chosen === SERVER_DEFAULT_EFFORT ? rest : { ...rest, reasoningEffort: chosen };
}
