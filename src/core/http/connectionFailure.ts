// Node's fetch (undici) reports network failures as `TypeError: fetch failed` with the system error in `cause`.
// This reads the code out of that chain so the user sees "connection refused", not "fetch failed".
import type { ConnectionFailure } from '../errors/transportErrors';

export function connectionCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current === 'object' && current !== null) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && code !== '') return code;
      current = (current as { cause?: unknown }).cause;
    } else break;
  }
  return undefined;
}

export function classifyConnectionFailure(code: string | undefined): ConnectionFailure {
  if (!code) return 'other';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') return 'reset';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'connect-timeout';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return 'tls';
  return 'other';
}

/** The innermost message in the cause chain ("bad port", "getaddrinfo ENOTFOUND host"), for errors without a code. */
export function connectionDetail(error: unknown): string | undefined {
  let current: unknown = error;
  let message: string | undefined;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const text = (current as { message?: unknown }).message;
    if (typeof text === 'string' && text !== '' && text !== 'fetch failed') message = text;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}
