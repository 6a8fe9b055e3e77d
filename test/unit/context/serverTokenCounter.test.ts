// The server's own token count: found once per server and model (llama.cpp's and vLLM's /tokenize, LiteLLM's counter,
// 404 absent), each text counted once, time-limited, and a fitter that plans with it and falls back without it.
import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { ContextFitter } from '../../../src/core/context/contextFitter';
import { estimatePromptTokens } from '../../../src/core/context/estimateTokens';
import { ServerTokenCounter } from '../../../src/core/context/serverTokenCounter';
import { newTokenCountState, offersTokenCount, tokenCountUrls, type TokenCountState } from '../../../src/core/context/tokenCountServers';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import type { DiscoveredModels, EndpointOutcome } from '../../../src/core/catalogue/discoverCatalogue';
import type { ModelInfo } from '../../../src/core/protocol/modelInfo';
import { FakeContextMemory } from '../../support/fakes/chat/fakeChatSessionPorts';
import { FakeTokenCountPort, wordTokens, type FakeTokenCountOptions } from '../../support/fakes/context/fakeTokenCountPort';

const urls = tokenCountUrls('http://127.0.0.1:8080/v1/chat/completions');

/** Moves node:test's mocked clock on by `ms`, a millisecond at a time, letting what was set off run before each step and after the last. */
async function pass(ms: number): Promise<void> {
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  for (let step = 0; step < ms; step++) {
    await settle();
    mock.timers.tick(1);
  }
  await settle();
}

function counterFor(options: FakeTokenCountOptions, state: TokenCountState = newTokenCountState(), extra: { deadlineMs?: number; callTimeoutMs?: number } = {}) {
  const fake = new FakeTokenCountPort(options);
  const lines: string[] = [];
  const counter = new ServerTokenCounter({ state, port: fake.port, model: 'm', urls, log: (line) => lines.push(line), ...extra });
  return { fake, counter, state, lines };
}

function conversation(turns: number): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: 'You are terse.' }];
  for (let turn = 1; turn <= turns; turn++) {
    messages.push({ role: 'user', content: `Question ${turn}: why is step ${turn} slow? ` + 'Be specific. '.repeat(4) });
    messages.push({ role: 'assistant', content: `Step ${turn} checks everything again. ` + 'Only changed files would do. '.repeat(8) });
  }
  return messages;
}

