// The status bar's lines about the server's limits: quiet while there is room, a line when a limit is nearly used up
// (read from recorded headers), and the countdown while a 429 is waited out.
import assert from 'node:assert/strict';
import { rateLimitNote, retryWaitNote } from '../../../src/core/protocol/rateLimitNote';
import { readAnswerHeaders } from '../../../src/core/protocol/answerHeaders';
import { HEADER_CASES } from '../../support/headerCases';

describe('rate-limit notes', () => {
  it('says nothing while there is room (every recorded server’s headers here had room)', () => {
    for (const { name, headers } of HEADER_CASES) assert.equal(rateLimitNote(readAnswerHeaders(new Headers(headers), 0).rateLimit), undefined, name);
    assert.equal(rateLimitNote(undefined), undefined);
  });

  it('names the limit nearly used up, what is left and when it resets', () => {
    const docs = HEADER_CASES.find((c) => c.name === 'openai-docs');
    assert.ok(docs);
    const nearlyOut = readAnswerHeaders(new Headers({ ...docs.headers, 'x-ratelimit-remaining-requests': '3' }), 0).rateLimit;
    assert.equal(rateLimitNote(nearlyOut), 'Rate limit nearly reached: 3 of 60 requests left (resets in 1.00 s).');
    assert.equal(
      rateLimitNote({ remainingRequests: 0, limitRequests: 60, remainingTokens: 1_000, limitTokens: 150_000, tokensResetMs: 360_000 }),
      'Rate limit nearly reached: 0 of 60 requests left; 1000 of 150000 tokens left (resets in 360.0 s).',
    );
    assert.equal(rateLimitNote({ remainingRequests: 5 }), undefined, 'without the limit, nothing to compare with');
  });

  it('counts a retry’s wait down in whole seconds, saying why', () => {
    assert.equal(retryWaitNote(429, 6_200), 'Ask Model: rate limited by the server; retrying in 7 s');
    assert.equal(retryWaitNote(503, 900), 'Ask Model: the server answered 503; retrying in 1 s');
    assert.equal(retryWaitNote(undefined, 0), 'Ask Model: the server answered nothing; retrying in 0 s');
  });
});
