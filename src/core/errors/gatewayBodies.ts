// What a gateway between us and the model says when it answers instead of the model. Portkey's open AI gateway
// (github.com/Portkey-AI/gateway, read at v1.15.2, and recorded from it: test/fixtures/recorded/portkey) has three
// shapes of its own, each needing a different fix from the person:
// - its own refusals, `{"status":"failure","message":"…"}` (src/middlewares/requestValidator/index.ts): most are about
//   the routing headers (`x-portkey-provider`, `x-portkey-custom-host`, `x-portkey-config`) a profile's `headers`
//   setting carries, not about the model or the body;
// - the upstream's error relayed in a provider wrapper, `{"error":{"message":"<provider> error: …",…},"provider":"…"}`
//   (OpenAIErrorResponseTransform, src/providers/utils.ts): the words are the upstream's, behind the wrapper's prefix;
// - an upstream it could not reach (src/handlers/retryHandler.ts) or one that answered text/HTML
//   (handleTextResponse, src/handlers/streamHandler.ts): `{"html-message":"…"}` (one from 1.9.19 also carried
//   `"provider":"…"`), whose text for a failed fetch is `Message: fetch failed Cause: Error: connect ECONNREFUSED
//   127.0.0.1:8080 Name: TypeError` (a 500), and for a connect that timed out undici's bare `fetch failed`, with no
//   cause and no address (a 503).
// Pure reading of a parsed body; the transport decides what to do with it.
import { isRecord, stringish } from './jsonFields';

export interface GatewayWords {
  /** The words to show, without the gateway's wrapping. */
  message: string;
  code?: string;
  /** Who said `message`: the gateway itself, or the server behind it (relayed). */
  speaker: 'gateway' | 'upstream';
  /** The provider the gateway spoke to upstream, when it said (`"provider":"openai"`). */
  provider?: string;
  /** A routing header the gateway refused or asked for: the fix is in the profile's `headers` setting. */
  routingHeader?: string;
  /**
   * The gateway tried the upstream and could not reach it: the low-level cause as it reported it, and whether it is
   * the bare "fetch failed" Portkey sends (with a 503) for a connect that timed out, naming no cause and no address.
   */
  unreachable?: { cause: string; connectTimedOut?: boolean };
}

/** The gateway's report of a fetch of its upstream that failed (retryHandler.ts: `Message: … Cause: … Name: …`). */
const FAILED_FETCH = /^Message: ([\s\S]*?) Cause: (?:Error: )?([\s\S]*?) Name: (\w+)$/;

/**
 * The gateway's report of a connect to the upstream that timed out: retryRequest answers undici's ConnectTimeoutError
 * with the fetch error's bare message and a 503 (every other failed fetch gets the `Message: … Cause: …` report).
 */
const CONNECT_TIMED_OUT = /^fetch failed$/;

/** Portkey's own refusals and the header each one is about (requestValidator/index.ts at v1.15.2). */
const ROUTING_REFUSALS: readonly { pattern: RegExp; header: string }[] = [
  { pattern: /^Either x-portkey-config or x-portkey-provider header is required$/, header: 'x-portkey-provider' },
  { pattern: /^Invalid provider passed$/, header: 'x-portkey-provider' },
  { pattern: /^Invalid custom host$/, header: 'x-portkey-custom-host' },
  { pattern: /^Either x-portkey-provider needs to be passed\./, header: 'x-portkey-provider' },
  { pattern: /^Invalid config passed$/, header: 'x-portkey-config' },
];

/** Reads a JSON error body as one of the gateway's shapes; undefined for any other body. */
export function readGatewayJson(json: unknown): GatewayWords | undefined {
  if (!isRecord(json)) return undefined;
  const html = json['html-message'];
  if (typeof html === 'string' && Object.keys(json).every((key) => key === 'html-message' || key === 'provider')) {
    const words: GatewayWords = readGatewayText(html) ?? { message: html, speaker: 'upstream' };
    return typeof json['provider'] === 'string' && json['provider'] !== '' ? { ...words, provider: json['provider'] } : words;
  }
  if (json['status'] === 'failure' && typeof json['message'] === 'string') {
    const message = json['message'];
    const routingHeader = ROUTING_REFUSALS.find((refusal) => refusal.pattern.test(message))?.header;
    return { message, speaker: 'gateway', ...(routingHeader ? { routingHeader } : {}) };
  }
  const provider = json['provider'];
  const error = json['error'];
  if (typeof provider === 'string' && provider !== '' && isRecord(error) && typeof error['message'] === 'string') {
    // The wrapper prefixes the upstream's words with "<provider> error: "; the person needs the words, and is told who relayed them.
    const prefix = `${provider} error: `;
    const message = error['message'].startsWith(prefix) ? error['message'].slice(prefix.length) : error['message'];
    const html = readGatewayText(message);
    if (html?.unreachable) return { ...html, provider };
    const code = stringish(error['type']) ?? stringish(error['code']);
    return { message, speaker: 'upstream', provider, ...(code !== undefined ? { code } : {}) };
  }
  return undefined;
}

/** Reads a text body (or an `html-message`): the gateway's failed-fetch report or bare "fetch failed", else undefined. */
export function readGatewayText(text: string): GatewayWords | undefined {
  if (CONNECT_TIMED_OUT.test(text.trim())) return { message: text.trim(), speaker: 'gateway', unreachable: { cause: text.trim(), connectTimedOut: true } };
  const failed = FAILED_FETCH.exec(text.trim());
  if (!failed) return undefined;
  const [, message = '', cause = '', name = ''] = failed;
  // A TypeError from fetch is the network failing (undici's "fetch failed" with the system error as its cause).
  if (name !== 'TypeError' && message !== 'fetch failed') return undefined;
  const said = cause === '' || cause === 'NA' ? message : cause;
  return { message: said, speaker: 'gateway', unreachable: { cause: said } };
}

/** The address the request asked the gateway to forward to (`x-portkey-custom-host`), from the headers we sent. */
export function declaredUpstream(headers: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'x-portkey-custom-host' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** Whether the response came from a Portkey gateway: it stamps its own headers on every answer it relays. */
export function isPortkeyResponse(headers: Record<string, string>): boolean {
  return 'x-portkey-provider' in headers || 'x-portkey-gateway-exception' in headers || 'x-portkey-retry-attempt-count' in headers;
}
