// What a failed completion request means for the next one, from the HttpError the transport makes of the server's
// answer: try the next way, drop a field, back off, or stop. The recorded refusals are replayed here.
import assert from 'node:assert/strict';
import type { ExchangeLogEntry } from '../../../src/core/client/transport';
import { CompletionClient } from '../../../src/core/completions/completionClient';
import { classifyCompletionFailure } from '../../../src/core/completions/completionFailure';
import { httpErrorFromResponse, NotFoundError } from '../../../src/core/errors/httpErrors';
import { ConnectionError, TimeoutError } from '../../../src/core/errors/transportErrors';
import { fakeFetch } from '../../support/fakeFetch';
import { loadCompletionCases } from '../../support/recorded/completionCases';
import { loadRecordedCases } from '../../support/recorded/recordedCases';

const URL = 'http://localhost:8000/v1/completions';

function httpError(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }, retryAfterMs?: number) {
  return httpErrorFromResponse({ status, url: URL, headers: new Headers(headers), bodyText: body, apiKey: 'sk-key', retryAfterMs });
}

const WITH_SUFFIX = { model: 'qwen2.5-coder:7b', prompt: 'def f(', suffix: ')\n', max_tokens: 64 };
const WITHOUT_SUFFIX = { model: 'qwen2.5-coder:7b', prompt: '<|fim_prefix|>def f(<|fim_suffix|>)\n<|fim_middle|>', max_tokens: 64 };

