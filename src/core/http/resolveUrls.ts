// Every form of base URL a person might paste reaches exactly one chat-completions endpoint:
//   http://host:4000  http://host:4000/  http://host:4000/v1  http://host:4000/v1/  http://host/v1/chat/completions
// A base whose path already names an API version keeps it: Groq's /openai/v1, Fireworks' /inference/v1, Gemini's
// /v1beta/openai, Zhipu's /api/paas/v4 (providerPresets.ts lists the ones we offer). So does Azure OpenAI's deployment
// shape, /openai/deployments/NAME (its `?api-version=…` query is kept on every URL). Any other path gets /v1.
// The model's name never changes the API we call.
import { SettingsError } from '../errors/AskModelError';

const CHAT_PATH = '/chat/completions';

export interface ServiceUrls {
  chatCompletions: string;
  models: string;
}

export function resolveServiceUrls(baseUrl: string, setting = 'askModel.baseUrl'): ServiceUrls {
  const trimmed = baseUrl.trim();
  if (trimmed === '') throw new SettingsError(setting, 'is empty. Set it to your server\'s address, e.g. http://localhost:4000.');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new SettingsError(setting, `"${trimmed}" is not a URL. Use a full address such as http://localhost:4000.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SettingsError(setting, `"${url.protocol}" is not supported; use an http:// or https:// address.`);
  }
  url.hash = '';
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(CHAT_PATH)) path = path.slice(0, -CHAT_PATH.length);
  if (!hasVersionSegment(path) && !isAzureDeployment(path)) path = `${path}/v1`;
  const at = (suffix: string): string => {
    const copy = new URL(url.toString());
    copy.pathname = `${path}${suffix}`;
    return copy.toString();
  };
  return { chatCompletions: at(CHAT_PATH), models: at('/models') };
}

/** Azure OpenAI's deployment path, whose chat endpoint is right below it: /openai/deployments/NAME/chat/completions. */
function isAzureDeployment(path: string): boolean {
  return /\/openai\/deployments\/[^/]+$/.test(path);
}

/** A path segment such as v1, v4 or v1beta (lower case: an upper-case V1 is someone's folder, as before). */
function hasVersionSegment(path: string): boolean {
  return path.split('/').some((segment) => /^v\d+[a-z]*$/.test(segment));
}