describe('the server token counter', () => {
  afterEach(() => mock.timers.reset());

  it('resolves the endpoints at the server root', () => {
    assert.deepEqual(tokenCountUrls('https://host/api/v1/chat/completions'), { tokenize: 'https://host/api/tokenize', litellm: 'https://host/api/utils/token_counter', applyTemplate: 'https://host/api/apply-template' });
  });

  for (const server of ['llama.cpp', 'vllm', 'litellm'] as const) {
    it(`counts each text once on ${server}, and the prompt as the texts plus the marks per message`, async () => {
      const { fake, counter, lines } = counterFor({ server });
      const messages = conversation(3);
      assert.equal(await counter.prepare({ messages }), true);
      const texts = new Set(messages.map((message) => message.content as string)).size;
      const expected = messages.reduce((sum, message) => sum + 4 + wordTokens(message.content as string), 0);
      assert.equal(counter.count({ messages }), expected);
      const endpoint = server === 'litellm' ? '/utils/token_counter' : '/tokenize';
      assert.equal(fake.callsTo(endpoint), texts);
      // llama.cpp's is asked to render its template too; this one has no /apply-template (404), said once.
      assert.deepEqual(lines.map((line) => /renders no chat template/.test(line)), server === 'llama.cpp' ? [false, true] : [false], lines.join('\n'));
      // One more turn: only its two new texts are asked.
      const longer = [...messages, ...conversation(4).slice(-2)];
      await counter.prepare({ messages: longer });
      assert.equal(fake.callsTo(endpoint), texts + 2);
    });
  }

  it('sends one /tokenize body that llama.cpp and vLLM both read', async () => {
    const { fake, counter } = counterFor({ server: 'llama.cpp' });
    await counter.prepare({ messages: [{ role: 'user', content: 'hello there' }] });
    assert.deepEqual(fake.calls[0]!.body, { model: 'm', content: 'hello there', prompt: 'hello there', add_special: false, add_special_tokens: false });
  });

  it('finds no count on a server without one (404), once, and stops asking', async () => {
    const state = newTokenCountState();
    const { fake, counter, lines } = counterFor({ server: 'none' }, state);
    assert.equal(await counter.prepare({ messages: conversation(2) }), false);
    assert.equal(state.endpoint, 'none');
    assert.equal(fake.calls.length, 2, 'one probe of each endpoint');
    assert.match(lines[0]!, /offers no token count/);
    const again = counterFor({ server: 'none' }, state);
    assert.equal(await again.counter.prepare({ messages: conversation(3) }), false);
    assert.equal(again.fake.calls.length, 0);
  });

  it('never holds a request up past its deadline; the counts land for the next one', async () => {
    // The deadline and the fake server's 80 ms answers are timers on node:test's mocked clock; each call's own limit
    // (a real AbortSignal.timeout, which it cannot mock) is set past mocha's timeout so that it never decides anything.
    mock.timers.enable({ apis: ['setTimeout'] });
    const { counter } = counterFor({ server: 'llama.cpp', delayMs: 80 }, newTokenCountState(), { deadlineMs: 20, callTimeoutMs: 60_000 });
    const messages = conversation(2);
    const prepared: boolean[] = [];
    void counter.prepare({ messages }).then((counted) => prepared.push(counted));
    await pass(19);
    assert.deepEqual(prepared, [], 'still waiting 19 ms in');
    await pass(1);
    assert.deepEqual(prepared, [false], 'at its 20 ms deadline the prepare gave up, with no count');
    assert.equal(counter.count({ messages }), undefined);
    // The probe's answer at 80 ms, the other texts' (asked once the endpoint is known) at 160 ms.
    await pass(140);
    assert.notEqual(counter.count({ messages }), undefined);
  });

  it('gives up after failures in a row (time-outs), so a server that never answers costs nothing after', async () => {
    const state = newTokenCountState();
    for (let attempt = 0; attempt < 3; attempt++) {
      const { counter } = counterFor({ server: 'llama.cpp', delayMs: 200 }, state, { callTimeoutMs: 10, deadlineMs: 50 });
      await counter.prepare({ messages: [{ role: 'user', content: `try ${attempt}` }] });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    assert.equal(state.endpoint, 'none');
  });

  it('a failing server (500) is not taken as absent at once', async () => {
    const state = newTokenCountState();
    const { counter } = counterFor({ server: 'llama.cpp', failWith: 500 }, state);
    await counter.prepare({ messages: [{ role: 'user', content: 'x' }] });
    assert.equal(state.endpoint, undefined);
    assert.equal(state.failures, 1);
  });
});

describe('the context fitter with the server count', () => {
  // The server counts about one token per character (llama.cpp's tiny model does), four times our estimate.
  const perCharacter = (text: string) => text.length;

  it('fits by the server count where the estimate would overflow, and the meter shows the count', async () => {
    const messages = conversation(10);
    const counted = messages.reduce((sum, message) => sum + 4 + (message.content as string).length, 0);
    const estimate = estimatePromptTokens({ messages });
    assert.ok(counted > 3 * estimate);
    // A window the estimate thinks roomy, the server's count does not.
    const window = Math.floor(counted * 0.9) + 1024;
    const memory = new FakeContextMemory({ contextWindow: window, maxOutputTokens: 1024 });
    const { counter } = counterFor({ server: 'llama.cpp', tokenize: perCharacter });
    const summaries: number[] = [];
    const fitter = new ContextFitter({ memory, tools: [], counter, summarise: async (request) => (summaries.push(request.length), 'A summary.'), compacted: () => undefined });
    const sent = await fitter.fit(messages, new AbortController().signal);
    assert.equal(summaries.length, 1, 'the oldest turns were summarised');
    const sentCount = sent.reduce((sum, message) => sum + 4 + (message.content as string).length, 0);
    assert.ok(sentCount <= window - 1024, `sent ${sentCount} tokens by the server's count, over the ${window - 1024} the prompt may take`);
    const use = fitter.use(messages);
    assert.equal(use?.usedTokens, counted);
  });

  it('teaches the counted line from the usage, cached parts included, and the estimate line as before', async () => {
    const memory = new FakeContextMemory({ contextWindow: 100_000 });
    const { counter } = counterFor({ server: 'vllm' });
    const fitter = new ContextFitter({ memory, tools: [], counter, summarise: async () => '', compacted: () => undefined });
    const messages = conversation(2);
    await fitter.fit(messages, new AbortController().signal);
    const counted = counter.count({ messages })!;
    // Portkey in front of Anthropic: 12 uncached prompt tokens, the rest read from the cache.
    fitter.answered({ usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: counted + 30 + 5, cache_read_input_tokens: counted + 18 } } as never);
    const calibration = memory.calibration();
    assert.deepEqual(calibration.counted, [[counted, counted + 30]]);
    assert.equal(calibration.samples[0]![1], counted + 30);
  });

  it('falls back to the calibrated estimate on a server without a count', async () => {
    const memory = new FakeContextMemory({ contextWindow: 100_000 });
    const { counter } = counterFor({ server: 'none' });
    const fitter = new ContextFitter({ memory, tools: [], counter, summarise: async () => '', compacted: () => undefined });
    const messages = conversation(2);
    assert.deepEqual(await fitter.fit(messages, new AbortController().signal), messages);
    assert.equal(fitter.use(messages)?.usedTokens, estimatePromptTokens({ messages }));
  });
});