describe('classifyCompletionFailure', () => {
  describe('the recorded refusals', () => {
    const refusals = loadCompletionCases().filter((c) => c.expected.outcome === 'suffix-refused' || c.expected.outcome === 'endpoint-unsupported');

    it('has refusals to replay', () => {
      assert.ok(refusals.length > 0);
    });

    for (const c of refusals) {
      const wanted = c.expected.outcome === 'suffix-refused' ? 'suffix-refused' : 'no-endpoint';
      it(`${c.name}: reads as ${wanted}`, () => {
        const error = httpError(c.status, c.body, { 'content-type': c.format === 'json' ? 'application/json' : 'text/plain' });
        const body = { ...WITH_SUFFIX, ...c.request, suffix: typeof c.request?.['suffix'] === 'string' ? c.request['suffix'] : ')\n' };
        const model = typeof body.model === 'string' ? body.model : 'qwen2.5-coder:7b';
        assert.equal(classifyCompletionFailure(error, body, model).kind, wanted);
      });
    }
  });

  describe('suffix refusals', () => {
    it('reads vLLM’s "suffix is not currently supported" as a suffix refusal when suffix was sent', () => {
      const error = httpError(400, '{"object":"error","message":"suffix is not currently supported","type":"BadRequestError","param":null,"code":400}');
      assert.equal(classifyCompletionFailure(error, WITH_SUFFIX, 'm').kind, 'suffix-refused');
    });

    it('reads llama.cpp’s 500 "Unsupported param: suffix" as a suffix refusal, not a server failure', () => {
      const error = httpError(500, '{"error":{"code":500,"message":"Unsupported param: suffix","type":"server_error"}}');
      assert.equal(classifyCompletionFailure(error, WITH_SUFFIX, 'm').kind, 'suffix-refused');
    });

    it('reads Ollama’s "does not support insert" as a suffix refusal when suffix was sent', () => {
      const error = httpError(400, '{"error":"registry.ollama.ai/library/llama3.2:latest does not support insert"}');
      assert.equal(classifyCompletionFailure(error, WITH_SUFFIX, 'llama3.2').kind, 'suffix-refused');
    });

    it('does not blame suffix when none was sent: "does not support insert" then means this way cannot serve', () => {
      const error = httpError(400, '{"error":"registry.ollama.ai/library/llama3.2:latest does not support insert"}');
      assert.equal(classifyCompletionFailure(error, WITHOUT_SUFFIX, 'llama3.2').kind, 'no-endpoint');
    });
  });

  describe('not here', () => {
    it('reads a 404, 405 and 501 without a word about the model as no endpoint: nothing at that URL, in any style', () => {
      for (const status of [404, 405, 501]) {
        assert.deepEqual(pick(classifyCompletionFailure(httpError(status, '404 page not found', { 'content-type': 'text/plain' }), WITH_SUFFIX, 'm')), { kind: 'no-endpoint', scope: 'endpoint' }, String(status));
      }
    });

    it('reads LM Studio’s recorded 200 "Unexpected endpoint or method" as no endpoint at every endpoint’s URL, through the client', async () => {
      // The body as LM Studio sent it (test/fixtures/recorded/lm-studio, lmstudio-ai/lmstudio-bug-tracker#618), status 200.
      const recorded = loadRecordedCases().find((c) => c.name === 'lm-studio/unexpected-endpoint-200-no-v1');
      assert.ok(recorded && recorded.status === 200);
      const { fetch } = fakeFetch(() => new Response(recorded.body, { status: recorded.status, headers: { 'content-type': 'application/json; charset=utf-8', ...recorded.headers } }));
      const logged: ExchangeLogEntry[] = [];
      const client = new CompletionClient({ fetch, baseUrl: 'http://localhost:1234', onExchange: (entry) => logged.push(entry) });
      const urls = ['/infill', '/api/generate', '/v1/completions', '/v1/fim/completions', '/v1/chat/completions'].map((path) => `http://localhost:1234${path}`);
      for (const url of urls) {
        const error = await client.send(url, WITH_SUFFIX, new AbortController().signal).then(
          () => assert.fail(`${url}: answered`),
          (thrown: unknown) => thrown,
        );
        assert.ok(error instanceof NotFoundError, url);
        assert.equal(error.status, 200);
        assert.deepEqual(pick(classifyCompletionFailure(error, WITH_SUFFIX, 'qwen2.5-coder:7b')), { kind: 'no-endpoint', scope: 'endpoint' }, url);
      }
      assert.deepEqual(
        logged.map((entry) => [entry.url, entry.status, entry.outcome]),
        urls.map((url) => [url, 200, 'error']),
      );
    });

    it('reads LM Studio’s words as no endpoint whatever status carried them', () => {
      for (const status of [200, 400, 404, 500]) {
        const error = httpError(status, '{"error":"Unexpected endpoint or method. (POST /infill)"}');
        assert.deepEqual(pick(classifyCompletionFailure(error, WITH_SUFFIX, 'm')), { kind: 'no-endpoint', scope: 'endpoint' }, String(status));
      }
    });

    it('reads OpenAI’s chat model on /v1/completions as no endpoint', () => {
      const error = httpError(404, '{"error":{"message":"This is a chat model and not supported in the v1/completions endpoint. Did you mean to use v1/chat/completions?","type":"invalid_request_error","param":"model","code":null}}');
      assert.deepEqual(pick(classifyCompletionFailure(error, WITHOUT_SUFFIX, 'gpt-4o')), { kind: 'no-endpoint', scope: 'way' });
    });

    it('reads llama.cpp’s 501 for a model without FIM tokens as no endpoint', () => {
      const error = httpError(501, '{"error":{"code":501,"message":"Infill is not supported by this model","type":"not_supported_error"}}');
      assert.equal(classifyCompletionFailure(error, { input_prefix: 'a', input_suffix: 'b' }, 'm').kind, 'no-endpoint');
    });
  });

  describe('dropped fields', () => {
    it('names the field of Mistral’s 422 extra_forbidden', () => {
      const body = JSON.stringify({ object: 'error', message: { detail: [{ type: 'extra_forbidden', loc: ['body', 'metadata'], msg: 'Extra inputs are not permitted', input: { user: 'me' } }] }, type: 'invalid_request_message_error', param: null, code: null });
      assert.deepEqual(pick(classifyCompletionFailure(httpError(422, body), { model: 'codestral-latest', prompt: 'a', suffix: 'b', metadata: { user: 'me' } }, 'codestral-latest')), { kind: 'field-refused', field: 'metadata' });
    });

    it('names a refused field only when the body had it', () => {
      const error = httpError(400, '{"error":{"message":"Unrecognized request argument supplied: temperature"}}');
      assert.deepEqual(pick(classifyCompletionFailure(error, { model: 'm', prompt: 'a', temperature: 0.2 }, 'm')), { kind: 'field-refused', field: 'temperature' });
      assert.deepEqual(pick(classifyCompletionFailure(error, { model: 'm', prompt: 'a' }, 'm')), { kind: 'stop', fix: 'open-settings' });
    });
  });

  describe('stop', () => {
    it('stops on 401 and 403 with the key as the fix', () => {
      for (const status of [401, 403]) assert.deepEqual(pick(classifyCompletionFailure(httpError(status, '{"error":{"message":"Incorrect API key provided"}}'), WITH_SUFFIX, 'm')), { kind: 'stop', fix: 'set-api-key' });
    });

    it('stops on a model the server does not have, with choosing a model as the fix', () => {
      const error = httpError(404, '{"error":"model \\"qwen2.5-coder:7b\\" not found, try pulling it first"}');
      assert.deepEqual(pick(classifyCompletionFailure(error, WITH_SUFFIX, 'qwen2.5-coder:7b')), { kind: 'stop', fix: 'select-model' });
    });

    it('stops on another 400 with the settings as the fix', () => {
      assert.deepEqual(pick(classifyCompletionFailure(httpError(400, '{"error":{"message":"max_tokens must be at least 1"}}'), WITH_SUFFIX, 'm')), { kind: 'stop', fix: 'open-settings' });
    });
  });

  describe('back off', () => {
    it('backs off on 429 with the wait the server asked for', () => {
      const failure = classifyCompletionFailure(httpError(429, '{"error":{"message":"Rate limit reached"}}', { 'content-type': 'application/json' }, 7000), WITH_SUFFIX, 'm');
      assert.deepEqual(pick(failure), { kind: 'back-off', retryAfterMs: 7000 });
    });

    it('backs off on 5xx, a lost connection and a time-out', () => {
      assert.equal(classifyCompletionFailure(httpError(503, 'busy', { 'content-type': 'text/plain' }), WITH_SUFFIX, 'm').kind, 'back-off');
      assert.equal(classifyCompletionFailure(new ConnectionError('refused', URL, 'ECONNREFUSED'), WITH_SUFFIX, 'm').kind, 'back-off');
      assert.equal(classifyCompletionFailure(new TimeoutError('first-byte', 30_000, URL), WITH_SUFFIX, 'm').kind, 'back-off');
      assert.equal(classifyCompletionFailure(new Error('anything else'), WITH_SUFFIX, 'm').kind, 'back-off');
    });
  });
});

