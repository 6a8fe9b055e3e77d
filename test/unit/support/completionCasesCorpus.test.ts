// The recorded completion corpus loads, every case names where its bytes came from, and every body is of the form
// its case claims, so the replay tests built on it can trust what they read.
import assert from 'node:assert/strict';
import { loadCompletionCases } from '../../support/recorded/completionCases';

// The corpus reaches these today, the goal of at least 14 cases from 6 servers (the corpus README lists what is still
// missing). The floor only rises: a case dropped by accident fails here.
const MIN_CASES = 14;
const MIN_SERVERS = 6;

describe('recorded completion corpus', () => {
  const cases = loadCompletionCases();

  it('loads, sorted by file, with at least the cases and servers it had', () => {
    assert.ok(cases.length >= MIN_CASES, `${cases.length} cases`);
    assert.ok(new Set(cases.map((c) => c.server)).size >= MIN_SERVERS, 'servers');
    const files = cases.map((c) => c.file);
    assert.deepEqual(files, [...files].sort());
  });

  it('gives every case a public source url', () => {
    for (const c of cases) assert.match(c.source.url, /^https:\/\//, c.file);
  });

  it('keeps every body in the form its case names', () => {
    for (const c of cases) {
      if (c.format === 'json') {
        assert.doesNotThrow(() => JSON.parse(c.body), c.file);
      } else if (c.format === 'ndjson') {
        for (const line of c.body.split('\n').filter((l) => l.trim() !== '')) assert.doesNotThrow(() => JSON.parse(line), c.file);
      } else {
        // An SSE body is events of `data:` lines, each event ended by a blank line, as the sources show the stream ending.
        assert.ok(c.body.startsWith('data: '), `${c.file}: starts with a data line`);
        assert.ok(c.body.endsWith('\n\n'), `${c.file}: ends with a blank line`);
      }
    }
  });

  it('states what a text case must assemble and what a refusal says', () => {
    for (const c of cases) {
      if (c.expected.outcome === 'text') assert.equal(typeof c.expected.text, 'string', c.file);
      else {
        assert.ok(c.expected.error !== undefined && c.body.includes(c.expected.error), `${c.file}: error text is in the body`);
        assert.ok(c.status >= 400, `${c.file}: a refusal has an error status`);
      }
    }
  });
});
