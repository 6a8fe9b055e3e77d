// What a server says about an answer in its response headers: LiteLLM's price of the call, its call id and the
// deployment that answered (so a user can find the request in the proxy's logs and Langfuse), and the rate-limit
// headers OpenAI, Groq, LiteLLM and others send. Header values are text and their formats differ by server (a reset
// is "6m0s", "547ms", "2", or an epoch); what cannot be read as the number it should be is left out, never guessed.

export interface RateLimitState {
  remainingRequests?: number;
  limitRequests?: number;
  remainingTokens?: number;
  limitTokens?: number;
  /** Milliseconds until the request window resets, from the moment the answer arrived. */
  requestsResetMs?: number;
  tokensResetMs?: number;
}

export interface AnswerHeaders {
  /** LiteLLM's `x-litellm-response-cost`, USD. */
  costUsd?: number;
  /** LiteLLM's `x-litellm-call-id`. */
  callId?: string;
  /** LiteLLM's `x-litellm-model-id`: the deployment that answered. */
  deploymentId?: string;
  rateLimit?: RateLimitState;
  /**
   * A gateway that relayed the answer and said so in its headers: Portkey's stamps `x-portkey-provider` (the protocol it
   * spoke upstream) on every answer. What it forwards of a request depends on that provider (request/ignoredFields.ts).
   */
  gateway?: { name: 'portkey'; provider: string | undefined };
}

export function readAnswerHeaders(headers: Headers, now: number): AnswerHeaders {
  const result: AnswerHeaders = {};
  const cost = nonNegative(headers.get('x-litellm-response-cost'));
  if (cost !== undefined) result.costUsd = cost;
  const callId = headers.get('x-litellm-call-id')?.trim();
  if (callId) result.callId = callId;
  const deploymentId = headers.get('x-litellm-model-id')?.trim();
  if (deploymentId) result.deploymentId = deploymentId;
  const rateLimit: RateLimitState = {};
  const put = (key: keyof RateLimitState, value: number | undefined): void => {
    if (value !== undefined) rateLimit[key] = value;
  };
  put('remainingRequests', nonNegative(headers.get('x-ratelimit-remaining-requests')));
  put('limitRequests', nonNegative(headers.get('x-ratelimit-limit-requests')));
  put('remainingTokens', nonNegative(headers.get('x-ratelimit-remaining-tokens')));
  put('limitTokens', nonNegative(headers.get('x-ratelimit-limit-tokens')));
  put('requestsResetMs', resetMs(headers.get('x-ratelimit-reset-requests'), now));
  put('tokensResetMs', resetMs(headers.get('x-ratelimit-reset-tokens'), now));
  if (Object.keys(rateLimit).length > 0) result.rateLimit = rateLimit;
  const portkeyProvider = headers.get('x-portkey-provider');
  if (portkeyProvider !== null || headers.has('x-portkey-retry-attempt-count')) result.gateway = { name: 'portkey', provider: portkeyProvider?.trim() || undefined };
  return result;
}

/** A finite number ≥ 0 (LiteLLM writes Python's `str(float)`, so "3.45e-05" and "None" both occur). */
function nonNegative(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text.trim());
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

const DURATION = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+(?:\.\d+)?)ms)?$/;
/** Below this a bare number is seconds to wait; above it, a Unix time in seconds (some servers send one). */
const EPOCH_SECONDS = 1_000_000_000;

/**
 * A reset as servers write it: a Go-style duration ("1s", "6m0s", "2m59.56s", "547ms": OpenAI, Groq), bare seconds
 * ("2": GitHub Models, LiteLLM), a Unix time in seconds, or an ISO date; as milliseconds from `now`.
 */
export function resetMs(text: string | null, now: number): number | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) {
    const seconds = Number(value);
    return seconds >= EPOCH_SECONDS ? Math.max(0, seconds * 1000 - now) : seconds * 1000;
  }
  const parts = DURATION.exec(value);
  if (parts && value !== '') {
    const [, hours, minutes, seconds, millis] = parts.map((part) => (part === undefined ? 0 : Number(part)));
    return Math.round((hours ?? 0) * 3_600_000 + (minutes ?? 0) * 60_000 + (seconds ?? 0) * 1000 + (millis ?? 0));
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
