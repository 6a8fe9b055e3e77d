// The context step's retry after an overflow: the server's own count of the refused prompt calibrates the estimate, so
// the second try fits the window it taught, even when the first estimate was far too low (llama.cpp's tiny model
// counts about one token per character; our estimate, about one per four).
import assert from 'node:assert/strict';
import { ContextFitter } from '../../../src/core/context/contextFitter';
import { estimatePromptTokens } from '../../../src/core/context/estimateTokens';
import type { ChatMessage } from '../../../src/core/protocol/messages';
import { FakeContextMemory } from '../../support/fakes/chat/fakeChatSessionPorts';
import { httpErrorFromResponse, type ContextOverflowError } from '../../../src/core/errors/httpErrors';

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
});