describe('classifyCompletionFailure: temporary is temporary, whatever the status', () => {
  const FIM = 'http://localhost:8000/v1/fim/completions';
  const recorded = (name: string) => {
    const found = loadRecordedCases().find((c) => c.name === name);
    assert.ok(found, name);
    return found;
  };
  const at = (status: number, body: string) => httpErrorFromResponse({ status, url: FIM, headers: new Headers({ 'content-type': 'application/json' }), bodyText: body, apiKey: 'sk-key', retryAfterMs: undefined });
  const capacity = recorded('mistral/error-429-service-tier-capacity-invalid-request-type');
  const overloaded = recorded('anthropic/error-529-overloaded-error');
  const mustFix = recorded('mistral/error-400-assistant-message-content-or-tool-calls');

  it('backs off on the recorded capacity and overload bodies, with the status each came with', () => {
    for (const c of [capacity, overloaded]) assert.equal(classifyCompletionFailure(at(c.status, c.body), WITH_SUFFIX, 'codestral-latest').kind, 'back-off', c.name);
  });

  it('reads their words and type before the status: the same bodies under a 400, 404 or 422 still back off', () => {
    // The statuses are the rule's test, not recordings: Mistral's capacity body says invalid_request_error, as its
    // 400s for a request to fix do; what it says it is decides.
    for (const c of [capacity, overloaded]) {
      for (const status of [400, 404, 422]) {
        const failure = classifyCompletionFailure(at(status, c.body), WITH_SUFFIX, 'codestral-latest');
        assert.equal(failure.kind, 'back-off', `${c.name} as ${status}`);
      }
    }
    const { detail } = classifyCompletionFailure(at(400, capacity.body), WITH_SUFFIX, 'codestral-latest');
    assert.equal(detail, '400 from http://localhost:8000/v1/fim/completions: the server is busy for now. The server said: "Service tier capacity exceeded for this model.".');
  });

  it('still stops on the recorded 400 the user must fix, typed invalid_request_error like the capacity refusal', () => {
    assert.equal(mustFix.status, 400);
    assert.deepEqual(pick(classifyCompletionFailure(at(mustFix.status, mustFix.body), WITH_SUFFIX, 'codestral-latest')), { kind: 'stop', fix: 'open-settings' });
  });

  it('stops on a refused key even when its words sound busy', () => {
    assert.deepEqual(pick(classifyCompletionFailure(at(401, '{"error":{"message":"Invalid key. Try again later."}}'), WITH_SUFFIX, 'm')), { kind: 'stop', fix: 'set-api-key' });
  });
});

