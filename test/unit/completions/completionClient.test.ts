// One completion POST through the chat transport, against a fake fetch: what is sent, what a refusal becomes, and
// how an abort and the time limit end it.
import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { CompletionClient, type CompletionClientOptions } from '../../../src/core/completions/completionClient';
import { AbortedError } from '../../../src/core/errors/AskModelError';
import { BadRequestError, HttpError } from '../../../src/core/errors/httpErrors';
import { ConnectionError, TimeoutError } from '../../../src/core/errors/transportErrors';
import type { ExchangeLogEntry } from '../../../src/core/client/transport';
import { fakeFetch, jsonResponse, type FakeHandler } from '../../support/fakeFetch';

const KEY = 'sk-test-0123456789abcdef';
const URL = 'http://localhost:8080/v1/completions';
const BODY = { model: 'qwen2.5-coder:7b', prompt: 'def f(', suffix: ')\n', max_tokens: 16, stream: false };

function client(handler: FakeHandler, options: Partial<CompletionClientOptions> = {}) {
  const fake = fakeFetch(handler);
  return { fake, client: new CompletionClient({ fetch: fake.fetch, baseUrl: 'http://localhost:8080', apiKey: KEY, ...options }) };
}

/** Lets every promise chain the test started run to its end (setImmediate is not among the mocked timers). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A fetch answer that never comes, until the request's signal aborts. */
const never: FakeHandler = (call) =>
  new Promise<Response>((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
  });

