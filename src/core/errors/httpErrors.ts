// HTTP failures: one class per status family, made by `createHttpError` from the response, each with the server's
// own words and the fix a person can apply.
import { recogniseContextOverflow, type ContextOverflow } from './contextOverflow';
import { AskModelError, type ErrorAction } from './AskModelError';
import type { GatewayWords } from './gatewayBodies';
import { findMissingField, missingFieldHint } from './missingField';
import { displayUrl, redactSecret } from './redact';
import { extractServerWords } from './serverMessage';

export interface HttpErrorDetails {
  status: number;
  url: string;
  /** The server's words (already redacted and shortened). */
  serverMessage: string;
  /** The OpenAI-style error code or type, when present. */
  serverCode?: string;
  /** The response body as text (redacted, at most a few KB). */
  body: string;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  /** How long the server asked us to wait, when it said (retry-after-ms / retry-after). */
  retryAfterMs?: number;
  /** Whether the request carried an API key (a 401 without one needs a different fix). */
  hadApiKey: boolean;
  /**
   * The server said it inside a 200 answer that had already begun (an SSE `error` event or a `{"error": …}` chunk):
   * `status` is the one the event carried or implied, and what arrived before it stays with the caller.
   */
  midStream?: boolean;
  /** The body was a gateway's own shape (gatewayBodies.ts): who spoke, and what about. */
  gateway?: GatewayWords;
  /** Where our request asked the gateway to forward it (its `x-portkey-custom-host` header), when it did. */
  declaredUpstream?: string;
}

export abstract class HttpError extends AskModelError {
  readonly status: number;
  readonly url: string;
  readonly serverMessage: string;
  readonly serverCode: string | undefined;
  readonly body: string;
  readonly headers: Record<string, string>;
  readonly retryAfterMs: number | undefined;
  /** Reported inside an answer that had begun (see HttpErrorDetails.midStream). */
  readonly midStream: boolean;

