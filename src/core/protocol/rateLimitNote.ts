// When the server's rate-limit headers say the window is nearly used up, one line for the user: what is left of which
// limit and when it resets. Nothing while there is room, so the status bar stays quiet until it matters.
import { formatMs } from '../text/formatMs';
import type { RateLimitState } from './answerHeaders';

/** At or below this share of a limit left, it is low. */
const LOW_SHARE = 0.1;

export function rateLimitNote(state: RateLimitState | undefined): string | undefined {
  if (!state) return undefined;
  const notes = [
    low('request', state.remainingRequests, state.limitRequests, state.requestsResetMs),
    low('token', state.remainingTokens, state.limitTokens, state.tokensResetMs),
  ].filter((note): note is string => note !== undefined);
  return notes.length === 0 ? undefined : `Rate limit nearly reached: ${notes.join('; ')}.`;
}

function low(unit: string, remaining: number | undefined, limit: number | undefined, resetMs: number | undefined): string | undefined {
  if (remaining === undefined || limit === undefined || limit <= 0 || remaining > limit * LOW_SHARE) return undefined;
  const reset = resetMs === undefined ? '' : ` (resets in ${formatMs(resetMs)})`;
  return `${remaining} of ${limit} ${unit}s left${reset}`;
}

/** The line shown while a request waits out a 429 before it is sent again. */
export function retryWaitNote(status: number | undefined, remainingMs: number): string {
  const why = status === 429 ? 'rate limited by the server' : `the server answered ${status ?? 'nothing'}`;
  return `Ask Model: ${why}; retrying in ${Math.max(0, Math.ceil(remainingMs / 1000))} s`;
}
