// The context step's retry after an overflow: the server's own count of the refused prompt calibrates the estimate, so
// the second try fits the window it taught, even when the first estimate was far too low (llama.cpp's tiny model
// counts about one token per character; our estimate, about one per four). An overflow that states no window teaches
// none, and the retry is compacted all the same.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContextFitter } from '../../../src/core/context/contextFitter';
import { estimatePromptTokens } from '../../../src/core/context/estimateTokens';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import { FakeContextMemory } from '../../support/fakes/chat/fakeChatSessionPorts';
import { ContextOverflowError, httpErrorFromResponse } from '../../../src/core/errors/httpErrors';
import { errorFromStreamEvent } from '../../../src/core/errors/streamedError';

function history(): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let turn = 1; turn <= 6; turn++) {
    messages.push({ role: 'user', content: `Question ${turn}: why is step ${turn} of the build slow? ` + 'Please be specific. '.repeat(3) });
    messages.push({ role: 'assistant', content: `Step ${turn} type checks the whole project again. ` + 'Checking only the changed files would help. '.repeat(6) });
  }
  return [...messages, { role: 'user', content: 'So what now?' }];
}

/** llama.cpp's body, as llama-server sends it (test/fixtures/overflow/llamacpp-exceed-context-size-400.json). */
function llamaCppOverflow(promptTokens: number, window: number): ContextOverflowError {
  const body = JSON.stringify({ error: { code: 400, message: `request (${promptTokens} tokens) exceeds the available context size (${window} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: promptTokens, n_ctx: window } });
  return httpErrorFromResponse({ status: 400, url: 'http://127.0.0.1:8080/v1/chat/completions', headers: new Headers(), bodyText: body, apiKey: undefined, retryAfterMs: undefined }) as ContextOverflowError;
}

/** A recorded overflow from test/fixtures/overflow, read as the client reads it (an in-stream one by the stream reader). */
function recordedOverflow(name: string): ContextOverflowError {
  const recorded = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'overflow', name), 'utf8')) as { status: number; body: string; inStream?: boolean };
  const url = 'http://127.0.0.1:8080/v1/chat/completions';
  const error = recorded.inStream
    ? errorFromStreamEvent({ url, data: recorded.body, redact: (text) => text })
    : httpErrorFromResponse({ status: recorded.status, url, headers: new Headers({ 'content-type': 'application/json' }), bodyText: recorded.body, apiKey: undefined, retryAfterMs: undefined });
  assert.ok(error instanceof ContextOverflowError, `${name}: ${error.message}`);
  return error;
}

describe('context fitter: the retry after an overflow', () => {
  it('calibrates by the prompt the server counted, so the retry fits the window it learnt', async () => {
    const memory = new FakeContextMemory(undefined);
    const fitter = new ContextFitter({ memory, tools: [], summarise: async () => 'A short summary.', compacted: () => undefined });
    const signal = new AbortController().signal;
    const messages = history();
    const first = await fitter.fit(messages, signal);
    assert.deepEqual(first, messages, 'the window is unknown: sent as it is');
    // The server counts four tokens for each of ours.
    const serverCount = (sent: readonly ChatMessage[]) => 4 * estimatePromptTokens({ messages: sent });
    const window = 2048;
    assert.ok(serverCount(first) > window);
    const retry = await fitter.fit(messages, signal, llamaCppOverflow(serverCount(first), window));
    assert.deepEqual(memory.learnt, [window]);
    assert.ok(serverCount(retry) < window, `the retry is ${serverCount(retry)} tokens by the server's count, over its ${window}`);
  });

  it('learns no window from an overflow that states none (a gateway\'s 413 "Prompt is too long"), and compacts the retry anyway', async () => {
    const memory = new FakeContextMemory(undefined);
    const summarised: ChatMessage[][] = [];
    const fitter = new ContextFitter({ memory, tools: [], summarise: async (request) => (summarised.push(request), 'A short summary.'), compacted: () => undefined });
    const signal = new AbortController().signal;
    const messages = history();
    const first = await fitter.fit(messages, signal);
    assert.deepEqual(first, messages, 'the window is unknown: sent as it is');

    const overflow = recordedOverflow('openrouter-413-prompt-too-long-no-numbers.json');
    assert.deepEqual(overflow.overflow, {}, 'no number in the body');
    const retry = await fitter.fit(messages, signal, overflow);
    assert.deepEqual(memory.learnt, [], 'no window offered to the memory');
    assert.equal(memory.window(), undefined, 'the model\'s window is still unknown');
    assert.equal(summarised.length, 1, 'the earlier turns were summarised');
    const sentTokens = estimatePromptTokens({ messages: first });
    assert.ok(estimatePromptTokens({ messages: retry }) <= 0.8 * sentTokens, `the retry is ${estimatePromptTokens({ messages: retry })} tokens of the ${sentTokens} refused`);
    assert.deepEqual(retry.at(-1), messages.at(-1), 'the latest message goes whole');

    // The run's next round keeps under what was refused (the summary spliced in again, not made again)...
    const nextRound = await fitter.fit([...messages, { role: 'assistant', content: 'Let me check.' }, { role: 'user', content: 'And then?' }], signal);
    assert.equal(summarised.length, 1);
    assert.ok(estimatePromptTokens({ messages: nextRound }) < sentTokens);
    // ...while the next run, with the same memory, starts from the window as it was: unknown, so nothing is fitted.
    const nextRun = new ContextFitter({ memory, tools: [], summarise: async () => 'unused', compacted: () => undefined });
    assert.deepEqual(await nextRun.fit(messages, signal), messages);
  });

  it('after a number-less overflow, the catalogue\'s window stays as it was, and the retry still aims under what was refused', async () => {
    const memory = new FakeContextMemory({ contextWindow: 32_768 });
    const fitter = new ContextFitter({ memory, tools: [], summarise: async () => 'A short summary.', compacted: () => undefined });
    const signal = new AbortController().signal;
    const messages = history();
    const first = await fitter.fit(messages, signal);
    assert.deepEqual(first, messages, 'it fits the listed window by our estimate');
    const retry = await fitter.fit(messages, signal, recordedOverflow('openrouter-413-prompt-too-long-no-numbers.json'));
    assert.deepEqual(memory.learnt, []);
    assert.equal(memory.window()?.contextWindow, 32_768);
    assert.ok(estimatePromptTokens({ messages: retry }) <= 0.8 * estimatePromptTokens({ messages: first }));
  });

  it('learns the window a Gemini overflow states without the prompt\'s count', async () => {
    const memory = new FakeContextMemory(undefined);
    const fitter = new ContextFitter({ memory, tools: [], summarise: async () => 'A short summary.', compacted: () => undefined });
    const signal = new AbortController().signal;
    await fitter.fit(history(), signal);
    await fitter.fit(history(), signal, recordedOverflow('gemini-native-window-only.json'));
    await fitter.fit(history(), signal, recordedOverflow('gemini-cloudcode-no-brackets.json'));
    assert.deepEqual(memory.learnt, [1_048_576, 1_048_576]);
    assert.equal(memory.window()?.contextWindow, 1_048_576);
  });
});
