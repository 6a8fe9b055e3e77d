// Failures below HTTP (connect, DNS, TLS, resets), time-outs, and failures inside a stream that had started.
import { AskModelError } from './AskModelError';
import { displayUrl } from './redact';

export type ConnectionFailure = 'refused' | 'dns' | 'tls' | 'reset' | 'connect-timeout' | 'other';

export class ConnectionError extends AskModelError {
  readonly kind = 'connection';
  readonly url: string;
  constructor(
    readonly failure: ConnectionFailure,
    url: string,
    /** The low-level code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED…), for the log. */
    readonly code: string | undefined,
  ) {
    const shown = displayUrl(url);
    const host = safeHost(url);
    const messages: Record<ConnectionFailure, string> = {
      refused: `Could not connect to ${shown}: connection refused. Is the server running? Check the setting askModel.baseUrl.`,
      dns: `Could not find the host "${host}" (${code ?? 'DNS lookup failed'}). Check the setting askModel.baseUrl.`,
      tls: tlsMessage(shown, host, code),
      reset: `The connection to ${shown} was closed before an answer arrived. Retry.`,
      'connect-timeout': `Connecting to ${shown} timed out. Check the setting askModel.baseUrl and your network.`,
      other: `Could not reach ${shown}${code ? ` (${code})` : ''}. Check the setting askModel.baseUrl.`,
    };
    super(messages[failure], failure === 'reset' ? ['retry'] : ['open-settings', 'retry']);
    this.url = shown;
  }
}

export type TimeoutPhase = 'first-byte' | 'idle';

export class TimeoutError extends AskModelError {
  readonly kind = 'timeout';
  readonly url: string;
  constructor(
    readonly phase: TimeoutPhase,
    readonly timeoutMs: number,
    url: string,
  ) {
    const seconds = formatSeconds(timeoutMs);
    const shown = displayUrl(url);
    super(
      phase === 'first-byte'
        ? `No answer from ${shown} within ${seconds}. The server may be busy or still loading the model. Retry, or raise the setting askModel.timeouts.firstByteSeconds.`
        : `The answer from ${shown} stalled: nothing arrived for ${seconds}. The partial answer is kept. Retry, or raise the setting askModel.timeouts.idleSeconds.`,
      ['retry', 'open-settings'],
    );
    this.url = shown;
  }
}

export type StreamFailure = 'server-error' | 'malformed' | 'truncated' | 'connection-lost';

/** The answer had begun and then went wrong. Whatever arrived before stays with the caller. */
export class StreamError extends AskModelError {
  readonly kind = 'stream';
  constructor(
    readonly failure: StreamFailure,
    message: string,
    readonly serverMessage?: string,
  ) {
    super(message, ['retry']);
  }

  static serverError(url: string, serverMessage: string): StreamError {
    return new StreamError(
      'server-error',
      `The server reported an error in the middle of the answer from ${displayUrl(url)}: "${serverMessage}". The partial answer is kept; retry.`,
      serverMessage,
    );
  }

  static malformed(url: string, sample: string): StreamError {
    const shown = sample.length > 80 ? `${sample.slice(0, 79)}…` : sample;
    return new StreamError(
      'malformed',
      `The stream from ${displayUrl(url)} sent data that is not JSON: ${JSON.stringify(shown)}. The partial answer is kept; retry, or turn off askModel.stream if this server cannot stream.`,
    );
  }

  static truncated(url: string): StreamError {
    return new StreamError(
      'truncated',
      `The answer from ${displayUrl(url)} ended before it was finished (no finish reason and no [DONE]). The partial answer is kept; retry.`,
    );
  }

  static connectionLost(url: string, code: string | undefined): StreamError {
    return new StreamError(
      'connection-lost',
      `The connection to ${displayUrl(url)} was lost in the middle of the answer${code ? ` (${code})` : ''}. The partial answer is kept; retry.`,
    );
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** Certificate problems, each with its own fix: an authority this machine does not trust is the usual one behind a company proxy. */
const UNTRUSTED_CODES = new Set(['SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY']);

function tlsMessage(shown: string, host: string, code: string | undefined): string {
  if (code && UNTRUSTED_CODES.has(code)) {
    return (
      `The certificate of ${host} is not trusted (${code}): a certificate authority this machine does not trust issued it. ` +
      `If your company or its proxy uses its own authority, add its certificate to the system's trust store (VS Code uses it while the setting http.systemCertificates is on), ` +
      `or point the environment variable NODE_EXTRA_CA_CERTS at its PEM file, then restart VS Code.`
    );
  }
  if (code === 'CERT_HAS_EXPIRED') return `The certificate of ${host} has expired (${code}); the server's owner must renew it.`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `The certificate of ${host} was issued for another name (${code}). Use the name it was issued for in askModel.baseUrl.`;
  return `The secure connection to ${shown} failed (${code ?? 'TLS error'}). Check the server's certificate, or use http:// for a local server.`;
}
