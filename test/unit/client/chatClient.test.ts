// The client against the reference server over real loopback HTTP (and a fake fetch where a test needs to see
// exactly what was sent or control time): headers, retries, the compatibility resend, time-outs, aborts, models.
import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { AuthenticationError, BadRequestError, RateLimitError, ServerError } from '../../../src/core/errors/httpErrors';
import { ChatClient, type ChatClientOptions, type ExchangeLogEntry } from '../../../src/core/client/chatClient';
import { CompatibilityMemory } from '../../../src/core/client/compatibilityMemory';
import { ConnectionError, TimeoutError } from '../../../src/core/errors/transportErrors';
import { SettingsError } from '../../../src/core/errors/AskModelError';
import type { ChatDone } from '../../../src/core/stream/events';
import type { ChatCompletionRequest } from '../../../src/core/protocol/messages';
import { BASIC_REQUEST, collectOutcome } from '../../support/collectOutcome';
import { fakeFetch, hangingResponse, jsonResponse, piecesResponse } from '../../support/fakeFetch';
import { faultTurn, replayTurn, startReferenceServer, textTurn, toolCallsTurn, type ReferenceServer } from '../../support/referenceServer';
import { splitText } from '../../support/referenceServer/splitText';
import { HEADER_CASES } from '../../support/headerCases';
import { utf8 } from '../../support/byteSplits';
import { textTranscript } from '../../support/sseTranscript';

const KEY = 'sk-test-0123456789abcdef';

