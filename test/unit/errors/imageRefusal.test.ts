// A server's refusal of images, recognised on every recorded case (test/fixtures/image-refusal): directly on the body
// (or the message the source kept), and on the words the client's HTTP error keeps of it, as the chat reads them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recogniseImageRefusal } from '../../../src/core/errors/imageRefusal';
import { httpErrorFromResponse } from '../../../src/core/errors/httpErrors';

interface RefusalCase {
  provider: string;
  source: { url: string };
  status: number;
  body?: string;
  message?: string;
  expected: { refused: boolean };
}

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'image-refusal');
const cases = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, ...(JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as RefusalCase) }));

describe('image refusals, as servers send them (test/fixtures/image-refusal)', () => {
  it('has refusals from the servers the chat meets, and errors about images that are not refusals', () => {
    const refused = new Set(cases.filter((c) => c.expected.refused).map((c) => c.provider));
    for (const provider of ['openai', 'deepseek', 'llama.cpp', 'vllm', 'ollama', 'lm-studio']) assert.ok(refused.has(provider), `no refusal from ${provider}`);
    assert.ok(cases.filter((c) => !c.expected.refused).length >= 3);
    for (const c of cases) assert.match(c.source.url, /^https:\/\//, `${c.name} names its source`);
  });

  for (const c of cases) {
    it(`${c.name}: ${c.expected.refused ? 'a refusal' : 'not a refusal'}`, () => {
      const text = c.body ?? c.message ?? '';
      assert.notEqual(text, '');
      assert.equal(recogniseImageRefusal(text), c.expected.refused);
      // Through the client's error: a body as sent, or the message wrapped the way an OpenAI-style server sends it.
      const bodyText = c.body ?? JSON.stringify({ error: { message: c.message } });
      const error = httpErrorFromResponse({ status: c.status, url: 'http://localhost:8080/v1/chat/completions', headers: new Headers({ 'content-type': 'application/json' }), bodyText, apiKey: undefined, retryAfterMs: undefined });
      assert.equal(recogniseImageRefusal(`${error.serverMessage}\n${error.body ?? ''}`), c.expected.refused);
    });
  }

  it('an unrelated failure is not a refusal', () => {
    for (const text of ['This model\'s maximum context length is 8192 tokens', 'Rate limit reached', 'model "qwen" not found, try pulling it first']) assert.equal(recogniseImageRefusal(text), false);
  });
});
