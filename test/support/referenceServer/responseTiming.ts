// The `_response_ms` value: scripted, omitted, or the time from the request's arrival to the answer's end.
import { performance } from 'node:perf_hooks';

export function resolveResponseMs(scripted: number | null | undefined, startedAt: number): number | null {
  if (scripted !== undefined) return scripted;
  return Math.round((performance.now() - startedAt) * 100) / 100;
}
