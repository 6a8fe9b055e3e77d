// One request path: every surface that asks the chat endpoint (Ask Model, Edit Selection, our chat, VS Code's chat
// through our language model provider, Test Connection, a summary for the context fitter) builds its request here,
// from the same facts: the profile's settings (model, stream, metadata, extra body), the user's settings for the model
// (its sampling parameters and extra body, from modelOverrides), the model's catalogue entry with the user's overrides
// (output limit and its spelling, reasoning effort, whether it takes tools, prices) and the tools
// offered. A surface names itself (the default generation name) and may ask for less (no tools, no stream, a smaller
// output limit); it never assembles a body of its own, so a new request field is added once, here or below.
import type { ModelInfo, TokenPrices } from '../protocol/modelInfo';
import type { ChatCompletionRequest, ChatMessage, ToolDefinition } from '../protocol/messages';
import { buildChatRequest, type RequestSettings } from './buildChatRequest';
import { modelBodyFields, type ModelBodySettings } from './modelBodyFields';
import { modelRequestOptions, type ModelRequestOptions } from './modelRequestOptions';

/** Who asks: the default generation name, so a proxy's logs tell the features apart. */
export type RequestSurface = 'ask-model' | 'chat' | 'edit-selection' | 'test-connection' | 'vscode-chat' | 'inline-completion' | 'commit-message';

export interface RequestAssemblyInput {
  /**
   * The profile's settings as read (the settings' ExtensionSettings has these fields); `model` is the model asked (a
   * picker's choice replaces the profile's). Declared here by what it reads, since the settings sit a floor above.
   */
  settings: Pick<RequestSettings, 'model' | 'stream' | 'metadata' | 'extraBody'> & { modelOverrides: Readonly<Record<string, ModelBodySettings>> };
  surface: RequestSurface;
  /** The model's catalogue entry with the user's overrides (what is known now: a request never waits on discovery). */
  modelInfo: ModelInfo;
  /** The tools the surface offers; none by default. A model that takes none is offered none whatever this says. */
  tools?: readonly ToolDefinition[];
}

/** What a surface may ask for less of, per request. */
export interface RequestVariant {
  /** Replaces the offered tools (`[]`: none, as a summary or a connection test sends). */
  tools?: readonly ToolDefinition[];
  toolChoice?: 'auto' | 'none' | 'required';
  /** A smaller answer than the model's limit (a summary's room, Test Connection's one token). */
  maxOutputTokens?: number;
  stream?: boolean;
}

export interface RequestAssembly {
  readonly model: string;
  readonly modelOptions: ModelRequestOptions;
  /** The model's list prices, when the catalogue has both (for the answer's cost). */
  readonly prices: TokenPrices | undefined;
  /** The tools the requests offer (after the model's own say). */
  readonly tools: readonly ToolDefinition[];
  /** The request for `messages`; throws a SettingsError naming the setting that makes it invalid. */
  request(messages: readonly ChatMessage[], variant?: RequestVariant): ChatCompletionRequest;
}

/**
 * The profile's settings for the model asked: the generation name a surface sends (the configured one, else the
 * surface's own: `ask-model`, `chat`, …) and what the model's overrides add to the body.
 */
export function requestSettingsFor(settings: RequestAssemblyInput['settings'], surface: RequestSurface): RequestSettings {
  const model = settings.model.trim();
  return {
    model: settings.model,
    stream: settings.stream,
    metadata: { ...settings.metadata, generationName: settings.metadata.generationName.trim() || surface },
    extraBody: settings.extraBody,
    modelBody: modelBodyFields(Object.hasOwn(settings.modelOverrides, model) ? settings.modelOverrides[model] : undefined),
  };
}

export function assembleRequests(input: RequestAssemblyInput): RequestAssembly {
  const modelOptions = modelRequestOptions(input.modelInfo);
  const base = { ...requestSettingsFor(input.settings, input.surface), modelOptions };
  const tools = modelOptions.toolsAllowed ? [...(input.tools ?? [])] : [];
  const { inputPricePerToken, outputPricePerToken } = input.modelInfo;
  return {
    model: input.settings.model,
    modelOptions,
    prices: inputPricePerToken !== undefined && outputPricePerToken !== undefined ? { inputPerToken: inputPricePerToken, outputPerToken: outputPricePerToken } : undefined,
    tools,
    request(messages, variant = {}) {
      const settings: RequestSettings = {
        ...base,
        ...(variant.stream !== undefined ? { stream: variant.stream } : {}),
        ...(variant.maxOutputTokens !== undefined ? { modelOptions: { ...modelOptions, maxOutputTokens: variant.maxOutputTokens } } : {}),
      };
      const offered = variant.tools ?? tools;
      return buildChatRequest({ settings, messages, tools: offered, ...(offered.length > 0 ? { toolChoice: variant.toolChoice ?? 'auto' } : {}) });
    },
  };
}
