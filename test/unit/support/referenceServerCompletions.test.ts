import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';
import { DEFAULT_MIDDLE_TEXT, startReferenceServer } from '../../support/referenceServer';
import { heldWaits } from '../../support/heldWaits';
import type { CompletionRoutesOptions, RecordedCompletion, ReferenceServer, ReferenceServerOptions } from '../../support/referenceServer';

// The completion endpoints of the reference server, driven with plain fetch; every test gets its own server.

const API_KEY = 'sk-reference-test-key';
const COMPLETION_PATHS = ['/infill', '/completion', '/v1/completions', '/v1/fim/completions', '/api/generate'];

let server: ReferenceServer | undefined;

/** `completions` undefined: the chat-only server. */
async function useServer(completions: CompletionRoutesOptions | undefined, extra: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  await server?.close();
  server = await startReferenceServer({ ...extra, completions });
  return server;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function post(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  assert.ok(server);
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function postJson(path: string, body: unknown): Promise<{ response: Response; json: Record<string, unknown> }> {
  const response = await post(path, body);
  return { response, json: (await response.json()) as Record<string, unknown> };
}

/** Reads a whole SSE answer with a real SSE parser. */
async function sse(path: string, body: unknown): Promise<{ response: Response; events: EventSourceMessage[]; objects: Record<string, unknown>[] }> {
  const response = await post(path, body);
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(await response.text());
  const objects = events.filter((event) => event.data.startsWith('{')).map((event) => JSON.parse(event.data) as Record<string, unknown>);
  return { response, events, objects };
}

type Choice = Record<string, unknown>;
function choiceOf(object: Record<string, unknown>): Choice {
  const [choice] = object.choices as Choice[];
  assert.ok(choice, 'no choice');
  return choice;
}

/** Waits until the server has seen the connection close; one it never sees fails the test by mocha's timeout. */
async function closed(record: RecordedCompletion): Promise<RecordedCompletion & { closedAt: number }> {
  while (record.closedAt === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  return record as RecordedCompletion & { closedAt: number };
}

describe('reference server: completion endpoints', () => {
  describe('routing', () => {
    it('answers 404 on every completion path when the server has no completions option, as a chat-only server does', async () => {
      const chatOnly = await useServer(undefined, { model: 'chat-only' });
      for (const path of COMPLETION_PATHS) {
        const { response, json } = await postJson(path, { prompt: 'x' });
        assert.equal(response.status, 404, path);
        assert.equal((json.error as Record<string, unknown>).code, 'unknown_url');
      }
      assert.equal(chatOnly.completionRequests.length, 0);
    });

    it('answers 404 on a route switched off, 405 with Allow on a wrong method, and serves the routes it has', async () => {
      const only = await useServer({ routes: ['infill'] });
      assert.equal((await post('/v1/completions', { prompt: 'x' })).status, 404);
      assert.equal((await post('/api/generate', { prompt: 'x' })).status, 404);
      const get = await fetch(`${only.url}/infill`);
      assert.equal(get.status, 405);
      assert.equal(get.headers.get('allow'), 'POST');
      assert.equal((await post('/infill', { input_prefix: 'a', input_suffix: 'b' })).status, 200);
      assert.deepEqual(
        only.completionRequests.map((record) => record.route),
        ['infill'],
        'a 404 or 405 is no completion request',
      );
      assert.equal(only.requests.length, 4, 'every request is still in `requests`');
    });

    it('answers, as LM Studio, a route or method it does not serve with 200 and the recorded error naming the request', async () => {
      const lmStudio = await useServer({ routes: ['v1-completions'] }, { unknownRoutes: 'lm-studio' });
      for (const path of ['/infill', '/api/generate', '/v1/fim/completions', '/completion']) {
        const response = await post(path, { prompt: 'x' });
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.equal(await response.text(), `{"error":"Unexpected endpoint or method. (POST ${path})"}`);
      }
      const wrongMethod = await fetch(`${lmStudio.url}/v1/models?x=1`, { method: 'DELETE' });
      assert.equal(wrongMethod.status, 200);
      assert.equal(await wrongMethod.text(), '{"error":"Unexpected endpoint or method. (DELETE /v1/models?x=1)"}');
      assert.equal((await post('/v1/completions', { prompt: 'x' })).status, 200);
      assert.deepEqual(
        lmStudio.completionRequests.map((record) => record.route),
        ['v1-completions'],
        'only the route it serves is a completion request',
      );
    });

    it('checks the Bearer key as the chat routes do, and records the refused request', async () => {
      const keyed = await useServer({}, { apiKey: API_KEY });
      const refused = await post('/v1/completions', { prompt: 'x' });
      assert.equal(refused.status, 401);
      const accepted = await post('/v1/completions', { prompt: 'x' }, { headers: { authorization: `Bearer ${API_KEY}` } });
      assert.equal(accepted.status, 200);
      assert.equal(keyed.completionRequests.length, 2);
    });

    it('answers a body that is not a JSON object with a 400', async () => {
      await useServer({});
      const response = await post('/v1/fim/completions', 'not json');
      assert.equal(response.status, 400);
    });
  });

  describe('llama.cpp /infill and /completion', () => {
    it('answers /infill whole with the fields llama-server sends and records the request', async () => {
      const s = await useServer({});
      const body = { input_prefix: 'function add(a, b) {\n  ', input_suffix: '\n}\n', input_extra: [{ filename: 'util.ts', text: 'export {}' }], n_predict: 64, cache_prompt: true, samplers: ['top_k', 'temperature'] };
      const { response, json } = await postJson('/infill', body);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(Object.keys(json), [
        'index', 'content', 'tokens', 'id_slot', 'stop', 'model', 'tokens_predicted', 'tokens_evaluated', 'generation_settings',
        'prompt', 'has_new_line', 'truncated', 'stop_type', 'stopping_word', 'tokens_cached', 'timings',
      ]);
      assert.equal(json.content, DEFAULT_MIDDLE_TEXT);
      assert.equal(json.stop, true);
      assert.equal(json.stop_type, 'eos');
      assert.equal(json.model, 'reference-model');
      assert.deepEqual(json.tokens, []);
      const settings = json.generation_settings as Record<string, unknown>;
      assert.equal(settings.n_predict, 64);
      assert.deepEqual(settings.samplers, ['top_k', 'temperature']);
      assert.equal(json.prompt, '<|repo_name|>myproject\n<|file_sep|>util.ts\nexport {}<|file_sep|>filename\n<|fim_prefix|>function add(a, b) {\n  <|fim_suffix|>\n}\n<|fim_middle|>');
      assert.ok(typeof (json.timings as Record<string, unknown>).predicted_per_second === 'number');

      const [record] = s.completionRequests;
      assert.equal(record?.route, 'infill');
      assert.equal(record.prompt, body.input_prefix);
      assert.equal(record.suffix, body.input_suffix);
      assert.equal(record.stream, false);
      assert.deepEqual(record.body, body);
      assert.equal((await closed(record)).abandoned, false);
      assert.ok(record.closedAt! >= record.receivedAt);
    });

    it('streams /infill as llama.cpp does: one partial per token, a last stop:true object with timings, no [DONE]', async () => {
      await useServer({ middle: 'const sum = a + b;\nreturn sum;' });
      const { response, events, objects } = await sse('/infill', { input_prefix: 'a', input_suffix: 'b', stream: true });
      assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
      assert.ok(events.every((event) => event.data !== '[DONE]'));
      const partials = objects.slice(0, -1);
      const last = objects.at(-1)!;
      assert.ok(partials.length > 1);
      for (const [i, partial] of partials.entries()) {
        assert.deepEqual(Object.keys(partial), ['index', 'content', 'tokens', 'stop', 'id_slot', 'tokens_predicted', 'tokens_evaluated']);
        assert.equal(partial.stop, false);
        assert.equal(partial.id_slot, -1);
        assert.equal(partial.tokens_predicted, i + 1);
        assert.equal((partial.tokens as number[]).length, 1);
      }
      assert.equal(partials.map((partial) => partial.content).join(''), 'const sum = a + b;\nreturn sum;');
      assert.equal(last.stop, true);
      assert.equal(last.content, '');
      assert.equal(last.has_new_line, true);
      assert.equal(last.tokens_predicted, partials.length);
      assert.ok(last.timings);
    });

    it('refuses a malformed input_extra with llama.cpp\'s own error body', async () => {
      await useServer({});
      const { response, json } = await postJson('/infill', { input_prefix: 'a', input_suffix: 'b', input_extra: 'nope' });
      assert.equal(response.status, 400);
      assert.deepEqual(json, { error: { code: 400, message: '"input_extra" must be an array of {"filename": string, "text": string}', type: 'invalid_request_error' } });
    });

    it('answers /completion whole and streamed with the same shapes, the prompt as given', async () => {
      await useServer({});
      const { json } = await postJson('/completion', { prompt: '<|fim_prefix|>x<|fim_suffix|>y<|fim_middle|>' });
      assert.equal(json.content, DEFAULT_MIDDLE_TEXT);
      assert.equal(json.prompt, '<|fim_prefix|>x<|fim_suffix|>y<|fim_middle|>');
      const { objects, events } = await sse('/completion', { prompt: 'x', stream: true });
      assert.equal(objects.slice(0, -1).map((object) => object.content).join(''), DEFAULT_MIDDLE_TEXT);
      assert.equal(objects.at(-1)!.stop, true);
      assert.ok(events.every((event) => event.data !== '[DONE]'));
    });

    it('cuts the middle at a stop word (stop_type word) or at n_predict (stop_type limit)', async () => {
      await useServer({ middle: (request) => `${request.prompt.trim()} + 1;\n}\nconsole.log(1);` });
      const word = (await postJson('/infill', { input_prefix: 'x', input_suffix: '', stop: ['\n}'] })).json;
      assert.equal(word.content, 'x + 1;');
      assert.equal(word.stop_type, 'word');
      assert.equal(word.stopping_word, '\n}');
      const limit = (await postJson('/infill', { input_prefix: 'x', input_suffix: '', n_predict: 2 })).json;
      assert.equal(limit.stop_type, 'limit');
      assert.equal(limit.tokens_predicted, 2);
    });
  });

  describe('OpenAI /v1/completions', () => {
    it('answers whole as a text_completion with usage', async () => {
      await useServer({});
      const { json } = await postJson('/v1/completions', { model: 'm', prompt: 'def f(', suffix: ')', max_tokens: 32, temperature: 0, metadata: { a: 1 } });
      assert.match(json.id as string, /^cmpl-/);
      assert.equal(json.object, 'text_completion');
      assert.equal(typeof json.created, 'number');
      assert.deepEqual(json.choices, [{ text: DEFAULT_MIDDLE_TEXT, index: 0, logprobs: null, finish_reason: 'stop' }]);
      const usage = json.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
      assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
    });

    it('streams text chunks, a finish_reason chunk, the usage chunk when asked, and [DONE]', async () => {
      await useServer({});
      const { events, objects } = await sse('/v1/completions', { prompt: 'x', max_tokens: 2, stream: true, stream_options: { include_usage: true } });
      assert.equal(events.at(-1)?.data, '[DONE]');
      const usageChunk = objects.at(-1)!;
      assert.deepEqual(usageChunk.choices, []);
      assert.equal((usageChunk.usage as Record<string, number>).completion_tokens, 2);
      const finish = objects.at(-2)!;
      assert.equal(choiceOf(finish).finish_reason, 'length');
      const texts = objects.slice(0, -2).map((object) => choiceOf(object));
      assert.ok(texts.every((choice) => choice.finish_reason === null && choice.logprobs === null));
      const text = texts.map((choice) => choice.text as string).join('');
      assert.equal(texts.length, 2);
      assert.ok(text.length > 0 && text.length < DEFAULT_MIDDLE_TEXT.length && DEFAULT_MIDDLE_TEXT.startsWith(text), text);
    });

    it('with refuseSuffix, refuses a suffix with vLLM\'s exact 400 and answers without one', async () => {
      const s = await useServer({ refuseSuffix: true });
      const { response, json } = await postJson('/v1/completions', { prompt: 'x', suffix: 'y' });
      assert.equal(response.status, 400);
      assert.deepEqual(json, { error: { message: 'suffix is not currently supported', type: 'BadRequestError', param: null, code: 400 } });
      // vLLM tests `suffix is not None`: an empty suffix is refused too.
      assert.equal((await post('/v1/completions', { prompt: 'x', suffix: '' })).status, 400);
      assert.equal((await post('/v1/completions', { prompt: 'x' })).status, 200);
      assert.equal((await post('/v1/fim/completions', { prompt: 'x', suffix: 'y' })).status, 200, 'only /v1/completions refuses');
      assert.equal(s.completionRequests.length, 4);
    });
  });

  describe('Mistral /v1/fim/completions', () => {
    it('answers whole as Mistral does: a chat.completion with the middle in choices[0].message.content', async () => {
      await useServer({ middle: 'fib(n - 1) + fib(n - 2)' });
      const { json } = await postJson('/v1/fim/completions', { model: 'codestral-latest', prompt: 'def fib(n):\n    return ', suffix: '\n', max_tokens: 64, stop: '\n\n' });
      assert.equal(json.object, 'chat.completion');
      assert.match(json.id as string, /^[0-9a-f]{32}$/);
      assert.deepEqual(json.choices, [{ index: 0, message: { content: 'fib(n - 1) + fib(n - 2)', tool_calls: null, prefix: false, role: 'assistant' }, finish_reason: 'stop' }]);
      assert.ok(json.usage);
    });

    it('streams chat.completion.chunk deltas, a last delta with finish_reason and usage, and [DONE]', async () => {
      await useServer({});
      const { events, objects } = await sse('/v1/fim/completions', { model: 'codestral-latest', prompt: 'x', suffix: 'y', stream: true });
      assert.equal(events.at(-1)?.data, '[DONE]');
      assert.ok(objects.every((object) => object.object === 'chat.completion.chunk'));
      assert.deepEqual(choiceOf(objects[0]!).delta, { role: 'assistant', content: '' });
      const last = objects.at(-1)!;
      assert.equal(choiceOf(last).finish_reason, 'stop');
      assert.ok(last.usage);
      const content = objects.map((object) => (choiceOf(object).delta as Record<string, string>).content).join('');
      assert.equal(content, DEFAULT_MIDDLE_TEXT);
    });
  });

  describe('Ollama /api/generate', () => {
    it('streams NDJSON by default: response pieces, then done:true with done_reason, counts and durations', async () => {
      const s = await useServer({});
      const response = await post('/api/generate', { model: 'qwen2.5-coder:1.5b', prompt: 'def f(', suffix: ')', options: { num_predict: 64 } });
      assert.match(response.headers.get('content-type') ?? '', /^application\/x-ndjson/);
      const lines = (await response.text()).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
      const last = lines.at(-1)!;
      for (const line of lines.slice(0, -1)) {
        assert.deepEqual(Object.keys(line), ['model', 'created_at', 'response', 'done']);
        assert.equal(line.model, 'qwen2.5-coder:1.5b');
        assert.equal(line.done, false);
      }
      assert.equal(lines.slice(0, -1).map((line) => line.response).join(''), DEFAULT_MIDDLE_TEXT);
      assert.equal(last.done, true);
      assert.equal(last.response, '');
      assert.equal(last.done_reason, 'stop');
      assert.ok(Array.isArray(last.context));
      for (const field of ['total_duration', 'prompt_eval_count', 'eval_count', 'eval_duration']) assert.equal(typeof last[field], 'number', field);
      assert.equal(s.completionRequests[0]?.stream, true);
    });

    it('answers whole with stream:false, without context when raw, and stops at num_predict with done_reason length', async () => {
      await useServer({});
      const { json } = await postJson('/api/generate', { model: 'm', prompt: 'x', suffix: 'y', stream: false, raw: true, options: { num_predict: 1 } });
      assert.equal(json.done, true);
      const response = json.response as string;
      assert.ok(response.length > 0 && response.length < DEFAULT_MIDDLE_TEXT.length && DEFAULT_MIDDLE_TEXT.startsWith(response), response);
      assert.equal(json.done_reason, 'length');
      assert.equal(json.eval_count, 1);
      assert.equal('context' in json, false);
    });
  });

  describe('behaviour options', () => {
    it('answers every completion request with `status` in the OpenAI error shape, 429 with Retry-After', async () => {
      await useServer({ status: 429 });
      const { response, json } = await postJson('/infill', { input_prefix: 'a', input_suffix: 'b' });
      assert.equal(response.status, 429);
      assert.equal(response.headers.get('retry-after'), '1');
      assert.deepEqual(Object.keys(json.error as object), ['message', 'type', 'param', 'code']);
      assert.equal((json.error as Record<string, unknown>).type, 'rate_limit_error');
      await useServer({ status: 500 });
      const failed = await post('/api/generate', { model: 'm', prompt: 'x' });
      assert.equal(failed.status, 500);
      assert.equal(failed.headers.get('retry-after'), null);
    });

    it('records a client that aborts during delayMs as abandoned, the close seen at the abort, not after the delay', async () => {
      // The server's waits are the test's, and it never lets the 5 s pass: only the client's going away can end this one.
      const waits = heldWaits();
      const s = await useServer({ delayMs: 5000 }, { sleep: waits.sleep });
      const controller = new AbortController();
      const pending = post('/v1/completions', { prompt: 'x' }, { signal: controller.signal }).catch((error: unknown) => error);
      const delay = await Promise.race([waits.nth(1), pending.then(() => undefined)]);
      assert.ok(delay, 'the server answered without waiting');
      assert.equal(delay.ms, 5000);
      const abortedAt = performance.now();
      controller.abort();
      assert.ok((await pending) instanceof Error);
      const record = await closed(s.completionRequests[0]!);
      assert.equal(record.abandoned, true);
      assert.equal(delay.signal.aborted, true, 'the delay ended because the client went away');
      // Stamped on performance.now()'s clock, the one a bench in the same process compares with its abort.
      assert.ok(abortedAt <= record.closedAt && record.closedAt <= performance.now(), `closedAt ${record.closedAt}, aborted at ${abortedAt}`);
    });

    it('waits delayMs before answering and pieceDelayMs between pieces; an abort mid-stream is abandoned too', async () => {
      const waits = heldWaits();
      const s = await useServer({ delayMs: 60, pieceDelayMs: 40 }, { sleep: waits.sleep });
      const answer = postJson('/v1/fim/completions', { prompt: 'x' });
      const delay = await Promise.race([waits.nth(1), answer.then(() => undefined)]);
      assert.ok(delay, 'the server answered without waiting');
      assert.equal(delay.ms, 60);
      // The answer cannot come while the delay is held.
      delay.release();
      const whole = await answer;
      assert.equal(whole.response.status, 200);
      assert.deepEqual(waits.asked.map((wait) => wait.ms), [60], 'a whole answer has no pieces to wait between');

      const controller = new AbortController();
      const streamed = post('/api/generate', { model: 'm', prompt: 'x' }, { signal: controller.signal });
      const streamDelay = await waits.nth(2);
      assert.equal(streamDelay.ms, 60);
      streamDelay.release();
      const reader = (await streamed).body!.getReader();
      await reader.read();
      // After the first piece the server waits before the next; the test never ends that wait, the client leaves.
      const rest = (async () => {
        while (!(await reader.read()).done);
      })().catch(() => undefined);
      const gap = await Promise.race([waits.nth(3), rest.then(() => undefined)]);
      assert.ok(gap, 'the stream ended without a wait between its pieces');
      assert.equal(gap.ms, 40);
      controller.abort();
      await rest;
      const record = await closed(s.completionRequests[1]!);
      assert.equal(record.abandoned, true);
      assert.equal(gap.signal.aborted, true, 'the wait between pieces ended with the client');
      assert.equal((await closed(s.completionRequests[0]!)).abandoned, false);
    });

    it('passes the recorded request to a middle function, and reset() clears the records', async () => {
      const s = await useServer({ middle: (request) => `${request.route}:${request.prompt}|${request.suffix}` });
      const { json } = await postJson('/v1/completions', { prompt: 'before', suffix: 'after' });
      assert.equal(choiceOf(json).text, 'v1-completions:before|after');
      s.reset();
      assert.equal(s.completionRequests.length, 0);
      assert.equal(s.requests.length, 0);
    });
  });
});