describe('which servers are asked to count', () => {
  const read = (endpoint: EndpointOutcome['endpoint']): EndpointOutcome => ({ endpoint, url: `http://x${endpoint.split(' ')[1] ?? ''}`, outcome: 'read', models: 1 });
  const absent = (endpoint: EndpointOutcome['endpoint']): EndpointOutcome => ({ endpoint, url: `http://x${endpoint.split(' ')[1] ?? ''}`, outcome: 'absent' });
  const discovered = (endpoints: EndpointOutcome[], statements: ModelInfo[] = []): DiscoveredModels => ({ statements, listedIds: ['m'], endpoints });

  it('llama.cpp (/props answered), a LiteLLM proxy (/model/info) and vLLM (max_model_len) are asked', () => {
    assert.equal(offersTokenCount(discovered([read('GET /v1/models'), read('GET /props')])), true);
    assert.equal(offersTokenCount(discovered([read('GET /v1/models'), read('GET /model/info')])), true);
    const vllm: ModelInfo = { id: 'm', contextWindow: 32768, sources: { contextWindow: { endpoint: 'GET /v1/models', field: 'max_model_len', basis: 'serving' } } };
    assert.equal(offersTokenCount(discovered([read('GET /v1/models')], [vllm])), true);
  });

  it('any other server, or one not discovered yet, is not probed', () => {
    assert.equal(offersTokenCount(undefined), false);
    assert.equal(offersTokenCount(discovered([read('GET /v1/models'), absent('GET /props'), absent('GET /model/info'), read('GET /api/tags')])), false);
    const openRouter: ModelInfo = { id: 'm', contextWindow: 128000, sources: { contextWindow: { endpoint: 'GET /v1/models', field: 'context_length', basis: 'listing' } } };
    assert.equal(offersTokenCount(discovered([read('GET /v1/models')], [openRouter])), false);
  });
});
