// The fill-in-the-middle endpoints real servers offer, one record each: where it is, what body it takes, whether it
// takes the code after the cursor as a field of its own, and when `auto` asks it. Adding an endpoint is its name in
// COMPLETION_ENDPOINTS and its record here: the records' type makes the compiler ask for the record and each of its
// parts, the chooser (endpointChooser.ts) reads its probe rank and styles from it, and unit tests hold the ranks
// apart and docs/completions.md's table to naming it.
//
//   infill           llama.cpp's POST /infill: input_prefix, input_suffix, input_extra (chunks of other files)
//   completions      OpenAI-style POST /v1/completions: prompt + suffix (vLLM refuses suffix; then the model
//                    family's raw FIM prompt), at /beta/completions for DeepSeek's FIM
//   fim              Mistral's POST /v1/fim/completions (Codestral): prompt + suffix
//   ollama-generate  Ollama's native POST /api/generate: prompt + suffix, or the raw FIM prompt with `raw`
//   chat             POST /v1/chat/completions, the one endpoint every server has: a request for the missing middle
//
// A fill-in-the-middle body carries the completion model's own settings (`modelOverrides`: its sampling parameters
// under the names each server takes, and its extra body), under the fields the request itself controls; the model's
// stop words join the request's. The profile-wide `askModel.extraBody` is not sent there: it is written for chat
// requests (fields such as `chat_template_kwargs`, `response_format` or `parallel_tool_calls` that /infill, /api/generate
// or a FIM endpoint refuse or misread); a field every completion should carry belongs in the completion model's own
// `extraBody`. The chat endpoint's body is the one request assembly's, as every other surface's.
import { chatPromptForMiddle } from './chatMiddlePrompt';
import type { CompletionInput } from './completionInput';
import type { CompletionEndpoint } from '../settings/completionEndpointSetting';
import { modelBodyFields, SAMPLING_WIRE_NAMES, type SamplingSetting } from '../request/modelBodyFields';

/**
 * How the code after the cursor travels: as a `suffix` field the server fills into the model's template, or inside a
 * raw FIM prompt we render from the model family's template (for a server that refuses `suffix`).
 */
export type SuffixStyle = 'field' | 'template';

/** Where a server's endpoints are: its root (no /v1) and its OpenAI-style /v1. */
export interface CompletionUrls {
  root: string;
  v1: string;
}

export interface EndpointRecord {
  endpoint: CompletionEndpoint;
  /** `POST /infill`, as logs and the README name it. */
  label: string;
  url(urls: CompletionUrls): string;
  /**
   * The suffix styles it can be asked in, best first; the chooser asks `template` only for a model whose family's raw
   * FIM prompt is known.
   */
  styles: readonly SuffixStyle[];
  /**
   * Its place when `auto` probes a server it does not know: lower is asked first, from the richest request to the
   * plainest. Each endpoint has its own.
   */
  probeRank: number;
  /**
   * Hosted APIs (host names) whose fill-in-the-middle is this endpoint alone: `auto` asks them this, with `suffix`,
   * then the chat endpoint, and probes nothing else there.
   */
  onlyFimEndpointOf: readonly string[];
  body(input: CompletionInput, style: SuffixStyle): Record<string, unknown>;
}

/** A newline ends a single-line request at the server, so it generates no more than is shown. */
function stopWords(input: CompletionInput, style: SuffixStyle): string[] {
  const words = style === 'template' && input.template ? [...input.template.stop] : [];
  if (!input.multiline) words.push('\n');
  return words;
}

/** The prompt: the raw FIM prompt for a `template` request, the prefix where the suffix is a field of its own. */
function promptFor(input: CompletionInput, style: SuffixStyle): string {
  return style === 'template' && input.template ? input.template.render(input.prefix, input.suffix) : input.prefix;
}

/** The sampling temperature a completion asks for unless the model's own settings say another. */
const COMPLETION_TEMPERATURE = 0.2;

function listOf(stop: unknown): string[] {
  return typeof stop === 'string' ? [stop] : Array.isArray(stop) ? stop.filter((word): word is string => typeof word === 'string') : [];
}

/**
 * A body: the defaults, then the model's own fields (its extra body and sampling parameters, wire names), then the
 * fields the request controls, the metadata, and the request's stop words with the model's.
 */
function completionBody(input: CompletionInput, defaults: Record<string, unknown>, controlled: Record<string, unknown>, stop: readonly string[]): Record<string, unknown> {
  const { stop: modelStop, ...model } = modelBodyFields(input.modelBody);
  const stops = [...stop, ...listOf(modelStop)];
  return { ...defaults, ...model, ...controlled, ...(stops.length > 0 ? { stop: stops } : {}), ...(input.metadata ? { metadata: input.metadata } : {}) };
}

/** Ollama's names for the sampling parameters in a native request's `options` (it spells repetition_penalty its own way). */
const OLLAMA_OPTION_NAMES: Record<SamplingSetting, string> = { ...SAMPLING_WIRE_NAMES, repetitionPenalty: 'repeat_penalty' };

