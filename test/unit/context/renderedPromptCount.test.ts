// The prompt counted exactly where the server renders its own chat template (llama.cpp's /apply-template, then
// /tokenize of that text): the real server's exchanges replayed give the prompt tokens it reported, with and without
// tools; the render is found once (404 absent, failures in a row), made once per request sent and never for the
// meter, kept within the deadline, and the per-text count stays the fallback.
import assert from 'node:assert/strict';
import { mock } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContextFitter } from '../../../src/core/context/contextFitter';
import { ServerTokenCounter } from '../../../src/core/context/serverTokenCounter';
import { newTokenCountState, tokenCountUrls, type TokenCountState } from '../../../src/core/context/tokenCountServers';
import type { ChatMessage, ToolDefinition, Usage } from '../../../src/core/protocol/messages';
import { FakeContextMemory } from '../../support/fakes/chat/fakeChatSessionPorts';
import { FakeTokenCountPort, renderFakeTemplate, wordTokens, type FakeTokenCountOptions, type RecordedExchange } from '../../support/fakes/context/fakeTokenCountPort';

interface RecordedCase {
  name: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  exchanges: RecordedExchange[];
  countedTokens: number;
  perTextTokens: number;
  extends?: string;
  extendedTokens?: number;
  usage: Usage;
  promptTokens: number;
}

const recording = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'token-usage', 'llama-cpp-apply-template.json'), 'utf8')) as {
  server: string;
  model: string;
  cases: RecordedCase[];
  refusals: RecordedExchange[];
};
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
const weather: ToolDefinition = { type: 'function', function: { name: 'get_weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };

function counterFor(options: FakeTokenCountOptions, state: TokenCountState = newTokenCountState(), extra: { deadlineMs?: number; callTimeoutMs?: number; model?: string } = {}) {
  const fake = new FakeTokenCountPort(options);
  const lines: string[] = [];
  const counter = new ServerTokenCounter({ state, port: fake.port, model: extra.model ?? 'm', urls, log: (line) => lines.push(line), ...extra });
  return { fake, counter, state, lines };
}

function conversation(turns: number): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: 'You are terse.' }];
  for (let turn = 1; turn <= turns; turn++) {
    messages.push({ role: 'user', content: `Question ${turn}: why is step ${turn} slow?` });
    messages.push({ role: 'assistant', content: `Step ${turn} checks everything again.` });
  }
  return messages;
}

/** What the fake llama.cpp counts for a prompt its template renders. */
const renderedTokens = (messages: ChatMessage[], tools?: ToolDefinition[]): number => wordTokens(renderFakeTemplate(messages, tools));

