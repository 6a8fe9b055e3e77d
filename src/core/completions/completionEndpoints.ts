// The fill-in-the-middle endpoints real servers offer, one record each: where it is, what body it takes, and whether it
// takes the code after the cursor as a field of its own. Adding an endpoint is adding a record here: the union type
// makes every switch over endpoints (the chooser, the README table's test) name it.
//
//   infill           llama.cpp's POST /infill: input_prefix, input_suffix, input_extra (chunks of other files)
//   completions      OpenAI-style POST /v1/completions: prompt + suffix (vLLM refuses suffix; then the model
//                    family's raw FIM prompt), at /beta/completions for DeepSeek's FIM
//   fim              Mistral's POST /v1/fim/completions (Codestral): prompt + suffix
//   ollama-generate  Ollama's native POST /api/generate: prompt + suffix, or the raw FIM prompt with `raw`
//   chat             POST /v1/chat/completions, the one endpoint every server has: a request for the missing middle
import { chatPromptForMiddle } from './chatMiddlePrompt';
import type { CompletionInput } from './completionInput';
import type { CompletionEndpoint } from '../settings/completionEndpointSetting';

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
  /** The suffix styles it can be asked in, best first. */
  styles: readonly SuffixStyle[];
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

const withMetadata = (body: Record<string, unknown>, input: CompletionInput): Record<string, unknown> => (input.metadata ? { ...body, metadata: input.metadata } : body);
const withStop = (body: Record<string, unknown>, stop: string[]): Record<string, unknown> => (stop.length > 0 ? { ...body, stop } : body);

export const ENDPOINT_RECORDS: Record<CompletionEndpoint, EndpointRecord> = {
  infill: {
    endpoint: 'infill',
    label: 'POST /infill',
    url: (urls) => `${urls.root}/infill`,
    styles: ['field'],
    body: (input, style) =>
      withMetadata(
        withStop(
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
        input,
      ),
  },
  completions: {
    endpoint: 'completions',
    label: 'POST /v1/completions',
    url: (urls) => `${urls.v1}/completions`,
    styles: ['field', 'template'],
    body: (input, style) =>
      withMetadata(
        withStop(
          {
            model: input.model,
            prompt: promptFor(input, style),
            ...(style === 'field' ? { suffix: input.suffix } : {}),
            max_tokens: input.maxTokens,
            temperature: 0.2,
            stream: false,
          },
          stopWords(input, style),
        ),
        input,
      ),
  },
  fim: {
    endpoint: 'fim',
    label: 'POST /v1/fim/completions',
    url: (urls) => `${urls.v1}/fim/completions`,
    styles: ['field'],
    body: (input, style) =>
      withMetadata(withStop({ model: input.model, prompt: input.prefix, suffix: input.suffix, max_tokens: input.maxTokens, temperature: 0.2, stream: false }, stopWords(input, style)), input),
  },
  'ollama-generate': {
    endpoint: 'ollama-generate',
    label: 'POST /api/generate',
    url: (urls) => `${urls.root}/api/generate`,
    styles: ['field', 'template'],
    body: (input, style) => {
      const stop = stopWords(input, style);
      return withMetadata(
        {
          model: input.model,
          prompt: promptFor(input, style),
          ...(style === 'field' ? { suffix: input.suffix } : { raw: true }),
          // Ollama streams unless told not to.
          stream: false,
          options: { num_predict: input.maxTokens, temperature: 0.2, ...(stop.length > 0 ? { stop } : {}) },
        },
        input,
      );
    },
  },
  chat: {
    endpoint: 'chat',
    label: 'POST /v1/chat/completions',
    url: (urls) => `${urls.v1}/chat/completions`,
    styles: ['field'],
    body: (input) =>
      withMetadata({ model: input.model, messages: chatPromptForMiddle(input), max_tokens: input.maxTokens, temperature: 0.2, stream: false }, input),
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
