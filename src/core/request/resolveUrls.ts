// Every form of base URL a person might paste reaches exactly one chat-completions endpoint:
//   http://host:4000  http://host:4000/  http://host:4000/v1  http://host:4000/v1/  http://host/v1/chat/completions
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
  if (!/\/v1$/.test(path)) path = `${path}/v1`;
  const at = (suffix: string): string => {
    const copy = new URL(url.toString());
    copy.pathname = `${path}${suffix}`;
    return copy.toString();
  };
  return { chatCompletions: at(CHAT_PATH), models: at('/models') };
}
