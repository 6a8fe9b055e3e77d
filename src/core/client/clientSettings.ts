// The client's settings, checked once when it is made: a wrong value is a SettingsError naming the setting to fix,
// before anything is sent.
import { SettingsError } from '../errors/AskModelError';
import { HEADER_NAME } from '../http/headerName';

export const DEFAULT_FIRST_BYTE_MS = 120_000;
export const DEFAULT_IDLE_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;

/** `headers` checked; a bad one is a SettingsError for `setting` (the profile's headers, or a model's in modelOverrides). */
export function checkCustomHeaders(headers: Record<string, string>, setting = 'askModel.headers'): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') {
      throw new SettingsError(setting, 'cannot set Authorization: store the key as this server\'s API key instead (it is kept in the system\'s secret storage, not in settings).');
    }
    if (!HEADER_NAME.test(name)) throw new SettingsError(setting, `"${name}" is not a valid header name.`);
    if (typeof value !== 'string' || /[\r\n]/.test(value)) {
      throw new SettingsError(setting, `the value of "${name}" must be a single-line string.`);
    }
    checked[name] = value;
  }
  return checked;
}

/** The name of the header the key is sent in (askModel.apiKeyHeader): a header name, `Authorization` by default. */
export function checkApiKeyHeader(name: string | undefined, setting = 'askModel.apiKeyHeader'): string {
  const header = (name ?? '').trim() || 'Authorization';
  if (!HEADER_NAME.test(header)) throw new SettingsError(setting, `"${header}" is not a valid header name; use e.g. Authorization or api-key.`);
  return header;
}

export function checkTimeout(ms: number, setting: string): number {
  if (!Number.isFinite(ms) || ms < 0) throw new SettingsError(setting, 'must be a number of seconds, 0 or more (0 = no limit).');
  return ms;
}

export function checkRetries(count: number): number {
  if (!Number.isInteger(count) || count < 0 || count > 10) throw new SettingsError('askModel.maxRetries', 'must be a whole number from 0 to 10.');
  return count;
}

/** The headers `over` sets in place of those of `base` of the same name, whatever its case (header names are case-blind). */
export function headersOver(base: Readonly<Record<string, string>>, over: Readonly<Record<string, string>> | undefined): Record<string, string> {
  if (over === undefined) return { ...base };
  const replaced = new Set(Object.keys(over).map((name) => name.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(base).filter(([name]) => !replaced.has(name.toLowerCase()))), ...over };
}
