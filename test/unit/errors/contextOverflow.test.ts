import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BadRequestError, ContextOverflowError } from '../../../src/core/errors/httpErrors';
import { enforcedWindow } from '../../../src/core/context/enforcedWindow';
import { recogniseContextOverflow, type ContextOverflow } from '../../../src/core/errors/contextOverflow';
import { httpErrorFromResponse } from '../../../src/core/errors/httpErrors';
import { errorFromStreamEvent } from '../../../src/core/errors/streamedError';

interface OverflowCase {
  provider: string;
  description: string;
  source: { url: string };
  status: number;
  /** The body was one SSE error event inside a 200 answer; `status` is the code the event carried. */
  inStream?: boolean;
  /** The exact body, when it survived. */
  body?: string;
  /** Only the error's message, when the source kept no more of the body. */
  message?: string;
  expected: ContextOverflow;
}

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'overflow');
const cases = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, ...(JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as OverflowCase) }));

function errorFor(status: number, bodyText: string) {
  return httpErrorFromResponse({ status, url: 'http://localhost:4000/v1/chat/completions', headers: new Headers({ 'content-type': 'application/json' }), bodyText, apiKey: undefined, retryAfterMs: undefined });
}

describe('context overflow, in every shape servers send it (test/fixtures/overflow)', () => {
  it('has a case for each server the issue names', () => {
    const providers = new Set(cases.map((c) => c.provider));
    for (const provider of ['openai', 'azure-openai', 'vllm', 'llama.cpp', 'litellm', 'ollama', 'mistral', 'groq', 'openrouter', 'text-generation-inference', 'lm-studio', 'gemini', 'anthropic', 'bedrock', 'fireworks', 'sambanova', 'deepseek', 'cohere']) {
      assert.ok(providers.has(provider), `no case from ${provider}`);
    }
  });

  for (const recorded of cases) {
    const bodyText = recorded.body ?? recorded.message ?? '';
    it(`${recorded.name}: ${recorded.description}`, () => {
      assert.ok(recorded.source.url.startsWith('https://'), 'each case names its source');
      assert.deepEqual(recogniseContextOverflow(recorded.status, bodyText), recorded.expected);
      const error = errorFor(recorded.status, bodyText);
      assert.ok(error instanceof ContextOverflowError, `${error.name}: ${error.message}`);
      assert.equal(error.kind, 'context-overflow');
      assert.deepEqual(error.overflow, recorded.expected);
      if (recorded.expected.contextWindow !== undefined) assert.match(error.message, new RegExp(`window is ${recorded.expected.contextWindow} tokens`));
      if (recorded.inStream) {
        // Read as the stream reader reads an error event: the status is the code it carries.
        const streamed = errorFromStreamEvent({ url: 'http://localhost:4000/v1/chat/completions', data: bodyText, redact: (text) => text });
        assert.ok(streamed instanceof ContextOverflowError, `${streamed.name}: ${streamed.message}`);
        assert.equal(streamed.status, recorded.status);
        assert.equal(streamed.midStream, true);
        assert.deepEqual(streamed.overflow, recorded.expected);
      }
    });
  }
});

describe('the window the server enforces, learnt from its overflow', () => {
  const overflowOf = (name: string): ContextOverflow => {
    const recorded = cases.find((c) => c.name === name)!;
    return recogniseContextOverflow(recorded.status, recorded.body ?? recorded.message ?? '')!;
  };

  it('is the window the server said, whatever we estimated', () => {
    assert.equal(enforcedWindow(overflowOf('llamacpp-exceed-context-size-400.json'), 9000), 8192);
    assert.equal(enforcedWindow(overflowOf('mistral-prompt-too-large.json'), 50_000), 32_768);
  });

  it('is what we sent less the excess when the server said only how far over it was (Ollama)', () => {
    assert.equal(enforcedWindow(overflowOf('ollama-cloud-prompt-too-long.json'), 802_595), 262_144);
    assert.equal(enforcedWindow(overflowOf('ollama-cloud-prompt-too-long.json'), 1000), undefined, 'an estimate below the excess says nothing');
  });

  it('is unknown when the server gave no number (Groq)', () => {
    assert.equal(enforcedWindow(overflowOf('groq-context-length-exceeded.json'), 9000), undefined);
  });
});

describe('errors that are not an overflow stay what they are', () => {
  const RECORDED = join(__dirname, '..', '..', 'fixtures', 'recorded');
  const errorBodies = readdirSync(RECORDED, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => readdirSync(join(RECORDED, dir.name)).filter((file) => file.endsWith('.json')).map((file) => join(RECORDED, dir.name, file)))
    .map((path) => ({ path, recorded: JSON.parse(readFileSync(path, 'utf8')) as { status?: number; body: string } }))
    .filter(({ recorded }) => (recorded.status ?? 200) >= 400);

  it('the recorded error bodies that are about something else are not read as an overflow', () => {
    const others = errorBodies.filter(({ path }) => !/exceed-context-size|max-tokens-too-large/.test(path));
    assert.ok(others.length >= 4, `${others.length} other error bodies`);
    for (const { path, recorded } of others) assert.equal(recogniseContextOverflow(recorded.status!, recorded.body), undefined, path);
  });

  it('a rate limit counted in tokens is a rate limit (Groq\'s tokens-per-minute 413)', () => {
    // continuedev/continue#10218: Groq's own words for a request over the per-minute token quota.
    const quota = 'Request too large for model `llama-3.3-70b-versatile` in organization `org_01kgg5588eftc8k70aes4864eb` service tier `on_demand` on tokens per minute (TPM): Limit 12000, Requested 14137, please reduce your message size and try again.';
    assert.equal(recogniseContextOverflow(413, quota), undefined);
  });

  it('a request too large in bytes is not an overflow of the window (Anthropic\'s request_too_large, nginx\'s 413)', () => {
    // boldsoftware/exe.dev#8: Anthropic's 413 through a gateway for a request over its byte limit.
    const bytes = '{\n  "error": {\n    "type": "request_too_large",\n    "message": "Request exceeds the maximum size"\n  }\n}';
    assert.equal(recogniseContextOverflow(413, bytes), undefined);
    // alexazhou/gt_ai_gateway#18: nginx in front of a gateway, over its client_max_body_size.
    const nginx = '<html> <head><title>413 Request Entity Too Large</title></head> <body> <center><h1>413 Request Entity Too Large</h1></center> <hr><center>nginx</center> </body> </html>';
    assert.equal(recogniseContextOverflow(413, nginx), undefined);
  });

  it('a limit on the answer alone is not an overflow of the window (text-generation-inference)', () => {
    // huggingface/transformers#28523 (the part of the 422's message its title keeps): max_new_tokens over the server's cap.
    assert.equal(recogniseContextOverflow(422, 'Input validation error: `max_new_tokens` must be <= 192'), undefined);
  });

  it('an authentication, permission, not-found or rate-limit status is never read as an overflow', () => {
    const overflowBody = cases[0]!.body!;
    for (const status of [401, 403, 404, 429]) assert.equal(recogniseContextOverflow(status, overflowBody), undefined);
    assert.ok(errorFor(400, '{"error":{"message":"Invalid model name"}}') instanceof BadRequestError);
  });
});