describe('classifyCompletionFailure: the words a user sees', () => {
  const FIM = 'http://localhost:8000/v1/completions';
  const at = (url: string, status: number, body: string, contentType = 'application/json') =>
    httpErrorFromResponse({ status, url, headers: new Headers({ 'content-type': contentType }), bodyText: body, apiKey: 'sk-key', retryAfterMs: undefined });
  /** What the chat's messages name and a completion request does not use. */
  const CHAT_ONLY = /askModel\.model\b|askModel\.extraBody|chat completions|askModel\.timeouts|askModel\.maxContextCharacters/;

  it('a 400 names the completion’s model and endpoint settings, not askModel.model and askModel.extraBody', () => {
    const { detail } = classifyCompletionFailure(at(FIM, 400, '{"error":{"message":"max_tokens must be at least 1"}}'), WITH_SUFFIX, 'm');
    assert.equal(
      detail,
      '400 from http://localhost:8000/v1/completions: the server rejected the completion request. The server said: "max_tokens must be at least 1". Check the settings askModel.completionModel (a profile\'s completionModel) and askModel.completionEndpoint (a profile\'s completionEndpoint).',
    );
  });

  it('a 404 while probing says nothing answers that endpoint at this URL', () => {
    const { detail } = classifyCompletionFailure(at('http://localhost:11434/api/generate', 404, '404 page not found', 'text/plain'), WITH_SUFFIX, 'm');
    assert.equal(detail, '404 from http://localhost:11434/api/generate: nothing answers POST /api/generate at this URL. The server said: "404 page not found".');
  });

  it('a model the server lacks, a key without access and a field the server requires name the completion’s settings', () => {
    const missing = classifyCompletionFailure(at(FIM, 404, '{"error":"model \\"qwen2.5-coder:7b\\" not found, try pulling it first"}'), WITH_SUFFIX, 'qwen2.5-coder:7b').detail;
    assert.match(missing, /the server does not have the completion model "qwen2\.5-coder:7b"\..* Choose another in the setting askModel\.completionModel \(a profile's completionModel\)\.$/);
    const forbidden = classifyCompletionFailure(at(FIM, 403, '{"error":{"message":"not allowed"}}'), WITH_SUFFIX, 'm').detail;
    assert.match(forbidden, /Check the key's access to the completion model \(askModel\.completionModel/);
    const field = classifyCompletionFailure(at(FIM, 422, '{"detail":[{"loc":["body","contents"],"msg":"Field required"}]}'), WITH_SUFFIX, 'm').detail;
    assert.match(field, /requires the field "contents".* Add it to the completion model's own extraBody in askModel\.modelOverrides\.$/);
    for (const detail of [missing, forbidden, field]) assert.doesNotMatch(detail, CHAT_ONLY);
  });

  it('names askModel.extraBody only for a request through the chat endpoint, which carries it', () => {
    const { detail } = classifyCompletionFailure(at('http://localhost:8000/v1/chat/completions', 400, '{"error":{"message":"bad"}}'), {}, 'm');
    assert.match(detail, /askModel\.completionEndpoint \(a profile's completionEndpoint\), and askModel\.extraBody, which requests through the chat endpoint carry\.$/);
  });

  it('a time-out names no chat setting (the completion’s limit is its own)', () => {
    const { detail } = classifyCompletionFailure(new TimeoutError('first-byte', 30_000, FIM), WITH_SUFFIX, 'm');
    assert.equal(detail, `No answer from ${FIM} within 30 s: the server may be busy or still loading the model.`);
  });

  it('names no chat-only setting for any recorded error body, at a completion endpoint', () => {
    const bodies = [
      ...loadRecordedCases().filter((c) => c.status >= 400).map((c) => ({ name: c.name, status: c.status, body: c.body, headers: c.headers })),
      ...loadCompletionCases().filter((c) => c.status >= 400).map((c) => ({ name: c.name, status: c.status, body: c.body, headers: {} })),
    ];
    assert.ok(bodies.length >= 20, `${bodies.length} recorded error bodies`);
    for (const { name, status, body, headers } of bodies) {
      const error = httpErrorFromResponse({ status, url: FIM, headers: new Headers({ 'content-type': 'application/json', ...headers }), bodyText: body, apiKey: 'sk-key', retryAfterMs: undefined });
      const { detail } = classifyCompletionFailure(error, WITH_SUFFIX, 'qwen2.5-coder:7b');
      assert.doesNotMatch(detail, CHAT_ONLY, `${name}: ${detail}`);
      assert.ok(detail.startsWith(`${status} from ${FIM}`), `${name}: ${detail}`);
    }
  });
});

/** The kind and the fields a test names, without the detail text. */
function pick(failure: ReturnType<typeof classifyCompletionFailure>): Record<string, unknown> {
  const { detail: _detail, ...rest } = failure;
  return rest;
}
