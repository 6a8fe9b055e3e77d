import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { createParser } from 'eventsource-parser';
import type { EventSourceMessage } from 'eventsource-parser';
import { recogniseContextOverflow } from '../../../src/core/errors/contextOverflow';
import { loadRecordedCases } from '../../support/recorded/recordedCases';
import { DEFAULT_ANSWER_TEXT, faultTurn, replayTurn, startReferenceServer, textTurn, toolCallsTurn } from '../../support/referenceServer';
import { sleep as timerSleep } from '../../support/referenceServer/abortableSleep';
import { heldWaits } from '../../support/heldWaits';
import type { ErrorBodyShape, ReferenceServer, ReferenceServerOptions } from '../../support/referenceServer';

// Loopback only; every test gets its own server so faults and scripts never leak between tests.

const API_KEY = 'sk-reference-test-key';
const user = (content: string) => ({ role: 'user', content });

let server: ReferenceServer;

async function useServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  await server.close();
  server = await startReferenceServer(options);
  return server;
}

beforeEach(async () => {
  server = await startReferenceServer();
});

afterEach(async () => {
  await server.close();
});

function chatBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'any-model', messages: [user('Hello?')], ...extra };
}

function post(body: unknown, headers: Record<string, string> = {}, path = '/v1/chat/completions'): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function postJson(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await post(body);
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

interface Chunk {
  object: string;
  id: string;
  model: string;
  created: number;
  choices: { index: number; delta: Record<string, unknown>; finish_reason: string | null }[];
  usage?: Record<string, number> | null;
  _response_ms?: number;
}

interface StreamRead {
  response: Response;
  events: EventSourceMessage[];
  chunks: Chunk[];
  done: boolean;
}

/** Reads the whole stream with a real SSE parser; `chunks` are the JSON data events. */
async function stream(body: Record<string, unknown>): Promise<StreamRead> {
  const response = await post({ ...body, stream: true });
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(await response.text());
  const done = events.at(-1)?.data === '[DONE]';
  const chunks = events.filter((event) => event.data.startsWith('{')).map((event) => JSON.parse(event.data) as Chunk);
  return { response, events, chunks, done };
}

function deltas(chunks: Chunk[]): Record<string, unknown>[] {
  return chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
}

function contentOf(chunks: Chunk[]): string {
  return deltas(chunks)
    .map((delta) => (typeof delta.content === 'string' ? delta.content : ''))
    .join('');
}

interface ToolFragment {
  index: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

function toolFragments(chunks: Chunk[]): ToolFragment[] {
  return deltas(chunks).flatMap((delta) => (delta.tool_calls as ToolFragment[] | undefined) ?? []);
}

/** Reads from the stream until `count` SSE events have arrived. */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (text.split('\n\n').length - 1 < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe('reference server', () => {
  describe('routes', () => {
    it('answers /health, lists models and 404s unknown paths in the OpenAI error shape', async () => {
      await useServer({ model: 'main-model', models: ['second-model'] });
      const health = await fetch(`${server.url}/health`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: 'ok' });

      const models = (await (await fetch(`${server.url}/v1/models`)).json()) as { object: string; data: Record<string, unknown>[] };
      assert.equal(models.object, 'list');
      assert.deepEqual(
        models.data.map((model) => [model.id, model.object, model.owned_by, typeof model.created]),
        [
          ['main-model', 'model', 'reference', 'number'],
          ['second-model', 'model', 'reference', 'number'],
        ],
      );

      const unknown = await post(chatBody(), {}, '/chat/completions');
      assert.equal(unknown.status, 404);
      const error = ((await unknown.json()) as { error: Record<string, unknown> }).error;
      assert.equal(error.type, 'invalid_request_error');
      assert.match(String(error.message), /\/chat\/completions/);
    });
  });

  describe('authentication', () => {
    it('rejects a missing or wrong key with 401 invalid_api_key and accepts the right one', async () => {
      await useServer({ apiKey: API_KEY });
      for (const headers of [{}, { authorization: 'Bearer sk-wrong' }] as Record<string, string>[]) {
        const response = await post(chatBody(), headers);
        assert.equal(response.status, 401);
        const body = (await response.json()) as { error: Record<string, unknown> };
        assert.equal(body.error.type, 'invalid_request_error');
        assert.equal(body.error.code, 'invalid_api_key');
        assert.equal(typeof body.error.message, 'string');
        assert.ok(!String(body.error.message).includes('sk-wrong'), 'the key is never echoed');
      }
      const ok = await post(chatBody(), { authorization: `Bearer ${API_KEY}` });
      assert.equal(ok.status, 200);
      assert.equal(server.requests.length, 3, 'rejected requests are recorded too');
      assert.equal(server.requests[2]?.headers.authorization, `Bearer ${API_KEY}`);
      assert.equal((await fetch(`${server.url}/v1/models`)).status, 401);
    });
  });

  describe('validation', () => {
    const cases: [string, unknown, string | null][] = [
      ['a body that is not JSON', '{not json', null],
      ['a JSON array', [], null],
      ['a missing model', { messages: [user('x')] }, 'model'],
      ['an empty model', chatBody({ model: '' }), 'model'],
      ['no messages', chatBody({ messages: [] }), 'messages'],
      ['an unknown role', chatBody({ messages: [{ role: 'robot', content: 'x' }] }), 'messages[0].role'],
      ['a numeric content', chatBody({ messages: [{ role: 'user', content: 5 }] }), 'messages[0].content'],
      ['a null content without tool_calls', chatBody({ messages: [user('x'), { role: 'assistant', content: null }] }), 'messages[1].content'],
      ['a tool message without tool_call_id', chatBody({ messages: [user('x'), { role: 'tool', content: 'r' }] }), 'messages[1].tool_call_id'],
      ['a string stream', chatBody({ stream: 'yes' }), 'stream'],
      ['a tool that is not a function', chatBody({ tools: [{ type: 'retrieval' }] }), 'tools[0].type'],
      ['tool parameters that are not an object schema', chatBody({ tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'string' } } }] }), 'tools[0].function.parameters.type'],
      ['an unknown tool_choice', chatBody({ tool_choice: 'sometimes' }), 'tool_choice'],
      ['a non-string tag', chatBody({ metadata: { tags: ['ok', 7] } }), 'metadata.tags[1]'],
      ['a numeric generation_name', chatBody({ metadata: { generation_name: 1 } }), 'metadata.generation_name'],
      ['stream_options that are not an object', chatBody({ stream_options: true }), 'stream_options'],
      ['an empty array of content parts', chatBody({ messages: [{ role: 'user', content: [] }] }), 'messages[0].content'],
      ['an image part whose URL is not an image', chatBody({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:text/plain;base64,aGk=' } }] }] }), 'messages[0].content[0].image_url.url'],
      ['an unknown content part', chatBody({ messages: [{ role: 'user', content: [{ type: 'audio', data: 'x' }] }] }), 'messages[0].content[0].type'],
      ['content parts on a tool message', chatBody({ messages: [user('x'), { role: 'tool', tool_call_id: 'c', content: [{ type: 'text', text: 'r' }] }] }), 'messages[1].content'],
    ];
    for (const [what, body, param] of cases) {
      it(`answers 400 naming the field for ${what}`, async () => {
        const response = await post(body);
        assert.equal(response.status, 400);
        const { error } = (await response.json()) as { error: Record<string, unknown> };
        assert.equal(error.type, 'invalid_request_error');
        assert.equal(error.param, param);
        assert.equal(error.code, null);
        if (param !== null) assert.ok(String(error.message).includes(param), `${String(error.message)} names ${param}`);
        assert.equal(server.requests.length, 1, 'recorded before validation');
      });
    }

    it('accepts requests with and without contents, and ignores unknown fields', async () => {
      assert.equal((await post(chatBody())).status, 200);
      assert.equal((await post(chatBody({ contents: [{ anything: true }] }))).status, 200);
      assert.equal((await post(chatBody({ temperature: 0.2, extra_body: { top_k: 5 }, vendor_flag: 'x' }))).status, 200);
      assert.deepEqual((server.requests[2]?.body as Record<string, unknown>).extra_body, { top_k: 5 });
    });

    it('accepts a user message of text and image parts (OpenAI\'s vision format)', async () => {
      const content = [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }, { type: 'image_url', image_url: { url: 'https://example.com/a.png' } }];
      assert.equal((await post(chatBody({ messages: [{ role: 'user', content }] }))).status, 200);
    });

    it('accepts a full tool conversation with metadata', async () => {
      const { status } = await postJson({
        model: 'm',
        messages: [
          { role: 'system', content: 'Be brief.' },
          user('Read a.txt'),
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: 'contents' },
        ],
        tools: [{ type: 'function', function: { name: 'read_file', description: 'Reads a file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } }],
        tool_choice: 'auto',
        metadata: { tags: ['a', 'b'], generation_name: 'gen', trace_user_id: 'u1' },
      });
      assert.equal(status, 200);
    });
  });

  describe('non-streamed answers', () => {
    it('returns a chat.completion with usage and _response_ms', async () => {
      await useServer({ model: 'configured-model' });
      const { status, json } = await postJson(chatBody());
      assert.equal(status, 200);
      assert.match(String(json.id), /^chatcmpl-/);
      assert.equal(json.object, 'chat.completion');
      assert.ok(Number.isInteger(json.created));
      assert.equal(json.model, 'configured-model');
      assert.deepEqual(json.choices, [{ index: 0, message: { role: 'assistant', content: DEFAULT_ANSWER_TEXT }, finish_reason: 'stop' }]);
      const usage = json.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
      assert.ok(usage.prompt_tokens > 0 && usage.completion_tokens > 0);
      assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);
      assert.equal(typeof json._response_ms, 'number');
    });

    it('answers the script in order, then the default answer', async () => {
      server.script(textTurn('one', { finishReason: 'length', responseMs: 42, usage: { prompt_tokens: 7 } }), textTurn('two', { responseMs: null }));
      assert.equal(server.queuedTurns, 2);
      const first = (await postJson(chatBody())).json;
      assert.equal((first.choices as { message: { content: string }; finish_reason: string }[])[0]?.message.content, 'one');
      assert.equal((first.choices as { finish_reason: string }[])[0]?.finish_reason, 'length');
      assert.equal(first._response_ms, 42);
      assert.deepEqual(first.usage, { prompt_tokens: 7, completion_tokens: 1, total_tokens: 8 });
      const second = (await postJson(chatBody())).json;
      assert.ok(!('_response_ms' in second));
      const third = (await postJson(chatBody())).json;
      assert.equal((third.choices as { message: { content: string } }[])[0]?.message.content, DEFAULT_ANSWER_TEXT);
      assert.equal(server.queuedTurns, 0);
    });

    it('returns tool calls with content null, omitting an id scripted as null', async () => {
      server.script(toolCallsTurn([{ name: 'read_file', arguments: '{"path":"a"}', id: 'call_x' }, { name: 'list', arguments: '{}', id: null }]));
      const { json } = await postJson(chatBody());
      const choice = (json.choices as { message: Record<string, unknown>; finish_reason: string }[])[0];
      assert.equal(choice?.finish_reason, 'tool_calls');
      assert.equal(choice?.message.content, null);
      assert.deepEqual(choice?.message.tool_calls, [
        { id: 'call_x', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } },
        { type: 'function', function: { name: 'list', arguments: '{}' } },
      ]);
    });
  });

  describe('streamed answers', () => {
    it('streams chunks that concatenate to the text, ending with finish_reason, _response_ms and [DONE]', async () => {
      server.script(textTurn('The quick brown fox.', { chunks: 4 }));
      const { response, chunks, events, done } = await stream(chatBody());
      assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      assert.ok(done);
      assert.equal(events.filter((event) => event.data === '[DONE]').length, 1);
      assert.equal(chunks.length, 1 + 4 + 1);
      assert.ok(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === chunks[0]?.id && chunk.model === 'reference-model'));
      assert.deepEqual(chunks[0]?.choices[0]?.delta, { role: 'assistant', content: '' });
      assert.equal(contentOf(chunks), 'The quick brown fox.');
      const last = chunks.at(-1);
      assert.deepEqual(last?.choices[0], { index: 0, delta: {}, finish_reason: 'stop' });
      assert.equal(typeof last?._response_ms, 'number');
      assert.ok(chunks.slice(0, -1).every((chunk) => chunk.choices[0]?.finish_reason === null && !('_response_ms' in chunk)));
      assert.ok(chunks.every((chunk) => !('usage' in chunk)), 'no usage without include_usage');
    });

    it('sends a usage chunk only with include_usage, matching the non-streamed usage', async () => {
      const nonStreamed = (await postJson(chatBody())).json.usage;
      const { chunks, done } = await stream(chatBody({ stream_options: { include_usage: true } }));
      assert.ok(done);
      const usageChunk = chunks.at(-1);
      assert.deepEqual(usageChunk?.choices, []);
      assert.deepEqual(usageChunk?.usage, nonStreamed);
      assert.equal(chunks.at(-2)?.choices[0]?.finish_reason, 'stop');
      assert.equal(typeof chunks.at(-2)?._response_ms, 'number');
    });

    it('streams reasoning before content and omits _response_ms when scripted null', async () => {
      server.script(textTurn('Answer.', { reasoning: 'Thinking hard.', responseMs: null }));
      const { chunks } = await stream(chatBody());
      const reasoning = deltas(chunks).map((delta) => delta.reasoning_content ?? '').join('');
      assert.equal(reasoning, 'Thinking hard.');
      assert.equal(contentOf(chunks), 'Answer.');
      assert.ok(chunks.every((chunk) => !('_response_ms' in chunk)));
    });

    it('streams a tool call as an opening fragment with id and name, then N argument fragments', async () => {
      const args = JSON.stringify({ path: 'src/index.ts', line: 12 });
      server.script(toolCallsTurn([{ name: 'read_file', arguments: args, id: 'call_abc' }], { fragments: 5 }));
      const { chunks, done } = await stream(chatBody());
      assert.ok(done);
      const fragments = toolFragments(chunks);
      assert.equal(fragments.length, 1 + 5);
      assert.deepEqual(fragments[0], { index: 0, id: 'call_abc', type: 'function', function: { name: 'read_file', arguments: '' } });
      for (const fragment of fragments.slice(1)) assert.deepEqual(Object.keys(fragment).sort(), ['function', 'index']);
      assert.ok(fragments.slice(1).every((fragment) => fragment.function?.name === undefined));
      assert.equal(fragments.map((fragment) => fragment.function?.arguments ?? '').join(''), args);
      assert.equal(chunks.at(-1)?.choices[0]?.finish_reason, 'tool_calls');
    });

    it('interleaves the fragments of parallel calls by index and they reassemble per index', async () => {
      const calls = [
        { name: 'first', arguments: '{"a":"alpha"}' },
        { name: 'second', arguments: '{"b":"beta"}', id: null },
      ];
      server.script(toolCallsTurn(calls, { fragments: 3, interleave: true }));
      const fragments = toolFragments((await stream(chatBody())).chunks);
      assert.deepEqual(
        fragments.map((fragment) => fragment.index),
        [0, 1, 0, 1, 0, 1, 0, 1],
      );
      assert.equal(fragments[1]?.id, undefined, 'an id scripted as null is omitted');
      assert.equal(fragments[1]?.function?.name, 'second');
      for (const [index, call] of calls.entries()) {
        const joined = fragments
          .filter((fragment) => fragment.index === index)
          .map((fragment) => fragment.function?.arguments ?? '')
          .join('');
        assert.equal(joined, call.arguments);
      }
      server.script(toolCallsTurn(calls, { fragments: 2 }));
      const sequential = toolFragments((await stream(chatBody())).chunks);
      assert.deepEqual(
        sequential.map((fragment) => fragment.index),
        [0, 0, 0, 1, 1, 1],
      );
    });
  });

  describe('faults', () => {
    const bodies: [ErrorBodyShape, string | null, (text: string) => void][] = [
      ['openai', 'application/json', (text) => assert.equal((JSON.parse(text) as { error: { type: string } }).error.type, 'rate_limit_error')],
      ['detail', 'application/json', (text) => assert.deepEqual(JSON.parse(text), { detail: 'Slow down' })],
      ['message', 'application/json', (text) => assert.deepEqual(JSON.parse(text), { message: 'Slow down' })],
      ['text', 'text/plain', (text) => assert.equal(text, 'Slow down')],
      ['html', 'text/html', (text) => assert.match(text, /<html>[\s\S]*429/)],
      ['empty', null, (text) => assert.equal(text, '')],
    ];
    for (const [shape, contentType, check] of bodies) {
      it(`answers a status fault with the ${shape} body shape and retry headers`, async () => {
        server.script(faultTurn({ type: 'status', status: 429, body: shape, message: 'Slow down', retryAfter: '2', retryAfterMs: '1500' }));
        const response = await post(chatBody({ stream: true }));
        assert.equal(response.status, 429);
        assert.equal(response.headers.get('retry-after'), '2');
        assert.equal(response.headers.get('retry-after-ms'), '1500');
        if (contentType === null) assert.equal(response.headers.get('content-type'), null);
        else assert.ok(response.headers.get('content-type')?.startsWith(contentType));
        check(await response.text());
      });
    }

    it('resets the connection mid-stream so reading the body rejects', async () => {
      server.script(faultTurn({ type: 'resetMidStream', afterChunks: 2 }, textTurn('a long enough answer', { chunks: 5 })));
      const response = await post(chatBody({ stream: true }));
      assert.equal(response.status, 200);
      await assert.rejects(response.text());
      server.script(faultTurn({ type: 'resetMidStream', afterChunks: 0 }));
      await assert.rejects(post(chatBody()), 'a non-streamed reset fails before the body');
    });

    it('resets mid-stream after a pause when asked: the chunks before it arrive, then the reset after the pause', async () => {
      const waits = heldWaits();
      await useServer({ sleep: waits.sleep });
      server.script(faultTurn({ type: 'resetMidStream', afterChunks: 2, afterMs: 300 }, textTurn('a long enough answer', { chunks: 5 })));
      const response = await post(chatBody({ stream: true }));
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const before = await readEvents(reader, 2);
      assert.equal(before.split('\n\n').length - 1, 2);
      const events: string[] = [];
      const next = reader.read().then(
        () => events.push('more bytes'),
        () => events.push('reset'),
      );
      const pause = await Promise.race([waits.nth(1), next.then(() => undefined)]);
      assert.ok(pause, `no pause was asked for before: ${events.join(', ')}`);
      assert.equal(pause.ms, 300);
      events.push('pause over');
      pause.release();
      await next;
      assert.deepEqual(events, ['pause over', 'reset']);
    });

    it('stalls mid-stream: no more bytes arrive, and close() ends the stalled stream', async () => {
      server.script(faultTurn({ type: 'stall', afterChunks: 2 }, textTurn('stalled answer', { chunks: 3 })));
      const response = await post(chatBody({ stream: true }));
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const before = await readEvents(reader, 2);
      assert.equal(before.split('\n\n').length - 1, 2);
      const pending = reader.read().then(
        (read) => (read.done ? 'ended' : `more bytes: ${new TextDecoder().decode(read.value)}`),
        () => 'ended',
      );
      // A close() that waited for the stalled stream would fail this test by mocha's timeout.
      await server.close();
      assert.equal(await pending, 'ended', 'no byte came after the stall, and the close ended the stream');
    });

    it('resumes after a timed stall', async () => {
      const waits = heldWaits();
      await useServer({ sleep: waits.sleep });
      server.script(faultTurn({ type: 'stall', afterChunks: 1, ms: 50 }));
      const streamed = stream(chatBody());
      const stall = await Promise.race([waits.nth(1), streamed.then(() => undefined)]);
      assert.ok(stall, 'the answer ended without a stall');
      assert.equal(stall.ms, 50);
      // The answer cannot end while the stall is held; released, it goes on to the end.
      stall.release();
      const { chunks, done } = await streamed;
      assert.ok(done);
      assert.equal(contentOf(chunks), DEFAULT_ANSWER_TEXT);
    });

    it('sends a garbage line and then carries on', async () => {
      server.script(faultTurn({ type: 'garbageLine', afterChunks: 1 }));
      const { events, chunks, done } = await stream(chatBody());
      assert.equal(events[1]?.data, 'this is not json');
      assert.ok(done);
      assert.equal(contentOf(chunks), DEFAULT_ANSWER_TEXT);
    });

    it('ends the stream without [DONE]', async () => {
      server.script(faultTurn({ type: 'noDone' }));
      const { events, chunks, done } = await stream(chatBody());
      assert.ok(!done);
      assert.ok(events.every((event) => event.data !== '[DONE]'));
      assert.equal(chunks.at(-1)?.choices[0]?.finish_reason, 'stop');
    });

    it('drips chunks slowly', async () => {
      const waits: number[] = [];
      await useServer({
        sleep: async (ms) => {
          waits.push(ms);
        },
      });
      server.script(faultTurn({ type: 'slowDrip', delayMs: 20 }, textTurn('drip', { chunks: 2 })));
      const { done } = await stream(chatBody());
      // role, 2 content, finish, [DONE]: a wait of 20 ms before each but the first.
      assert.deepEqual(waits, [20, 20, 20, 20]);
      assert.ok(done);
    });

    it('waits on a timer of its own when given no sleep: the wait ends after its time, or at once when the request goes away', async () => {
      mock.timers.enable({ apis: ['setTimeout'] });
      try {
        const settle = () => new Promise((resolve) => setImmediate(resolve));
        const ended: string[] = [];
        void timerSleep(300, new AbortController().signal).then(() => ended.push('waited 300 ms'));
        const gone = new AbortController();
        void timerSleep(300, gone.signal).then(() => ended.push('the request went away'));
        mock.timers.tick(299);
        await settle();
        assert.deepEqual(ended, []);
        gone.abort();
        await settle();
        assert.deepEqual(ended, ['the request went away']);
        mock.timers.tick(1);
        await settle();
        assert.deepEqual(ended, ['the request went away', 'waited 300 ms']);
      } finally {
        mock.timers.reset();
      }
    });

    for (const style of ['event', 'data'] as const) {
      it(`sends a mid-stream error (${style} style) and ends the stream`, async () => {
        server.script(faultTurn({ type: 'errorEvent', afterChunks: 2, style, message: 'upstream exploded' }));
        const { events, done } = await stream(chatBody());
        assert.ok(!done);
        const last = events.at(-1);
        assert.equal(last?.event, style === 'event' ? 'error' : undefined);
        assert.equal((JSON.parse(last?.data ?? '{}') as { error: { message: string } }).error.message, 'upstream exploded');
        assert.equal(events.length, 3);
      });
    }

    it('answers with a huge text of about the requested size', async () => {
      server.script(faultTurn({ type: 'hugeAnswer', bytes: 200_000 }), faultTurn({ type: 'hugeAnswer', bytes: 200_000 }));
      const { chunks, done } = await stream(chatBody());
      assert.ok(done);
      assert.equal(contentOf(chunks).length, 200_000);
      const { json } = await postJson(chatBody());
      assert.equal((json.choices as { message: { content: string } }[])[0]?.message.content.length, 200_000);
    });

    it('answers a stream request with plain JSON', async () => {
      server.script(faultTurn({ type: 'jsonToStream' }));
      const response = await post(chatBody({ stream: true }));
      assert.ok(response.headers.get('content-type')?.startsWith('application/json'));
      const body = (await response.json()) as Record<string, unknown>;
      assert.equal(body.object, 'chat.completion');
    });

    it('applies a default fault to every request until reset, keeping the script for later', async () => {
      server.script(textTurn('scripted'));
      server.setDefaultFault({ type: 'status', status: 503, body: 'openai' });
      assert.equal((await post(chatBody())).status, 503);
      assert.equal((await post(chatBody())).status, 503);
      assert.equal(server.queuedTurns, 1);
      server.setDefaultFault(null);
      const { json } = await postJson(chatBody());
      assert.equal((json.choices as { message: { content: string } }[])[0]?.message.content, 'scripted');

      server.setDefaultFault({ type: 'noDone' });
      assert.ok(!(await stream(chatBody())).done);
      server.script(textTurn('dropped'));
      server.reset();
      assert.equal(server.requests.length, 0);
      assert.equal(server.queuedTurns, 0);
      const after = await stream(chatBody());
      assert.ok(after.done);
      assert.equal(contentOf(after.chunks), DEFAULT_ANSWER_TEXT);
    });
  });

  describe('replay', () => {
    const sse = ': keep-alive\n\ndata: {"choices":[{"index":0,"delta":{"content":"recorded"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
    const json = '{\n  "object": "chat.completion",\n  "choices": [{"index": 0, "message": {"role": "assistant", "content": "recorded"}, "finish_reason": "stop"}]\n}';

    it('sends an SSE body verbatim as text/event-stream, to a stream request or not', async () => {
      server.script(replayTurn(sse), replayTurn(sse));
      for (const stream of [true, false]) {
        const response = await post(chatBody({ stream }));
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
        assert.equal(await response.text(), sse, `stream: ${stream}`);
      }
    });

    it('sends a JSON body verbatim as application/json, to a stream request or not', async () => {
      server.script(replayTurn(json), replayTurn(json));
      for (const stream of [true, false]) {
        const response = await post(chatBody({ stream }));
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.equal(await response.text(), json, `stream: ${stream}`);
      }
    });

    it('sends the given status and content type as they are', async () => {
      const error = '{"error":{"message":"Unsupported parameter","type":"invalid_request_error"}}';
      server.script(replayTurn(error, { status: 400 }), replayTurn('upstream timed out', { status: 504, contentType: 'text/plain' }));
      const rejected = await post(chatBody({ stream: true }));
      assert.equal(rejected.status, 400);
      assert.equal(rejected.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(await rejected.text(), error);
      const timedOut = await post(chatBody());
      assert.equal(timedOut.status, 504);
      assert.equal(timedOut.headers.get('content-type'), 'text/plain');
      assert.equal(await timedOut.text(), 'upstream timed out');
    });

    it('takes its place in the script, and no default fault disturbs it', async () => {
      server.setDefaultFault({ type: 'errorEvent', afterChunks: 0, style: 'data', message: 'disturbed' });
      server.script(replayTurn(sse), textTurn('after the replay'));
      assert.equal(await (await post(chatBody({ stream: true }))).text(), sse);
      assert.equal(server.queuedTurns, 1);
      server.setDefaultFault(null);
      const { chunks, done } = await stream(chatBody());
      assert.ok(done);
      assert.equal(contentOf(chunks), 'after the replay');
    });

    it('still checks the key and the request before replaying', async () => {
      await useServer({ apiKey: API_KEY });
      server.script(replayTurn(sse));
      assert.equal((await post(chatBody({ stream: true }))).status, 401);
      assert.equal((await post({ messages: [] }, { authorization: `Bearer ${API_KEY}` })).status, 400);
      assert.equal(server.queuedTurns, 1, 'a refused request does not use up the replay');
      assert.equal(await (await post(chatBody({ stream: true }), { authorization: `Bearer ${API_KEY}` })).text(), sse);
    });

    it('sends every recorded body byte for byte, with the status and the content type its case implies', async () => {
      const cases = loadRecordedCases();
      assert.ok(cases.length > 0);
      for (const recorded of cases) {
        server.script(replayTurn(recorded.body, { status: recorded.status }));
        const response = await post(chatBody({ stream: recorded.streamed }));
        assert.equal(response.status, recorded.status, recorded.name);
        assert.equal(response.headers.get('content-type'), `${recorded.streamed ? 'text/event-stream' : 'application/json'}; charset=utf-8`, recorded.name);
        assert.deepEqual(Buffer.from(await response.arrayBuffer()), Buffer.from(recorded.body, 'utf8'), recorded.name);
      }
    });
  });

  describe('recording', () => {
    it('records method, path, lower-case headers and the parsed body with metadata', async () => {
      const metadata = { tags: ['ask-model', 'unit'], generation_name: 'explain', trace_user_id: 'user-1' };
      await post(chatBody({ metadata }), { 'X-Custom-Header': 'Value' });
      await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: 'plain text' });
      const [first, second] = server.requests;
      assert.equal(first?.method, 'POST');
      assert.equal(first?.path, '/v1/chat/completions');
      assert.equal(first?.headers['x-custom-header'], 'Value');
      assert.equal(first?.headers['content-type'], 'application/json');
      assert.deepEqual((first?.body as Record<string, unknown>).metadata, metadata);
      assert.equal(typeof first?.receivedAt, 'number');
      assert.equal(second?.body, 'plain text');
    });
  });

  describe('demo mode', () => {
    const readFileTool = {
      type: 'function',
      function: {
        name: 'read_file',
        parameters: {
          type: 'object',
          properties: { path: { type: 'string' }, mode: { type: 'string', enum: ['text', 'hex'] }, limit: { type: 'integer' }, follow: { type: 'boolean' } },
          required: ['path'],
        },
      },
    };

    it('answers with markdown that mentions the message length and has a code block', async () => {
      await useServer({ demo: true });
      const { json } = await postJson(chatBody({ messages: [user('Explain this code')] }));
      const content = (json.choices as { message: { content: string } }[])[0]?.message.content ?? '';
      assert.match(content, /17 characters/);
      assert.match(content, /```\w+\n[\s\S]+\n```/);
    });

    it('calls the first tool with schema-shaped arguments, then answers the tool result', async () => {
      await useServer({ demo: true });
      const { chunks } = await stream(chatBody({ tools: [readFileTool] }));
      const fragments = toolFragments(chunks);
      assert.equal(fragments[0]?.function?.name, 'read_file');
      const args = JSON.parse(fragments.map((fragment) => fragment.function?.arguments ?? '').join('')) as unknown;
      assert.deepEqual(args, { path: 'example', mode: 'text', limit: 1, follow: false });

      const { json } = await postJson(
        chatBody({
          tools: [readFileTool],
          messages: [
            user('Read it'),
            { role: 'assistant', content: null, tool_calls: [{ id: String(fragments[0]?.id), type: 'function', function: { name: 'read_file', arguments: '{}' } }] },
            { role: 'tool', tool_call_id: String(fragments[0]?.id), content: 'line one\nline two' },
          ],
        }),
      );
      const choice = (json.choices as { message: { content: string; tool_calls?: unknown }; finish_reason: string }[])[0];
      assert.equal(choice?.finish_reason, 'stop');
      assert.equal(choice?.message.tool_calls, undefined);
      assert.match(choice?.message.content ?? '', /read_file[\s\S]*line one/);
    });

    it('asks the demo script first, and answers generically when the script has nothing to say', async () => {
      await useServer({ demo: true, demoScript: (request) => (request.messages.at(-1)?.content === 'Scripted?' ? textTurn('From the script.') : undefined) });
      const scripted = await postJson(chatBody({ messages: [user('Scripted?')] }));
      assert.equal((scripted.json.choices as { message: { content: string } }[])[0]?.message.content, 'From the script.');
      const generic = await postJson(chatBody({ messages: [user('Explain this code')] }));
      assert.match((generic.json.choices as { message: { content: string } }[])[0]?.message.content ?? '', /17 characters/);
    });
  });
});