  protected constructor(details: HttpErrorDetails, summary: string, fix: string, actions: readonly ErrorAction[]) {
    const said = details.serverMessage ? ` ${speakerOf(details)} said: "${details.serverMessage}".` : '';
    const where = details.midStream ? `${displayUrl(details.url)} stopped in the middle of the answer (${details.status})` : `${details.status} from ${displayUrl(details.url)}`;
    const kept = details.midStream ? ' The partial answer is kept.' : '';
    super(`${where}: ${summary}.${said}${kept}${fix ? ` ${fix}` : ''}`, actions);
    this.midStream = details.midStream === true;
    this.status = details.status;
    this.url = displayUrl(details.url);
    this.serverMessage = details.serverMessage;
    this.serverCode = details.serverCode;
    this.body = details.body;
    this.headers = details.headers;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** Who said the words an error quotes: a gateway in front of the server, the server behind it, or the server. */
function speakerOf(details: HttpErrorDetails): string {
  if (details.gateway?.speaker === 'gateway') return 'The gateway';
  if (details.gateway?.speaker === 'upstream') return `The server behind the gateway${details.gateway.provider ? ` (provider ${details.gateway.provider})` : ''}`;
  return 'The server';
}

/**
 * 400 and 422: the server did not accept the request's content. Names a missing field when the server does. A
 * gateway's refusal of its routing headers is about the profile's `headers` setting, not the model or the body.
 */
export class BadRequestError extends HttpError {
  readonly kind = 'bad-request';
  /** The request field the server said is missing, if it said so. */
  readonly missingField: string | undefined;
  /** The gateway's routing header it refused or asked for (e.g. `x-portkey-provider`), if that was the trouble. */
  readonly routingHeader: string | undefined;
  constructor(details: HttpErrorDetails) {
    const routingHeader = details.gateway?.routingHeader;
    const missingField = routingHeader ? undefined : findMissingField(details.serverMessage);
    const summary = routingHeader
      ? `the gateway could not tell where to send the request (its "${routingHeader}" header)`
      : details.status === 422
        ? 'the server could not process the request'
        : 'the server rejected the request';
    const fix = routingHeader
      ? routingHint(routingHeader)
      : missingField
        ? missingFieldHint(missingField)
        : 'Check the settings askModel.model and askModel.extraBody.';
    super(details, summary, fix, ['open-settings']);
    this.missingField = missingField;
    this.routingHeader = routingHeader;
  }
}

/** Portkey routes by headers; a profile carries them in its `headers` setting (askModel.headers for the Default profile). */
function routingHint(header: string): string {
  const example = '{ "x-portkey-provider": "openai", "x-portkey-custom-host": "http://your-server:8080/v1" }';
  if (header === 'x-portkey-custom-host') {
    return `Check "x-portkey-custom-host" in this profile's headers setting (askModel.headers, or the profile's headers in askModel.profiles): a full http(s) address of the server behind the gateway, e.g. ${example}. The gateway refuses private network addresses other than localhost unless its TRUSTED_CUSTOM_HOSTS lists them.`;
  }
  if (header === 'x-portkey-config') return 'Check "x-portkey-config" in this profile\'s headers setting (askModel.headers, or the profile\'s headers in askModel.profiles).';
  return `Add the gateway's routing headers to this profile's headers setting (askModel.headers, or the profile's headers in askModel.profiles), e.g. ${example}; "x-portkey-provider" names the protocol the server behind it speaks (openai for any OpenAI-compatible server).`;
}

/**
 * A gateway answered for the server behind it, which it could not reach (refused, unknown host, bad address, a connect
 * that timed out). The next try meets the same closed door, so it is not retried (retryPolicy.ts); the fix is the
 * upstream, its address, or the gateway's way to it. Where neither our headers nor the gateway's words name the
 * address, the message says so rather than leave the person to guess which one.
 */
export class UpstreamUnreachableError extends HttpError {
  readonly kind = 'upstream-unreachable';
  /** The gateway's own words for the failure, e.g. "connect ECONNREFUSED 127.0.0.1:8080", or "fetch failed" alone. */
  readonly upstreamFailure: string;
  /** The gateway gave up connecting (Portkey's 503 "fetch failed"), rather than being refused or finding no such host. */
  readonly connectTimedOut: boolean;
  constructor(details: HttpErrorDetails, upstreamFailure: string, connectTimedOut = false) {
    const where = details.declaredUpstream !== undefined ? displayUrl(details.declaredUpstream) : upstreamFromCause(upstreamFailure);
    const how = connectTimedOut ? ' (connecting to it timed out)' : '';
    super(
      details,
      where ? `the gateway could not reach its upstream at ${where}${how}` : `the gateway could not reach its upstream${how} and did not say which address it tried`,
      `Check that the server behind the gateway is running, and the address the gateway forwards to: "x-portkey-custom-host" in this profile's headers setting (askModel.headers, or the profile's headers in askModel.profiles), or the gateway's own configuration.${connectTimedOut ? ' A connect that times out can also mean the gateway\'s own network cannot reach that address (a container\'s network, a firewall, a proxy).' : ''}`,
      ['open-settings', 'show-log', 'retry'],
    );
    this.upstreamFailure = upstreamFailure;
    this.connectTimedOut = connectTimedOut;
  }
}

/** The address in a fetch failure's words: "connect ECONNREFUSED 127.0.0.1:8080", "getaddrinfo ENOTFOUND host". */
function upstreamFromCause(cause: string): string | undefined {
  return /\b(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH)\s+(\S+)/.exec(cause)?.[1];
}

/**
 * The request did not fit the model's context window, whatever status the server chose to say it with (400 mostly,
 * 500 from older llama.cpp, 413 from some proxies). Carries the numbers the server gave, the window above all.
 */
export class ContextOverflowError extends HttpError {
  readonly kind = 'context-overflow';
  readonly overflow: ContextOverflow;
  constructor(details: HttpErrorDetails, overflow: ContextOverflow) {
    // vLLM's 'max_tokens is too large': the conversation fits, the room asked for the answer does not.
    const answerRoomTooLarge = overflow.requestedOutputTokens !== undefined && overflow.promptTokens !== undefined && overflow.contextWindow !== undefined && overflow.promptTokens < overflow.contextWindow;
    super(
      details,
      `${answerRoomTooLarge ? 'the conversation and the room asked for the answer do not fit' : 'the conversation is longer than'} the model's context window${describeOverflow(overflow)}`,
      `Start a new chat, compact the conversation, ${answerRoomTooLarge ? 'ask for less room for the answer (a smaller max_tokens), ' : ''}choose a model with a larger context window, or set this model's context window to what the server allows so the conversation is fitted to it.`,
      ['select-model', 'open-settings'],
    );
    this.overflow = overflow;
  }
}

function describeOverflow(overflow: ContextOverflow): string {
  const said: string[] = [];
  if (overflow.contextWindow !== undefined) said.push(`the window is ${overflow.contextWindow} tokens`);
  if (overflow.promptTokens !== undefined) said.push(`the conversation is ${overflow.promptTokens}`);
  if (overflow.requestedOutputTokens !== undefined) said.push(`the answer asked room for ${overflow.requestedOutputTokens}`);
  if (overflow.exceededBy !== undefined) said.push(`${overflow.exceededBy} tokens too many`);
  return said.length > 0 ? ` (${said.join(', ')})` : '';
}

export class AuthenticationError extends HttpError {
  readonly kind = 'authentication';
  constructor(details: HttpErrorDetails) {
    const summary = details.hadApiKey ? 'the API key was refused' : 'the server needs an API key and none is set';
    super(details, summary, details.hadApiKey ? 'Store the right key for this server.' : 'Store a key for this server.', ['set-api-key']);
  }
}

export class PermissionDeniedError extends HttpError {
  readonly kind = 'permission-denied';
  constructor(details: HttpErrorDetails) {
    super(
      details,
      'the API key is not allowed to do this',
      'Check the key\'s access to this model (askModel.model), or store another key for this server.',
      ['set-api-key', 'open-settings'],
    );
  }
}

export class NotFoundError extends HttpError {
  readonly kind = 'not-found';
  constructor(details: HttpErrorDetails) {
    const aboutModel = /model/i.test(details.serverMessage);
    // Relayed by a gateway: the gateway was found; the address it forwards to is what is wrong.
    const behindGateway = details.gateway?.speaker === 'upstream';
    super(
      details,
      aboutModel ? 'the server does not know this model' : behindGateway ? 'the server behind the gateway has nothing at the address it forwards to' : 'nothing answers chat completions at this URL',
      aboutModel
        ? 'Choose another model.'
        : behindGateway
          ? 'Check "x-portkey-custom-host" in this profile\'s headers setting (askModel.headers, or the profile\'s headers in askModel.profiles): the server\'s address with its /v1, e.g. http://your-server:8080/v1.'
          : 'Check the setting askModel.baseUrl: it should be the server\'s address, e.g. http://localhost:4000.',
      aboutModel ? ['select-model', 'open-settings'] : ['open-settings'],
    );
  }
}

export class PayloadTooLargeError extends HttpError {
  readonly kind = 'payload-too-large';
  constructor(details: HttpErrorDetails) {
    super(
      details,
      'the request is too large for the server',
      'Select less code, start a new chat, or lower the setting askModel.maxContextCharacters.',
      ['open-settings'],
    );
  }
}

export class RateLimitError extends HttpError {
  readonly kind = 'rate-limit';
  constructor(details: HttpErrorDetails) {
    const wait = details.retryAfterMs !== undefined ? `Retry in ${Math.ceil(details.retryAfterMs / 1000)} s.` : 'Wait a moment and retry.';
    super(details, 'rate limit or quota reached', wait, ['retry']);
  }
}

/** 408, 409 and every 5xx: the server (or something in front of it) failed; retrying may help. */
export class ServerError extends HttpError {
  readonly kind = 'server';
  constructor(details: HttpErrorDetails) {
    // Portkey marks a failure inside itself (not the upstream's) with this header (tryTargetsRecursively).
    const gatewayFailed = details.headers['x-portkey-gateway-exception'] === 'true';
    const summary = gatewayFailed
      ? 'the gateway failed inside itself'
      : details.status === 408
        ? 'the server timed out waiting for the request'
        : details.status === 409
          ? 'the server reported a conflict'
          : details.status === 502 || details.status === 503 || details.status === 504
            ? 'the server, or the service behind it, is unavailable'
            : 'the server failed';
    super(details, summary, gatewayFailed ? 'Retry; if it keeps failing, check the gateway\'s own log.' : 'Retry; if it keeps failing, check the server\'s own log.', ['retry', 'show-log']);
  }
}

/** Any other status (a 3xx we could not follow, an unusual 4xx). */
export class UnexpectedStatusError extends HttpError {
  readonly kind = 'unexpected-status';
  constructor(details: HttpErrorDetails) {
    super(details, 'unexpected answer', 'Check the setting askModel.baseUrl.', ['open-settings']);
  }
}

export function createHttpError(details: HttpErrorDetails): HttpError {
  const { status } = details;
  const overflow = recogniseContextOverflow(status, details.body);
  if (overflow) return new ContextOverflowError(details, overflow);
  if (details.gateway?.unreachable) {
    // Portkey sends the bare "fetch failed" only for a connect that timed out, and with a 503; another status is
    // someone else's failed fetch, unreachable all the same but not known to have timed out.
    const { cause, connectTimedOut } = details.gateway.unreachable;
    return new UpstreamUnreachableError(details, cause, connectTimedOut === true && status === 503);
  }
  if (status === 400 || status === 422) return new BadRequestError(details);
  if (status === 401) return new AuthenticationError(details);
  if (status === 403) return new PermissionDeniedError(details);
  if (status === 404) return new NotFoundError(details);
  if (status === 413) return new PayloadTooLargeError(details);
  if (status === 429) return new RateLimitError(details);
  if (status === 408 || status === 409 || status >= 500) return new ServerError(details);
  return new UnexpectedStatusError(details);
}

const MAX_BODY_KEPT = 4096;

/** Builds the error for a non-2xx response from its already-read body text. */
export function httpErrorFromResponse(input: {
  status: number;
  url: string;
  headers: Headers;
  bodyText: string;
  apiKey: string | undefined;
  retryAfterMs: number | undefined;
  /** The gateway address our request declared (declaredUpstream in gatewayBodies.ts), for an unreachable upstream. */
  declaredUpstream?: string | undefined;
}): HttpError {
  const contentType = input.headers.get('content-type') ?? '';
  const words = extractServerWords(input.bodyText, contentType);
  const headers: Record<string, string> = {};
  input.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = redactSecret(value, input.apiKey);
  });
  const details: HttpErrorDetails = {
    status: input.status,
    url: input.url,
    serverMessage: redactSecret(words.message, input.apiKey),
    body: redactSecret(input.bodyText.slice(0, MAX_BODY_KEPT), input.apiKey),
    headers,
    hadApiKey: Boolean(input.apiKey),
    ...(words.code !== undefined ? { serverCode: redactSecret(words.code, input.apiKey) } : {}),
    ...(words.gateway !== undefined ? { gateway: { ...words.gateway, message: redactSecret(words.gateway.message, input.apiKey) } } : {}),
    ...(input.declaredUpstream !== undefined ? { declaredUpstream: input.declaredUpstream } : {}),
    ...(input.retryAfterMs !== undefined ? { retryAfterMs: input.retryAfterMs } : {}),
  };
  return createHttpError(details);
}