/** Ollama's native body: the model's extra body at the top, its sampling parameters in `options`. */
function ollamaBody(input: CompletionInput, controlled: Record<string, unknown>, stop: readonly string[]): Record<string, unknown> {
  const settings = input.modelBody ?? {};
  const options: Record<string, unknown> = { temperature: COMPLETION_TEMPERATURE };
  for (const [setting, name] of Object.entries(OLLAMA_OPTION_NAMES) as [SamplingSetting, string][]) {
    const value = settings[setting];
    if (value !== undefined && setting !== 'stop') options[name] = value;
  }
  const stops = [...stop, ...listOf(settings.stop)];
  if (stops.length > 0) options['stop'] = stops;
  return { ...settings.extraBody, ...controlled, options: { ...options, num_predict: input.maxTokens }, ...(input.metadata ? { metadata: input.metadata } : {}) };
}

export const ENDPOINT_RECORDS: Record<CompletionEndpoint, EndpointRecord> = {
  infill: {
    endpoint: 'infill',
    label: 'POST /infill',
    url: (urls) => `${urls.root}/infill`,
    styles: ['field'],
    // The richest: other files' chunks, and the server's prompt cache.
    probeRank: 1,
    onlyFimEndpointOf: [],
    body: (input, style) =>
      completionBody(
        input,
        {},
        {
          model: input.model,
          input_prefix: input.prefix,
          input_suffix: input.suffix,
          input_extra: input.chunks.map((chunk) => ({ filename: chunk.filename, text: chunk.text })),
          n_predict: input.maxTokens,
          // The server keeps the prompt's cache between keystrokes: only what changed is evaluated again.
          cache_prompt: true,
          stream: false,
        },
        stopWords(input, style),
      ),
  },
  completions: {
    endpoint: 'completions',
    label: 'POST /v1/completions',
    url: (urls) => `${urls.v1}/completions`,
    styles: ['field', 'template'],
    probeRank: 3,
    // DeepSeek's /beta/completions takes `suffix` (endpointUrl gives its address).
    onlyFimEndpointOf: ['api.deepseek.com'],
    body: (input, style) =>
      completionBody(
        input,
        { temperature: COMPLETION_TEMPERATURE },
        { model: input.model, prompt: promptFor(input, style), ...(style === 'field' ? { suffix: input.suffix } : {}), max_tokens: input.maxTokens, stream: false },
        stopWords(input, style),
      ),
  },
  fim: {
    endpoint: 'fim',
    label: 'POST /v1/fim/completions',
    url: (urls) => `${urls.v1}/fim/completions`,
    styles: ['field'],
    probeRank: 4,
    // Mistral's API has FIM at its own path only.
    onlyFimEndpointOf: ['api.mistral.ai', 'codestral.mistral.ai'],
    body: (input, style) =>
      completionBody(input, { temperature: COMPLETION_TEMPERATURE }, { model: input.model, prompt: input.prefix, suffix: input.suffix, max_tokens: input.maxTokens, stream: false }, stopWords(input, style)),
  },
  'ollama-generate': {
    endpoint: 'ollama-generate',
    label: 'POST /api/generate',
    url: (urls) => `${urls.root}/api/generate`,
    styles: ['field', 'template'],
    // Before /v1/completions: Ollama's /v1/completions wraps a prompt without `suffix` in the chat template, so the raw
    // FIM prompt must come here with `raw`. Servers without /api/generate answer 404 at once.
    probeRank: 2,
    onlyFimEndpointOf: [],
    body: (input, style) =>
      // Ollama streams unless told not to.
      ollamaBody(input, { model: input.model, prompt: promptFor(input, style), ...(style === 'field' ? { suffix: input.suffix } : { raw: true }), stream: false }, stopWords(input, style)),
  },
  chat: {
    endpoint: 'chat',
    label: 'POST /v1/chat/completions',
    url: (urls) => `${urls.v1}/chat/completions`,
    styles: ['field'],
    // Last: every server has it, and a chat model asked for the middle is the slowest and least exact way.
    probeRank: 5,
    onlyFimEndpointOf: [],
    // The one request assembly's body (the profile's extra body and metadata, the model's overrides), at the
    // completions' temperature unless the model's own settings say another.
    body: (input) => ({ temperature: COMPLETION_TEMPERATURE, ...input.chatRequest(chatPromptForMiddle(input), input.maxTokens) }),
  },
};

/** The root and /v1 of a server whose chat-completions URL is `chatCompletions` (resolveUrls.ts made it). */
export function completionUrlsOf(chatCompletions: string): CompletionUrls {
  const v1 = chatCompletions.slice(0, -'/chat/completions'.length);
  return { root: v1.replace(/\/v1$/, ''), v1 };
}

/**
 * The URL of `endpoint` on this server. DeepSeek serves FIM only at /beta/completions, beside its /v1 chat; no base URL
 * a user would paste leads there, so it is the one host-specific address.
 */
export function endpointUrl(endpoint: CompletionEndpoint, urls: CompletionUrls): string {
  if (endpoint === 'completions' && isHost(urls.root, 'api.deepseek.com')) return `${urls.root}/beta/completions`;
  return ENDPOINT_RECORDS[endpoint].url(urls);
}

export function isHost(url: string, host: string): boolean {
  try {
    return new URL(url).hostname.toLowerCase() === host;
  } catch {
    return false;
  }
}