describe('ChatClient against the reference server', () => {
  let server: ReferenceServer;
  const sleeps: number[] = [];
  const client = (options: Partial<ChatClientOptions> = {}): ChatClient =>
    new ChatClient({
      fetch: globalThis.fetch,
      baseUrl: server.url,
      apiKey: KEY,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 1,
      ...options,
    });

  before(async () => {
    server = await startReferenceServer({ apiKey: KEY });
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
    sleeps.length = 0;
  });

  it('reads the answer’s response headers as the server sent them: rate limits (OpenAI), price and call id (LiteLLM)', async () => {
    // OpenAI's recorded answer and headers (test/fixtures/headers, case openai-recorded: New Relic's recording).
    const recorded = HEADER_CASES.find((c) => c.name === 'openai-recorded');
    const litellm = HEADER_CASES.find((c) => c.name === 'litellm-proxy');
    assert.ok(recorded && litellm);
    const body = '{"id":"chatcmpl-CukvtgYHPS8HRHqCQiQgQrs7a2Tx1","object":"chat.completion","created":1767642813,"model":"gpt-3.5-turbo-0125","choices":[{"index":0,"message":{"role":"assistant","content":"The word \\"Hello\\" with an exclamation mark added is \\"Hello!\\"","refusal":null,"annotations":[]},"logprobs":null,"finish_reason":"stop"}],"usage":{"prompt_tokens":96,"completion_tokens":16,"total_tokens":112}}';
    for (const { headers, expected } of [recorded, litellm]) {
      server.script(replayTurn(body, { headers }));
      let text = '';
      let done: ChatDone | undefined;
      for await (const event of client().stream(BASIC_REQUEST)) {
        if (event.type === 'text') text += event.text;
        else if (event.type === 'done') done = event.done;
      }
      assert.equal(text, 'The word "Hello" with an exclamation mark added is "Hello!"');
      assert.deepEqual(done?.headers, expected);
    }
  });

  it('streams text with usage, the server _response_ms and client timings', async () => {
    server.script(textTurn('Streamed answer with ünïcödé.', { chunks: 6, responseMs: 42 }));
    const events = [];
    for await (const event of client().stream(BASIC_REQUEST)) events.push(event);
    const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
    assert.equal(text, 'Streamed answer with ünïcödé.');
    const done = events.at(-1);
    assert.ok(done?.type === 'done');
    assert.equal(done.done.finishReason, 'stop');
    assert.equal(done.done.responseMs, 42);
    assert.equal(done.done.model, 'reference-model');
    assert.ok(done.done.usage?.completion_tokens);
    assert.equal(done.done.streamed, true);
    const t = done.done.timings;
    assert.ok(t.timeToFirstByteMs >= 0 && t.timeToFirstTokenMs !== undefined && t.timeToFirstTokenMs >= t.timeToFirstByteMs && t.totalMs >= t.timeToFirstTokenMs);
    assert.equal(t.tokensPerSecondEstimated, false);
  });

  it('sends Content-Type, Accept, Bearer key, custom headers and stream_options.include_usage', async () => {
    await collectOutcome(client({ headers: { 'X-Team': 'ide' } }), BASIC_REQUEST);
    const recorded = server.requests[0];
    assert.ok(recorded);
    assert.equal(recorded.headers['content-type'], 'application/json');
    assert.equal(recorded.headers['accept'], 'text/event-stream');
    assert.equal(recorded.headers['authorization'], `Bearer ${KEY}`);
    assert.equal(recorded.headers['x-team'], 'ide');
    assert.deepEqual((recorded.body as Record<string, unknown>)['stream_options'], { include_usage: true });
  });

  it('sends no Authorization header when there is no key, and a 401 says to set one', async () => {
    const outcome = await collectOutcome(client({ apiKey: undefined }), BASIC_REQUEST);
    assert.equal(server.requests[0]?.headers['authorization'], undefined);
    assert.equal(outcome.error?.kind, 'authentication');
    assert.match(outcome.error?.message ?? '', /none is set\. .*Store a key for this server\./);
  });

  it('apiKeyHeader sends the key alone in that header (Azure’s api-key) and no Authorization; a bad header name is refused', async () => {
    await collectOutcome(client({ apiKeyHeader: 'api-key' }), BASIC_REQUEST);
    const recorded = server.requests[0];
    assert.equal(recorded?.headers['api-key'], KEY);
    assert.equal(recorded?.headers['authorization'], undefined);
    server.reset();
    await collectOutcome(client({ apiKeyHeader: 'authorization' }), BASIC_REQUEST);
    assert.equal(server.requests[0]?.headers['authorization'], `Bearer ${KEY}`, 'Authorization in any case is the Bearer form');
    assert.throws(() => client({ apiKeyHeader: 'api key' }), (e: unknown) => e instanceof SettingsError && e.setting === 'askModel.apiKeyHeader' && /"api key" is not a valid header name/.test(e.message));
  });

  it('custom headers cannot set Authorization', () => {
    assert.throws(() => client({ headers: { authorization: 'Bearer other' } }), (e: unknown) => e instanceof SettingsError && e.setting === 'askModel.headers');
  });

  it('a non-streamed request gives the same typed result', async () => {
    server.script(textTurn('Whole.', { responseMs: 7 }));
    const result = await client().complete({ ...BASIC_REQUEST, stream: false });
    assert.equal(result.text, 'Whole.');
    assert.equal(result.done?.streamed, false);
    assert.equal(result.done?.responseMs, 7);
    assert.equal(server.requests[0]?.headers['accept'], 'application/json');
    assert.equal((server.requests[0]?.body as Record<string, unknown>)['stream_options'], undefined);
  });

  it('assembles scripted parallel tool calls split into many fragments, streamed and not', async () => {
    const calls = [
      { name: 'read_file', arguments: JSON.stringify({ path: 'src/a.ts', start_line: 1 }) },
      { name: 'search_text', arguments: JSON.stringify({ query: 'TODO', mode: 'literal' }), id: null },
    ];
    for (const stream of [true, false]) {
      server.script(toolCallsTurn(calls, { fragments: 9, interleave: true }));
      const result = await client().complete({ ...BASIC_REQUEST, stream });
      assert.deepEqual(result.toolCalls.map((c) => [c.name, c.arguments]), [
        ['read_file', { path: 'src/a.ts', start_line: 1 }],
        ['search_text', { query: 'TODO', mode: 'literal' }],
      ]);
      assert.equal(result.done?.finishReason, 'tool_calls');
    }
  });

  it('retries 429 honouring retry-after, then succeeds', async () => {
    server.script(faultTurn({ type: 'status', status: 429, body: 'openai', retryAfter: '2' }), textTurn('after wait'));
    const entries: ExchangeLogEntry[] = [];
    const result = await client({ onExchange: (entry) => entries.push(entry) }).complete(BASIC_REQUEST);
    assert.equal(result.text, 'after wait');
    assert.deepEqual(sleeps, [2000]);
    assert.deepEqual(
      entries.map((entry) => [entry.status, entry.outcome, entry.retryInMs]),
      [
        [429, 'retry', 2000],
        [200, 'ok', undefined],
      ],
      'the wait is told before it starts (the status bar counts it down)',
    );
  });

  it('retries 5xx with backoff at most maxRetries times, then reports the last error', async () => {
    server.setDefaultFault({ type: 'status', status: 503, body: 'html' });
    const outcome = await collectOutcome(client({ maxRetries: 2 }), BASIC_REQUEST);
    assert.equal(server.requests.length, 3);
    assert.deepEqual(sleeps, [500, 1000]);
    assert.equal(outcome.error?.kind, 'server');
    assert.match(outcome.error?.message ?? '', /^503 from /);
  });

  it('does not retry 4xx other than 408/409/429', async () => {
    server.script(faultTurn({ type: 'status', status: 400, body: 'detail', message: 'bad temperature' }));
    const outcome = await collectOutcome(client(), BASIC_REQUEST);
    assert.equal(server.requests.length, 1);
    assert.equal(outcome.error?.kind, 'bad-request');
    assert.match(outcome.error?.message ?? '', /bad temperature/);
  });

  it('gives up at once when the server asks to wait more than 60 s', async () => {
    server.script(faultTurn({ type: 'status', status: 429, body: 'openai', retryAfter: '120' }));
    await assert.rejects(client().complete(BASIC_REQUEST), (e: unknown) => e instanceof RateLimitError && /Retry in 120 s/.test(e.message));
    assert.deepEqual(sleeps, []);
  });

  it('retries a connection reset before any byte, but never after the answer began', async () => {
    server.script(faultTurn({ type: 'resetMidStream', afterChunks: 0 }), textTurn('second try'));
    const first = await client().complete({ ...BASIC_REQUEST, stream: false });
    assert.equal(first.text, 'second try');
    assert.equal(sleeps.length, 1);

    server.reset();
    sleeps.length = 0;
    server.script(faultTurn({ type: 'resetMidStream', afterChunks: 3 }, textTurn('one two three four five six', { chunks: 6 })));
    const outcome = await collectOutcome(client(), BASIC_REQUEST);
    assert.equal(server.requests.length, 1);
    assert.ok(outcome.text.length > 0, 'the partial text is kept');
    assert.equal(outcome.error?.failure, 'connection-lost');
  });

  it('resends once without stream_options when the server refuses it, and remembers that for the endpoint', async () => {
    const memory = new CompatibilityMemory();
    server.script(faultTurn({ type: 'status', status: 400, body: 'openai', message: "Unrecognized request argument supplied: stream_options" }), textTurn('ok'));
    const result = await client({ compatibility: memory }).complete(BASIC_REQUEST);
    assert.equal(result.text, 'ok');
    assert.equal(server.requests.length, 2);
    assert.ok('stream_options' in (server.requests[0]?.body as object));
    assert.ok(!('stream_options' in (server.requests[1]?.body as object)));
    await client({ compatibility: memory }).complete(BASIC_REQUEST);
    assert.ok(!('stream_options' in (server.requests[2]?.body as object)), 'remembered for the next request');
  });

  it('sends earlier answers’ reasoning back only once the server asks for it (DeepSeek’s thinking mode), then always', async () => {
    // DeepSeek V4's refusal, as users pasted it (JohnnyZ93/oai-compatible-copilot#215, borawong/AiMaMi#8).
    const refusal = '{"error":{"message":"The `reasoning_content` in the thinking mode must be passed back to the API.","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}';
    const memory = new CompatibilityMemory();
    const request: ChatCompletionRequest = {
      ...BASIC_REQUEST,
      messages: [
        { role: 'user', content: 'Read a.ts' },
        { role: 'assistant', content: null, reasoning_content: 'I should read it.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'x' },
        { role: 'assistant', content: 'It holds x.' },
        { role: 'user', content: 'And now?' },
      ],
    };
    server.script(replayTurn(refusal, { status: 400 }), textTurn('ok'), textTurn('again'));
    assert.equal((await client({ compatibility: memory }).complete(request)).text, 'ok');
    const assistants = (index: number): unknown[] => ((server.requests[index]?.body as { messages: { role: string }[] }).messages).filter((m) => m.role === 'assistant');
    assert.deepEqual(assistants(0).map((m) => 'reasoning_content' in (m as object)), [false, false], 'never sent before the server asks');
    assert.deepEqual(assistants(1).map((m) => (m as { reasoning_content?: string }).reasoning_content), ['I should read it.', ''], 'on every assistant message, empty where there was none');
    await client({ compatibility: memory }).complete(request);
    assert.equal(server.requests.length, 3, 'remembered: the next request is not refused first');
    assert.deepEqual(assistants(2).map((m) => (m as { reasoning_content?: string }).reasoning_content), ['I should read it.', '']);
  });

  it('learns the reasoning wanted back for the model that asked, not for the other models behind the same endpoint', async () => {
    const refusal = '{"error":{"message":"The `reasoning_content` in the thinking mode must be passed back to the API.","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}';
    const memory = new CompatibilityMemory();
    const conversation = (model: string): ChatCompletionRequest => ({ ...BASIC_REQUEST, model, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a', reasoning_content: 'r' }, { role: 'user', content: 'q2' }] });
    server.script(replayTurn(refusal, { status: 400 }), textTurn('ok'), textTurn('other'));
    await client({ compatibility: memory }).complete(conversation('deepseek/deepseek-reasoner'));
    await client({ compatibility: memory }).complete(conversation('gpt-4o'));
    const assistant = (index: number): object => ((server.requests[index]?.body as { messages: object[] }).messages[1] as object);
    assert.ok('reasoning_content' in assistant(1), 'resent to the model that asked');
    assert.ok(!('reasoning_content' in assistant(2)), 'another model at the same proxy is not sent it');
  });

  it('follows the user’s sendReasoning override: true sends it from the first request, false never (the refusal reaches the user)', async () => {
    const refusal = '{"error":{"message":"The `reasoning_content` in the thinking mode must be passed back to the API.","type":"invalid_request_error","param":null,"code":"invalid_request_error"}}';
    const request: ChatCompletionRequest = {
      ...BASIC_REQUEST,
      messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a', reasoning_content: 'r' }, { role: 'assistant', content: 'b' }, { role: 'user', content: 'q2' }],
    };
    const sentReasoning = (index: number): unknown[] =>
      (server.requests[index]?.body as { messages: { role: string; reasoning_content?: string }[] }).messages.filter((m) => m.role === 'assistant').map((m) => m.reasoning_content);
    server.script(textTurn('ok'), replayTurn(refusal, { status: 400 }));
    await client({ reasoningBack: (model) => (model === BASIC_REQUEST.model ? true : undefined) }).complete(request);
    assert.deepEqual(sentReasoning(0), ['r', ''], 'sent on every assistant message before any refusal');
    await assert.rejects(client({ reasoningBack: () => false }).complete(request), (e: unknown) => e instanceof BadRequestError && /must be passed back/.test(e.message));
    assert.equal(server.requests.length, 2, 'no resend against the user’s "never"');
    assert.deepEqual(sentReasoning(1), [undefined, undefined]);
  });

  it('recognises DeepSeek’s older wording of the same refusal, and no other 400 as it', () => {
    const body = { messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }] };
    // deepseek-reasoner, as reported in continuedev/continue#10193.
    const older = 'Missing `reasoning_content` field in the assistant message at message index 4. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode%23tool-calls';
    assert.deepEqual(CompatibilityMemory.changeFor(older, body), { kind: 'send-reasoning' });
    assert.equal(CompatibilityMemory.changeFor(older, { messages: [{ role: 'user', content: 'q' }] }), undefined, 'no assistant message: nothing to send back');
    assert.equal(CompatibilityMemory.changeFor('Invalid model name', body), undefined);
  });

  it('a 422 naming a missing `contents` says how to add it through the extra body', async () => {
    server.script(faultTurn({ type: 'status', status: 422, body: 'detail', message: 'contents: Field required' }));
    await assert.rejects(client().complete(BASIC_REQUEST), (e: unknown) => e instanceof BadRequestError && e.missingField === 'contents' && /askModel\.extraBody/.test(e.message));
  });

  it('first-byte time-out: its own message, naming its setting', async () => {
    server.script(faultTurn({ type: 'stall', afterChunks: 0 }));
    const outcome = await collectOutcome(client({ firstByteTimeoutMs: 150, maxRetries: 0 }), BASIC_REQUEST);
    assert.equal(outcome.error?.kind, 'timeout');
    assert.match(outcome.error?.message ?? '', /within 0\.2 s|within 0\.1 s|firstByteSeconds/);
  });

  it('idle time-out mid-stream: partial text kept, its own message naming the limit', async () => {
    const answer = 'alpha beta gamma delta epsilon';
    server.script(faultTurn({ type: 'stall', afterChunks: 3 }, textTurn(answer, { chunks: 5 })));
    // The role chunk and two pieces of text, then the stall.
    const partial = splitText(answer, 5).slice(0, 2).join('');
    // The client's clock is the test's: it stands still while the pieces arrive and moves 200 ms on once the last one
    // before the stall is in, so the limit can trip only in the silence after it, however slow the machine is.
    let clock = 0;
    let text = '';
    let error: unknown;
    try {
      for await (const event of client({ idleTimeoutMs: 200, now: () => clock }).stream(BASIC_REQUEST)) {
        if (event.type === 'text') text += event.text;
        if (text === partial) clock = 200;
      }
    } catch (caught) {
      error = caught;
    }
    assert.equal(text, partial);
    assert.ok(error instanceof TimeoutError && error.phase === 'idle' && error.timeoutMs === 200, String(error));
    assert.match(error.message, /stalled: nothing arrived for 0\.2 s.*idleSeconds/);
  });

  it('a caller abort mid-stream ends quietly with the partial text', async () => {
    server.script(faultTurn({ type: 'stall', afterChunks: 3 }, textTurn('one two three four', { chunks: 4 })));
    const controller = new AbortController();
    let text = '';
    const run = (async () => {
      for await (const event of client().stream(BASIC_REQUEST, { signal: controller.signal })) {
        if (event.type === 'text') {
          text += event.text;
          controller.abort();
        }
      }
    })();
    await run; // resolves, does not reject
    assert.ok(text.length > 0);
  });

  it('leaving the loop early aborts the HTTP request', async () => {
    const { fetch, calls } = fakeFetch((call) => hangingResponse([utf8(textTranscript(['a', 'b']).split('\n\n').slice(0, 2).join('\n\n') + '\n\n')], call.signal));
    const c = new ChatClient({ fetch, baseUrl: 'http://x', maxRetries: 0 });
    for await (const event of c.stream(BASIC_REQUEST)) {
      if (event.type === 'text') break;
    }
    assert.equal(calls[0]?.signal?.aborted, true);
  });

  it('a refused connection names the URL and the setting', async () => {
    const closed = await startReferenceServer();
    const url = closed.url;
    await closed.close();
    const c = new ChatClient({ fetch: globalThis.fetch, baseUrl: url, maxRetries: 0 });
    await assert.rejects(c.complete(BASIC_REQUEST), (e: unknown) => e instanceof ConnectionError && e.failure === 'refused' && /askModel\.baseUrl/.test(e.message));
  });

  it('lists models; a server without the endpoint gives undefined', async () => {
    assert.deepEqual(await client().listModels(), ['reference-model']);
    const { fetch } = fakeFetch(() => jsonResponse(404, { error: { message: 'not found' } }));
    assert.equal(await new ChatClient({ fetch, baseUrl: 'http://x' }).listModels(), undefined);
    const ollama = fakeFetch(() => jsonResponse(200, { models: [{ name: 'qwen3:0.6b' }, { name: 'llama3.2' }] }));
    assert.deepEqual(await new ChatClient({ fetch: ollama.fetch, baseUrl: 'http://x' }).listModels(), ['llama3.2', 'qwen3:0.6b']);
  });

  it('logs one entry per HTTP exchange, without the key', async () => {
    const entries: ExchangeLogEntry[] = [];
    server.script(faultTurn({ type: 'status', status: 500, body: 'text', message: `echo ${KEY}` }), textTurn('fine'));
    await client({ onExchange: (entry) => entries.push(entry) }).complete(BASIC_REQUEST);
    assert.deepEqual(entries.map((e) => [e.status, e.outcome]), [[500, 'retry'], [200, 'ok']]);
    assert.ok(!JSON.stringify(entries).includes(KEY));
  });
});

describe('ChatClient against a server that answers a path it does not serve with 200 (LM Studio)', () => {
  let server: ReferenceServer;
  before(async () => {
    server = await startReferenceServer({ unknownRoutes: 'lm-studio' });
  });
  after(async () => {
    await server.close();
  });

  it('says nothing answers chat completions at that URL, with the server’s words, and asks once: not a failure to retry', async () => {
    const sleeps: number[] = [];
    // The base URL with a path the server does not have (LM Studio's native /api instead of /v1).
    const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: `${server.url}/api`, maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) });
    for (const stream of [true, false]) {
      server.reset();
      const outcome = await collectOutcome(client, { ...BASIC_REQUEST, stream });
      assert.equal(outcome.error?.kind, 'not-found', `stream ${stream}`);
      assert.match(outcome.error?.message ?? '', /^200 from http:\/\/127\.0\.0\.1:\d+\/api\/v1\/chat\/completions: nothing answers chat completions at this URL\. The server said: "Unexpected endpoint or method\. \(POST \/api\/v1\/chat\/completions\)"\. Check the setting askModel\.baseUrl/);
      assert.equal(server.requests.length, 1, 'asked once');
    }
    assert.deepEqual(sleeps, []);
  });
});

