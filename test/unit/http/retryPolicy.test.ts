import assert from 'node:assert/strict';
import { backoffDelayMs, decideRetry, isRetryableStatus, parseRetryAfter } from '../../../src/core/http/retryPolicy';

describe('retry policy', () => {
  it('retries 408, 409, 429 and 5xx only', () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504]) assert.equal(isRetryableStatus(status), true, String(status));
    for (const status of [400, 401, 403, 404, 413, 422]) assert.equal(isRetryableStatus(status), false, String(status));
  });

  it('reads retry-after-ms, retry-after seconds and retry-after HTTP dates', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    assert.equal(parseRetryAfter(new Headers({ 'retry-after-ms': '1500' }), now), 1500);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': '3' }), now), 3000);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 12:00:05 GMT' }), now), 5000);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 11:00:00 GMT' }), now), 0);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now), 250);
    assert.equal(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now), undefined);
    assert.equal(parseRetryAfter(new Headers(), now), undefined);
  });

  it('backs off exponentially from 0.5 s to 8 s with jitter', () => {
    assert.equal(backoffDelayMs(0, () => 1), 500);
    assert.equal(backoffDelayMs(0, () => 0), 250);
    assert.equal(backoffDelayMs(1, () => 1), 1000);
    assert.equal(backoffDelayMs(4, () => 1), 8000);
    assert.equal(backoffDelayMs(10, () => 1), 8000);
  });

  it('honours a server wait up to 60 s, and gives up rather than wait longer', () => {
    assert.deepEqual(decideRetry({ attempt: 0, maxRetries: 2, retryAfterMs: 60_000, random: () => 1 }), { retry: true, delayMs: 60_000 });
    assert.deepEqual(decideRetry({ attempt: 0, maxRetries: 2, retryAfterMs: 61_000, random: () => 1 }), { retry: false });
    assert.deepEqual(decideRetry({ attempt: 2, maxRetries: 2, retryAfterMs: undefined, random: () => 1 }), { retry: false });
  });
});
