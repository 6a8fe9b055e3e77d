// The prompt tokens a usage says the window held, over usage bodies servers and gateways sent
// (test/fixtures/token-usage/usage-bodies.json, each with its source).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { windowPromptTokens } from '../../../src/core/context/promptUsage';
import type { Usage } from '../../../src/core/protocol/messages';

interface UsageCase {
  server: string;
  source: string;
  usage: Usage;
  windowPromptTokens: number;
}

const { cases } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'token-usage', 'usage-bodies.json'), 'utf8')) as { cases: UsageCase[] };

describe('the prompt tokens a usage counts against the window', () => {
  for (const recorded of cases) {
    it(`${recorded.server}: ${recorded.windowPromptTokens}`, () => {
      assert.equal(windowPromptTokens(recorded.usage), recorded.windowPromptTokens, recorded.source);
    });
  }

  it('none without a prompt count', () => {
    assert.equal(windowPromptTokens(undefined), undefined);
    assert.equal(windowPromptTokens({ completion_tokens: 3 }), undefined);
  });
});