describe('reference server: a model with a small window', () => {
  const WINDOW = 100;

  it('counts each prompt with its own count, reports it as usage.prompt_tokens and records it', async () => {
    await useServer({ contextWindow: WINDOW });
    server.script(textTurn('Fine.'));
    // One token per 3 bytes of the message as ChatML renders it, the reply's priming included.
    const { status, json } = await postJson(chatBody({ messages: [user('Hello?')] }));
    assert.equal(status, 200);
    const counted = server.requests.at(-1)?.countedPromptTokens;
    assert.equal(counted, Math.ceil(Buffer.byteLength('<|im_start|>user\nHello?<|im_end|>\n<|im_start|>assistant\n') / 3));
    assert.equal((json.usage as { prompt_tokens: number }).prompt_tokens, counted);
  });

  it('refuses a prompt that reaches the window with llama.cpp\'s exact error, which the client recognises as an overflow', async () => {
    await useServer({ contextWindow: WINDOW });
    server.script(textTurn('Never sent.'));
    const response = await post(chatBody({ messages: [user('word '.repeat(80))] }));
    assert.equal(response.status, 400);
    const body = await response.text();
    const counted = server.requests.at(-1)?.countedPromptTokens ?? 0;
    assert.ok(counted >= WINDOW);
    assert.equal(
      body,
      `{"error":{"code":400,"message":"request (${counted} tokens) exceeds the available context size (${WINDOW} tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":${counted},"n_ctx":${WINDOW}}}`,
    );
    assert.deepEqual(recogniseContextOverflow(400, body), { contextWindow: WINDOW, promptTokens: counted });
    assert.equal(server.queuedTurns, 1, 'the scripted answer waits for a request that fits');
  });

  it('answers a request without tools with the summary text, leaving the scripted turns for the chat', async () => {
    await useServer({ summaryText: 'They talked about the build.' });
    server.script(toolCallsTurn([{ name: 'read_file', arguments: '{"path":"a.ts"}' }]));
    const summary = await postJson(chatBody());
    assert.equal((summary.json.choices as { message: { content: string } }[])[0]?.message.content, 'They talked about the build.');
    assert.equal(server.queuedTurns, 1);
    const tool = { type: 'function', function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } };
    const chat = await postJson(chatBody({ tools: [tool] }));
    assert.equal((chat.json.choices as { finish_reason: string }[])[0]?.finish_reason, 'tool_calls');
  });
});