describe('CompletionClient', () => {
  // The time limit is a setTimeout: its tests run on node:test's mocked clock, moved by hand.
  afterEach(() => mock.timers.reset());

  it('knows its server’s root and /v1 from the base URL', () => {
    assert.deepEqual(client(() => jsonResponse(200, {})).client.urls, { root: 'http://localhost:8080', v1: 'http://localhost:8080/v1' });
  });

  it('POSTs the body as JSON with the key and the profile’s headers, and reads the answer', async () => {
    const { fake, client: c } = client(() => jsonResponse(200, { choices: [{ text: 'x', finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 1 } }), {
      headers: { 'X-Team': 'blue' },
    });
    const answer = await c.send(URL, BODY, new AbortController().signal);
    assert.deepEqual(answer, { text: 'x', finishReason: 'stop', usage: { prompt_tokens: 3, completion_tokens: 1 }, model: undefined });
    assert.equal(fake.calls.length, 1);
    const [call] = fake.calls;
    assert.equal(call?.url, URL);
    assert.equal(call?.method, 'POST');
    assert.deepEqual(call?.body, BODY);
    assert.equal(call?.headers['authorization'], `Bearer ${KEY}`);
    assert.equal(call?.headers['content-type'], 'application/json');
    assert.equal(call?.headers['x-team'], 'blue');
  });

  it('sends no Authorization header without a key, or with a blank one', async () => {
    for (const apiKey of [undefined, '   ']) {
      const { fake, client: c } = client(() => jsonResponse(200, { content: 'x' }), { apiKey });
      await c.send(URL, BODY, new AbortController().signal);
      assert.equal(fake.calls[0]?.headers['authorization'], undefined);
    }
  });

  it('reads an answer streamed anyway, by what arrived', async () => {
    const { client: c } = client(() => new Response('data: {"content":"a"}\n\ndata: {"content":"b","stop":true,"stop_type":"eos"}\n\n', { headers: { 'content-type': 'text/event-stream' } }));
    const answer = await c.send(URL, BODY, new AbortController().signal);
    assert.equal(answer.text, 'ab');
    assert.equal(answer.finishReason, 'stop');
  });

  it('turns a 4xx into an HttpError with the server’s words, once, logged without the key', async () => {
    const entries: ExchangeLogEntry[] = [];
    const { fake, client: c } = client(() => jsonResponse(400, { object: 'error', message: 'suffix is not currently supported', type: 'BadRequestError', code: 400 }), {
      onExchange: (entry) => entries.push(entry),
    });
    await assert.rejects(c.send(URL, BODY, new AbortController().signal), (error: unknown) => {
      assert.ok(error instanceof BadRequestError);
      assert.equal(error.status, 400);
      assert.equal(error.serverMessage, 'suffix is not currently supported');
      return true;
    });
    assert.equal(fake.calls.length, 1, 'no retry');
    assert.equal(entries.length, 1);
    assert.equal(entries[0]?.status, 400);
    assert.equal(entries[0]?.outcome, 'error');
  });

  it('keeps the key out of an error whose body echoes it', async () => {
    const { client: c } = client(() => jsonResponse(401, { error: { message: `Incorrect API key provided: ${KEY}` } }));
    await assert.rejects(c.send(URL, BODY, new AbortController().signal), (error: unknown) => {
      assert.ok(error instanceof HttpError);
      assert.equal(error.status, 401);
      assert.ok(!error.message.includes(KEY), error.message);
      return true;
    });
  });

  it('does not retry a 5xx or a 429: the engine backs off instead', async () => {
    for (const status of [429, 503]) {
      const { fake, client: c } = client(() => jsonResponse(status, { error: { message: 'busy' } }, { 'retry-after': '2' }));
      await assert.rejects(c.send(URL, BODY, new AbortController().signal), (error: unknown) => error instanceof HttpError && error.status === status);
      assert.equal(fake.calls.length, 1);
    }
  });

  it('turns a refused connection into a ConnectionError', async () => {
    const { client: c } = client(() => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    });
    await assert.rejects(c.send(URL, BODY, new AbortController().signal), ConnectionError);
  });

  it('rejects with AbortedError when the caller aborts, having aborted the fetch', async () => {
    // No time limit, and a fetch that ends only when its signal aborts: the caller's abort is the one way out.
    const { fake, client: c } = client(never, { timeoutMs: 0 });
    const controller = new AbortController();
    const events: string[] = [];
    const sent = c.send(URL, BODY, controller.signal).then(
      () => events.push('answered'),
      (error: unknown) => events.push(error instanceof AbortedError ? 'rejected with AbortedError' : `rejected with ${String(error)}`),
    );
    await settle();
    assert.equal(fake.calls.length, 1, 'the request is under way');
    fake.calls[0]?.signal?.addEventListener('abort', () => events.push('fetch aborted'));
    controller.abort();
    await sent;
    assert.deepEqual(events, ['fetch aborted', 'rejected with AbortedError']);
  });

  it('rejects at once for a signal already aborted', async () => {
    const { client: c } = client(() => jsonResponse(200, { content: 'x' }));
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(c.send(URL, BODY, controller.signal), AbortedError);
  });

  it('ends a request that outlasts the time limit with a TimeoutError, at the limit and not before', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    const { fake, client: c } = client(never, { timeoutMs: 30 });
    const ended: unknown[] = [];
    void c.send(URL, BODY, new AbortController().signal).then(
      () => ended.push('answered'),
      (error: unknown) => ended.push(error),
    );
    await settle();
    mock.timers.tick(29);
    await settle();
    assert.equal(ended.length, 0, 'still waiting 29 ms in');
    assert.equal(fake.calls[0]?.signal?.aborted, false);
    mock.timers.tick(1);
    await settle();
    const [error] = ended;
    assert.ok(error instanceof TimeoutError && error.timeoutMs === 30, String(error));
    assert.equal(fake.calls[0]?.signal?.aborted, true);
  });

  it('applies the time limit to a body that stalls after its headers too', async () => {
    const { client: c } = client(
      (call) =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull: () =>
              new Promise<void>((_, reject) => {
                call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
              }),
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
      { timeoutMs: 30 },
    );
    await assert.rejects(c.send(URL, BODY, new AbortController().signal), TimeoutError);
  });
});