describe('the prompt rendered by the server', () => {
  afterEach(() => mock.timers.reset());

  it(`counts exactly the prompt tokens a real llama.cpp (${recording.server}) reported, with and without tools`, async () => {
    const recorded = [...recording.cases.flatMap((recordedCase) => recordedCase.exchanges), ...recording.refusals];
    const { fake, counter, state, lines } = counterFor({ server: 'llama.cpp', recorded }, newTokenCountState(), { model: recording.model });
    assert.ok(recording.cases.some((recordedCase) => recordedCase.tools) && recording.cases.some((recordedCase) => !recordedCase.tools));
    for (const recordedCase of recording.cases) {
      const prompt = { messages: recordedCase.messages, tools: recordedCase.tools };
      if (recordedCase.extends !== undefined) {
        // The meter's way first: no render, the count on the render of the prompt it extends.
        await counter.prepare(prompt, undefined, { render: false });
        assert.deepEqual(counter.countPrompt(prompt), { tokens: recordedCase.extendedTokens, exact: true });
      }
      assert.equal(await counter.prepare(prompt), true, recordedCase.name);
      assert.deepEqual(counter.countPrompt(prompt), { tokens: recordedCase.promptTokens, exact: true }, recordedCase.name);
      assert.equal(recordedCase.countedTokens, recordedCase.promptTokens);
      // The per-text count stays: it is the fallback, and the calibration's counted line learns from it.
      assert.equal(counter.count(prompt), recordedCase.perTextTokens);
    }
    assert.equal(state.render, 'apply-template');
    assert.equal(lines.filter((line) => /renders its chat template/.test(line)).length, 1, lines.join('\n'));
    // Every call was one the real server answered (none fell through to the fake's 404).
    assert.equal(fake.calls.length, recorded.length - recording.refusals.length);
  });

  it('sends /apply-template the chat request body, and tokenizes its prompt as the chat path does', async () => {
    const { fake, counter } = counterFor({ server: 'llama.cpp', applyTemplate: true });
    const messages = conversation(1);
    await counter.prepare({ messages, tools: [weather] });
    const render = fake.calls.find((call) => call.url.endsWith('/apply-template'))!;
    assert.deepEqual(render.body, { model: 'm', messages, tools: [weather] });
    const prompt = renderFakeTemplate(messages, [weather]);
    assert.deepEqual(fake.calls.find((call) => call.body['content'] === prompt)!.body, { model: 'm', content: prompt, add_special: true, parse_special: true });
    assert.deepEqual(counter.countPrompt({ messages, tools: [weather] }), { tokens: renderedTokens(messages, [weather]), exact: true });
    // Without tools, none are sent.
    await counter.prepare({ messages });
    assert.equal(fake.calls.filter((call) => call.url.endsWith('/apply-template')).at(-1)!.body['tools'], undefined);
  });

  it('a llama.cpp without /apply-template (its recorded 404) is asked once; the per-text count goes on', async () => {
    const state = newTokenCountState();
    const { fake, counter, lines } = counterFor({ server: 'llama.cpp', applyTemplate: 404 }, state);
    const messages = conversation(2);
    assert.equal(await counter.prepare({ messages }), true);
    assert.equal(state.render, 'none');
    assert.match(lines.at(-1)!, /renders no chat template .*\/apply-template/);
    assert.deepEqual(counter.countPrompt({ messages }), { tokens: counter.count({ messages }), exact: false });
    await counter.prepare({ messages: conversation(3) });
    assert.equal(fake.callsTo('/apply-template'), 1);
    assert.equal(recording.refusals.find((refusal) => refusal.status === 404)!.status, 404, 'what llama.cpp answers for a path it does not serve');
  });

  it('vLLM and LiteLLM are never asked to render', async () => {
    for (const server of ['vllm', 'litellm'] as const) {
      const { fake, counter, state } = counterFor({ server });
      await counter.prepare({ messages: conversation(2) });
      await counter.prepare({ messages: conversation(3) });
      assert.equal(fake.callsTo('/apply-template'), 0, server);
      assert.equal(state.render, 'none');
    }
  });

  it('a render that fails (500) leaves the per-text count; three in a row and the render is left alone', async () => {
    const state = newTokenCountState();
    const { fake, counter } = counterFor({ server: 'llama.cpp', applyTemplate: 500 }, state);
    for (let turns = 1; turns <= 4; turns++) {
      const messages = conversation(turns);
      assert.equal(await counter.prepare({ messages }), true);
      assert.equal(counter.countPrompt({ messages })?.exact, false);
    }
    assert.equal(state.render, 'none');
    assert.equal(fake.callsTo('/apply-template'), 3);
  });

  it('a prompt with an image is not rendered (the server may not read it: the recorded 500)', async () => {
    const { fake, counter } = counterFor({ server: 'llama.cpp', applyTemplate: true });
    const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }];
    await counter.prepare({ messages });
    assert.equal(fake.callsTo('/apply-template'), 0);
    assert.equal(counter.countPrompt({ messages })?.exact, false);
  });

  it('renders once per prompt: a prompt prepared again, or twice at once, costs no second render', async () => {
    const { fake, counter } = counterFor({ server: 'llama.cpp', applyTemplate: true, delayMs: 5 });
    const messages = conversation(30);
    await Promise.all([counter.prepare({ messages }), counter.prepare({ messages })]);
    await counter.prepare({ messages });
    assert.equal(fake.callsTo('/apply-template'), 1);
  });

  it('the meter counts on the last render and the new messages, never rendering itself', async () => {
    const memory = new FakeContextMemory({ contextWindow: 100_000 });
    const { fake, counter } = counterFor({ server: 'llama.cpp', applyTemplate: true });
    const fitter = new ContextFitter({ memory, tools: [weather], counter, summarise: async () => '', compacted: () => undefined });
    const messages = conversation(20);
    await fitter.fit(messages, new AbortController().signal);
    assert.equal(fake.callsTo('/apply-template'), 1);
    // No calibration is applied to an exact count.
    memory.setCalibration({ samples: [], counted: [[10, 500]] });
    assert.equal(fitter.use(messages)?.usedTokens, renderedTokens(messages, [weather]));
    // The answer arrives: the meter asks for its text only, then counts it on the render.
    const answered: ChatMessage[] = [...messages, { role: 'assistant', content: 'A new answer, with words in it.' }];
    for (let keystroke = 0; keystroke < 5; keystroke++) fitter.use(answered);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const use = fitter.use(answered)!;
    assert.equal(fake.callsTo('/apply-template'), 1, 'no render for the meter');
    assert.equal(use.usedTokens, renderedTokens(messages, [weather]) + 4 + wordTokens('A new answer, with words in it.'));
    // The next request renders its own prompt.
    await fitter.fit([...answered, { role: 'user', content: 'And then?' }], new AbortController().signal);
    assert.equal(fake.callsTo('/apply-template'), 2);
  });

  it('a slow render never holds the request past the deadline: the per-text count serves, the exact one lands for the next', async () => {
    const state = newTokenCountState();
    const messages = conversation(3);
    // The texts are counted first (quickly), so only the render is slow.
    await counterFor({ server: 'llama.cpp' }, state).counter.prepare({ messages }, undefined, { render: false });
    // The deadline and the fake server's 80 ms answers are timers on node:test's mocked clock; each call's own limit
    // (a real AbortSignal.timeout, which it cannot mock) is set past mocha's timeout so that it never decides anything.
    mock.timers.enable({ apis: ['setTimeout'] });
    const { counter } = counterFor({ server: 'llama.cpp', applyTemplate: true, delayMs: 80 }, state, { deadlineMs: 20, callTimeoutMs: 60_000 });
    const prepared: boolean[] = [];
    void counter.prepare({ messages }).then((counted) => prepared.push(counted));
    await pass(19);
    assert.deepEqual(prepared, [], 'still waiting 19 ms in');
    await pass(1);
    assert.deepEqual(prepared, [true], 'at its 20 ms deadline the prepare went on with the per-text count');
    assert.equal(counter.countPrompt({ messages })?.exact, false);
    // /apply-template answers at 80 ms, the /tokenize of its prompt at 160 ms.
    await pass(140);
    assert.deepEqual(counter.countPrompt({ messages }), { tokens: renderedTokens(messages), exact: true });
  });

  it('keeps a few renders, the oldest let go', async () => {
    const { counter, state } = counterFor({ server: 'llama.cpp', applyTemplate: true });
    for (let turns = 1; turns <= 6; turns++) await counter.prepare({ messages: conversation(turns), tools: turns % 2 === 0 ? [weather] : undefined });
    assert.equal(state.rendered?.length, 4);
    assert.equal(counter.countPrompt({ messages: conversation(6), tools: [weather] })?.exact, true);
    // conversation(1) without tools was let go, and no render with other tools counts for it.
    assert.equal(counter.countPrompt({ messages: conversation(1) })?.exact, false);
  });
});
