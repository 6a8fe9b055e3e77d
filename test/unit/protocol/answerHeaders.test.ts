// Response headers as real servers sent them (test/fixtures/headers, each case with its source), read into an
// answer's price, call id, deployment and rate limits; and every reset format servers use.
import assert from 'node:assert/strict';
import { readAnswerHeaders, resetMs } from '../../../src/core/protocol/answerHeaders';
import { HEADER_CASES } from '../../support/headerCases';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('answer headers from real servers', () => {
  for (const { name, headers, expected } of HEADER_CASES) {
    it(name, () => assert.deepEqual(readAnswerHeaders(new Headers(headers), NOW), expected));
  }
});

describe('rate-limit resets in every form servers send', () => {
  const forms: [string, number | undefined][] = [
    ['1s', 1_000],
    ['6m0s', 360_000],
    ['2m59.56s', 179_560],
    ['547ms', 547],
    ['23m16.298s', 1_396_298],
    ['1h2m3s', 3_723_000],
    ['0s', 0],
    ['3', 3_000],
    ['0.8', 800],
    [String(NOW / 1000 + 90), 90_000],
    ['2026-11-23T12:05:00Z', 300_000],
    ['soon', undefined],
    ['', undefined],
    ['-5s', undefined],
  ];
  for (const [text, expected] of forms) {
    it(JSON.stringify(text), () => assert.equal(resetMs(text, NOW), expected));
  }
});

describe('answer headers: what is not a number is left out', () => {
  it('a negative, empty or non-numeric count or cost is not read', () => {
    const read = readAnswerHeaders(new Headers({ 'x-litellm-response-cost': '-1', 'x-ratelimit-remaining-requests': 'lots', 'x-ratelimit-limit-tokens': '', 'x-litellm-call-id': '  ' }), NOW);
    assert.deepEqual(read, {});
  });
});
