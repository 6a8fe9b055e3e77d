// The hosted providers Add Profile offers by name, so a user need not know an OpenAI-compatible base URL: each one's
// base URL (as its own documentation gives it for OpenAI's client), the headers it asks for, and the page where its
// keys are made. The key itself goes to SecretStorage and is sent as `Authorization: Bearer`, as every one of these
// accepts but Azure's deployment URLs, which want it in an `api-key` header (`apiKeyHeader`). A preset whose URL has a part only the user knows (Azure's resource name) names the part as {placeholder}.
import { resolveServiceUrls } from '../http/resolveUrls';

export interface ProviderPreset {
  id: string;
  /** The provider's name, also the profile's default name. */
  name: string;
  /** The base URL; `{resource}` and the like are asked of the user (see `placeholders`). */
  baseUrl: string;
  /** Headers the provider asks for besides the key (none carries a secret). */
  headers: Readonly<Record<string, string>>;
  /** Where the user makes a key. */
  keyPage: string;
  /** One line for the pick: what to know before choosing it. */
  note: string;
  /** The parts of `baseUrl` the user fills in, each with the prompt that asks for it. */
  placeholders?: Readonly<Record<string, string>>;
  /** The header the key goes in when it is not `Authorization: Bearer` (askModel.apiKeyHeader). */
  apiKeyHeader?: string;
}

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'openrouter',
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    // OpenRouter's optional app attribution headers: the app's name and site on its rankings.
    headers: { 'HTTP-Referer': 'https://marketplace.visualstudio.com/items?itemName=ask-model.ask-model', 'X-Title': 'Ask Model' },
    keyPage: 'https://openrouter.ai/settings/keys',
    note: 'Hundreds of models from many providers behind one key; prices and context windows come from its model list.',
  },
  { id: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', headers: {}, keyPage: 'https://platform.openai.com/api-keys', note: 'OpenAI’s own API.' },
  { id: 'deepseek', name: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', headers: {}, keyPage: 'https://platform.deepseek.com/api_keys', note: 'deepseek-chat and deepseek-reasoner.' },
  { id: 'groq', name: 'Groq', baseUrl: 'https://api.groq.com/openai/v1', headers: {}, keyPage: 'https://console.groq.com/keys', note: 'Fast open models; its model list gives each window.' },
  { id: 'mistral', name: 'Mistral', baseUrl: 'https://api.mistral.ai/v1', headers: {}, keyPage: 'https://console.mistral.ai/api-keys', note: 'Mistral’s models, Codestral included.' },
  { id: 'together', name: 'Together AI', baseUrl: 'https://api.together.xyz/v1', headers: {}, keyPage: 'https://api.together.ai/settings/api-keys', note: 'Open models hosted by Together.' },
  { id: 'fireworks', name: 'Fireworks AI', baseUrl: 'https://api.fireworks.ai/inference/v1', headers: {}, keyPage: 'https://fireworks.ai/account/api-keys', note: 'Open models hosted by Fireworks (ids like accounts/fireworks/models/…).' },
  { id: 'xai', name: 'xAI', baseUrl: 'https://api.x.ai/v1', headers: {}, keyPage: 'https://console.x.ai', note: 'The Grok models.' },
  {
    id: 'gemini',
    name: 'Google Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    headers: {},
    keyPage: 'https://aistudio.google.com/apikey',
    note: 'Gemini through Google’s OpenAI-compatible endpoint (a Google AI Studio key).',
  },
  {
    id: 'azure-openai',
    name: 'Azure OpenAI',
    // The v1 API: the model is your deployment's name, no api-version needed, and the key is accepted as a Bearer
    // token. The older /openai/deployments/<name>/chat/completions?api-version=… shape wants the key in an `api-key`
    // header instead (see the README).
    baseUrl: 'https://{resource}.openai.azure.com/openai/v1',
    headers: {},
    keyPage: 'https://portal.azure.com/#view/Microsoft_Azure_ProjectOxford/CognitiveServicesHub/~/OpenAI',
    note: 'Your Azure OpenAI resource’s v1 API; the model is your deployment’s name.',
    placeholders: { resource: 'Your Azure OpenAI resource’s name (the first part of https://NAME.openai.azure.com)' },
  },
  {
    id: 'azure-openai-deployment',
    name: 'Azure OpenAI (deployment)',
    // The deployment URL with its api-version, for a resource or a client that has no v1 API: the deployment is in the
    // URL (the model field is not what chooses it) and the key goes in Azure's `api-key` header.
    baseUrl: 'https://{resource}.openai.azure.com/openai/deployments/{deployment}?api-version=2024-10-21',
    headers: {},
    apiKeyHeader: 'api-key',
    keyPage: 'https://portal.azure.com/#view/Microsoft_Azure_ProjectOxford/CognitiveServicesHub/~/OpenAI',
    note: 'One deployment of your Azure OpenAI resource, by its URL and api-version 2024-10-21; the key in the api-key header.',
    placeholders: {
      resource: 'Your Azure OpenAI resource’s name (the first part of https://NAME.openai.azure.com)',
      deployment: 'The deployment’s name (Azure AI Foundry → Deployments)',
    },
  },
];

/** The names inside `{…}` in a preset's URL. */
export function placeholdersOf(preset: ProviderPreset): string[] {
  return [...preset.baseUrl.matchAll(/\{([a-z]+)\}/g)].map((match) => match[1] ?? '');
}

/**
 * The preset's base URL with each placeholder filled. A value that could change the URL's shape (a dot in the host, a
 * slash, a space, an empty one) is refused with a sentence naming the part, so the URL always stays on the provider's
 * domain. A part of the host is lower-cased; a part of the path (a deployment's name) is kept as typed.
 */
export function fillPresetUrl(preset: ProviderPreset, values: Readonly<Record<string, string>> = {}): string {
  let url = preset.baseUrl;
  const pathStart = preset.baseUrl.indexOf('/', preset.baseUrl.indexOf('//') + 2);
  for (const name of placeholdersOf(preset)) {
    const value = (values[name] ?? '').trim();
    const inHost = preset.baseUrl.indexOf(`{${name}}`) < pathStart;
    const allowed = inHost ? /^[A-Za-z0-9][A-Za-z0-9-]*$/ : /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
    if (!allowed.test(value)) {
      const rule = inHost ? 'letters, digits and dashes only' : 'letters, digits, dots, dashes and underscores only';
      throw new RangeError(`${preset.name} needs ${preset.placeholders?.[name] ?? name}: ${rule}${value === '' ? '' : `, not "${value}"`}.`);
    }
    url = url.replace(`{${name}}`, inHost ? value.toLowerCase() : value);
  }
  resolveServiceUrls(url);
  return url;
}
