// When to try a failed request again, and how long to wait. Retries happen only before any of the answer's body
// arrived, so no partial answer is ever duplicated.

export const MAX_HONOURED_RETRY_AFTER_MS = 60_000;
const BACKOFF_START_MS = 500;
const BACKOFF_CAP_MS = 8_000;

/** Statuses worth another try: the server may do better a moment later. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Whether a failed answer is worth another try: a retryable status, unless what it said will be as true the next time.
 * A conversation too long for the window is as long on the next try (llama.cpp once sent it as a 500); a gateway that
 * could not reach its upstream (refused, no such host: it answers 500) meets the same closed door, and it may already
 * have retried itself (Portkey's x-portkey-retry-count), so three of ours would only triple the wait for the same words.
 * That holds for Portkey's 503 "fetch failed" too, though a 503 usually means "try again shortly": the gateway sends
 * it only after its own connect to the upstream timed out (undici gives up after 10 s), so each of our tries would wait
 * that long again to be told the same.
 */
export function isRetryableFailure(failure: { status: number; kind: string }): boolean {
  return isRetryableStatus(failure.status) && failure.kind !== 'context-overflow' && failure.kind !== 'upstream-unreachable';
}

/**
 * How long the server asked us to wait, in ms: `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an
 * HTTP date. Undefined when neither is present or readable.
 */
export function parseRetryAfter(headers: Headers, nowMs: number): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return value;
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  return undefined;
}

/** Jittered exponential backoff: 0.5 s, 1 s, 2 s … capped at 8 s, each scaled by a random factor in [0.5, 1]. */
export function backoffDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random() / 2));
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

/**
 * Decides after a retryable failure: wait what the server asked (when it asked for at most 60 s; longer than that
 * we give the error back rather than hang), else back off.
 */
export function decideRetry(input: {
  attempt: number;
  maxRetries: number;
  retryAfterMs: number | undefined;
  random: () => number;
}): RetryDecision {
  if (input.attempt >= input.maxRetries) return { retry: false };
  if (input.retryAfterMs !== undefined) {
    if (input.retryAfterMs > MAX_HONOURED_RETRY_AFTER_MS) return { retry: false };
    return { retry: true, delayMs: input.retryAfterMs };
  }
  return { retry: true, delayMs: backoffDelayMs(input.attempt, input.random) };
}