/** An SSE transcript cut into its events, one piece each. */
const sseEvents = (transcript: string): string[] => transcript.split(/(?<=\n\n)/);

/**
 * A fetch whose answer's body arrives in `pieces`, each `gapMs` after the last on node:test's mocked clock; the
 * request's abort errors the body, as a real fetch's does.
 */
function drippingFetch(pieces: readonly string[], gapMs: number): typeof globalThis.fetch {
  return fakeFetch((call) => {
    const queue = pieces.map(utf8);
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const piece = queue.shift();
          if (piece === undefined) return controller.close();
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, gapMs);
            call.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
          });
          if (call.signal?.aborted) controller.error(new DOMException('aborted', 'AbortError'));
          else controller.enqueue(piece);
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }).fetch;
}

/** Waits for `work` while moving node:test's mocked clock on a millisecond at a time (at most 10 s of it). */
async function onMockedClock<T>(work: Promise<T>): Promise<T> {
  let settled = false;
  work.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let ms = 0; ms < 10_000 && !settled; ms++) {
    await new Promise((resolve) => setImmediate(resolve));
    mock.timers.tick(1);
  }
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(settled, 'still under way after 10 s of the mocked clock');
  return work;
}

describe('ChatClient with a fake fetch', () => {
  afterEach(() => mock.timers.reset());

  it('a stream request answered with an HTML 200 page gives a clear error', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const outcome = await collectOutcome(new ChatClient({ fetch, baseUrl: 'http://x' }), BASIC_REQUEST);
    assert.equal(outcome.error?.kind, 'stream');
  });

  it('the request body is exactly what was built, plus stream_options', async () => {
    const { fetch, calls } = fakeFetch((call) => piecesResponse([utf8(textTranscript(['x']))], { signal: call.signal }));
    const request: ChatCompletionRequest = { ...BASIC_REQUEST, metadata: { tags: ['t'], generation_name: 'chat', trace_user_id: 'u' }, temperature: 0 };
    await collectOutcome(new ChatClient({ fetch, baseUrl: 'http://x/v1/' }), request);
    assert.equal(calls[0]?.url, 'http://x/v1/chat/completions');
    assert.deepEqual(calls[0]?.body, { ...request, stream_options: { include_usage: true } });
  });

  it('typed errors are instances of their classes', async () => {
    const { fetch } = fakeFetch(() => jsonResponse(401, { error: { message: 'no' } }));
    await assert.rejects(new ChatClient({ fetch, baseUrl: 'http://x', apiKey: 'k-123456' }).complete(BASIC_REQUEST), AuthenticationError);
    const five = fakeFetch(() => jsonResponse(500, 'boom'));
    await assert.rejects(new ChatClient({ fetch: five.fetch, baseUrl: 'http://x', maxRetries: 0 }).complete(BASIC_REQUEST), ServerError);
  });

  it('reports tokens per second only when generation took measurable time, by the client’s clock', async () => {
    // Each piece of the answer arrives 40 ms after the last on the mocked clock, which is the client's too.
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const pieces = sseEvents(textTranscript(['a ', 'b ', 'c ', 'd ', 'e ', 'f']));
    const dripped = (gapMs: number, cut: readonly string[]) => new ChatClient({ fetch: drippingFetch(cut, gapMs), baseUrl: 'http://x', now: () => Date.now() });
    const slow = await onMockedClock(dripped(40, pieces).complete(BASIC_REQUEST));
    // The role at 40 ms, the first text at 80, the last of nine pieces ([DONE]) at 360: 280 ms of generation, 6 deltas.
    const timings = slow.done?.timings;
    assert.deepEqual([timings?.timeToFirstTokenMs, timings?.totalMs, timings?.tokensPerSecond], [80, 360, (6 * 1000) / 280]);
    const instant = await onMockedClock(dripped(40, [pieces.join('')]).complete(BASIC_REQUEST));
    assert.equal(instant.text, 'a b c d e f');
    assert.equal(instant.done?.timings.tokensPerSecond, undefined, 'no rate for an answer in one read');
  });

  it('a slow drip within the idle limit is not a time-out; a silence past it is', async () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    // Eleven pieces 60 ms apart: the answer outlasts the limit, each silence stays within it.
    const pieces = sseEvents(textTranscript(['slow ', 'but ', 'steady, ', 'one ', 'piece ', 'every ', '60 ', 'ms']));
    const dripped = (gapMs: number) => new ChatClient({ fetch: drippingFetch(pieces, gapMs), baseUrl: 'http://x', idleTimeoutMs: 500, now: () => Date.now() });
    const within = await onMockedClock(collectOutcome(dripped(60), BASIC_REQUEST));
    assert.equal(within.error, undefined);
    assert.equal(within.text, 'slow but steady, one piece every 60 ms');
    const past = await onMockedClock(collectOutcome(dripped(600), BASIC_REQUEST));
    assert.equal(past.error?.kind, 'timeout');
    assert.match(past.error?.message ?? '', /stalled: nothing arrived for 0\.5 s/);
  });

  it('a first-byte time-out while waiting for headers', async () => {
    const { fetch } = fakeFetch((call) => new Promise<Response>((_, reject) => call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    await assert.rejects(new ChatClient({ fetch, baseUrl: 'http://x', firstByteTimeoutMs: 50 }).complete(BASIC_REQUEST), (e: unknown) => e instanceof TimeoutError && e.phase === 'first-byte');
  });
});
