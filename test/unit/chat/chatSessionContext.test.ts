// Long conversations through the chat session: what is sent is fitted to the model's window (the user still sees
// every turn), a summary is written once and kept, an overflow the server reports (llama.cpp's recorded body) teaches
// the window and the answer comes on the one retry, Compact now, and the meter the view is sent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChatSession } from '../../../src/core/chat/chatSession';
import { SUMMARY_MESSAGE_PREFIX } from '../../../src/core/context/summaryRequest';
import type { Conversation } from '../../../src/core/chat/conversation';
import type { HostMessage } from '../../../src/core/chat/webviewProtocol';
import { FakeArchive, fakeSessionPorts, textAnswer, toolCallAnswer, type FakePortsOptions } from '../../support/fakes/chat/fakeChatSessionPorts';
import { httpErrorFromResponse } from '../../../src/core/errors/httpErrors';

/** A conversation whose earlier answers are long: about 10,000 tokens by the estimate. */
function longConversation(): Conversation {
  const long = 'The build spends most of its time in the type checker. '.repeat(700);
  return {
    id: 'c1',
    title: 'Why is the build slow?',
    createdAt: 1,
    updatedAt: 1,
    turns: [
      { id: 'u1', role: 'user', text: 'Why is the build slow?', context: [] },
      { id: 'a1', role: 'assistant', text: long, reasoning: '', status: 'done', answers: [] },
      { id: 'u2', role: 'user', text: 'And the tests?', context: [] },
      { id: 'a2', role: 'assistant', text: long, reasoning: '', status: 'done', answers: [] },
    ],
  };
}

function sessionWith(options: FakePortsOptions) {
  const ports = fakeSessionPorts({ archive: new FakeArchive([longConversation()]), tools: 'off', ...options });
  return { session: new ChatSession(ports), ports };
}

const contextMessages = (posted: readonly HostMessage[]) => posted.filter((message): message is Extract<HostMessage, { type: 'context' }> => message.type === 'context');

/** llama.cpp's overflow, as a user's report recorded it (test/fixtures/overflow, with its source). */
function llamaCppOverflow() {
  const recorded = JSON.parse(readFileSync(join(__dirname, '../../fixtures/overflow/llamacpp-exceed-context-size-400.json'), 'utf8')) as { status: number; body: string };
  return httpErrorFromResponse({ status: recorded.status, url: 'http://127.0.0.1:8080/v1/chat/completions', headers: new Headers(), bodyText: recorded.body, apiKey: undefined, retryAfterMs: undefined });
}

describe('chat session: long conversations', () => {
  it('with the window known, the earlier turns are summarised once for the model, kept, and the user still sees them all', async () => {
    const { session, ports } = sessionWith({ window: { contextWindow: 8192, maxOutputTokens: 1024 }, answers: [textAnswer('Short answer.'), textAnswer('Again.')] });
    await session.send('So what now?');
    assert.equal(ports.summaryRequests.length, 1, 'one summary request');
    const sent = ports.model.requests[0]?.messages ?? [];
    assert.equal(sent[1]?.role, 'system');
    assert.ok(String(sent[1]?.content).startsWith(`${SUMMARY_MESSAGE_PREFIX}summary 1`), 'the summary stands for the earlier turns');
    assert.deepEqual(sent.at(-1), { role: 'user', content: 'So what now?' }, 'the latest message whole');
    const stored = ports.archive.get('c1');
    assert.equal(stored?.turns.length, 6, 'every turn is kept for the user');
    assert.deepEqual(stored?.summaries, [{ throughTurnId: 'a2', text: 'summary 1' }]);
    assert.equal(contextMessages(ports.posted).at(-1)?.summarisedThrough, 'a2', 'the view marks where the summary ends');

    await session.send('One more?');
    assert.equal(ports.summaryRequests.length, 1, 'the next message sends the kept summary, not a new one');
    const next = ports.model.requests[1]?.messages ?? [];
    assert.ok(String(next[1]?.content).startsWith(SUMMARY_MESSAGE_PREFIX));
    assert.ok(!next.some((message) => message.role === 'user' && message.content === 'Why is the build slow?'), 'the summarised turns are not sent again');
    assert.equal(ports.compactions.length, 1, 'the compaction was told to the host (the log)');
  });

  it('an overflow the server reports (llama.cpp) teaches the window; the answer comes on the one retry, with the prompt kept', async () => {
    const { session, ports } = sessionWith({ answers: [{ batches: [], error: llamaCppOverflow() }, textAnswer('Fits now.')] });
    await session.send('So what now?');
    assert.deepEqual(ports.contextMemory.learnt, [8192], 'n_ctx from the body');
    assert.equal(ports.model.requests.length, 2);
    assert.equal(ports.summaryRequests.length, 1);
    const answer = ports.archive.get('c1')?.turns.at(-1);
    assert.equal(answer?.role === 'assistant' && answer.status, 'done');
    assert.equal(answer?.text, 'Fits now.');
    assert.deepEqual(ports.model.requests[1]?.messages.at(-1), { role: 'user', content: 'So what now?' });
    assert.deepEqual(ports.errors, []);
  });

  it('an overflow on the retry too is one clear error on the answer, and the message is kept for Retry', async () => {
    const { session, ports } = sessionWith({ answers: [{ batches: [], error: llamaCppOverflow() }, { batches: [], error: llamaCppOverflow() }] });
    await session.send('So what now?');
    assert.equal(ports.model.requests.length, 2, 'retried once, not more');
    const turns = ports.archive.get('c1')?.turns ?? [];
    const answer = turns.at(-1);
    assert.ok(answer?.role === 'assistant' && answer.status === 'error');
    assert.match(answer.error?.message ?? '', /longer than the model's context window \(request 8708 tokens, window 8192\)|context window/);
    assert.deepEqual(turns.at(-2), { id: turns.at(-2)?.id, role: 'user', text: 'So what now?', context: [] });
  });

  it('Compact now summarises every turn so far; the next message sends the summary and the new message only', async () => {
    const { session, ports } = sessionWith({ answers: [textAnswer('After compacting.')] });
    await session.compactNow();
    assert.equal(ports.summaryRequests.length, 1);
    assert.deepEqual(ports.archive.get('c1')?.summaries, [{ throughTurnId: 'a2', text: 'summary 1' }]);
    assert.equal(session.busy, false);
    await session.send('Next?');
    const sent = ports.model.requests[0]?.messages ?? [];
    assert.deepEqual(
      sent.map((message) => message.role),
      ['system', 'system', 'user'],
    );
  });

  it('the meter: used / window for the next request once the window is known; nothing while it is unknown', async () => {
    const known = sessionWith({ window: { contextWindow: 128_000 }, answers: [textAnswer('Hi.')] });
    await known.session.send('hi');
    const use = contextMessages(known.ports.posted).at(-1)?.context;
    // About 20,000 tokens by the estimate, scaled by the calibration the fake server’s tiny count taught (bounded).
    assert.ok(use && use.windowTokens === 128_000 && use.usedTokens > 5_000 && use.usedTokens < 25_000, JSON.stringify(use));
    assert.deepEqual(known.session.state().context, use);
    const unknown = sessionWith({ answers: [textAnswer('Hi.')] });
    await unknown.session.send('hi');
    assert.equal(contextMessages(unknown.ports.posted).at(-1)?.context, undefined);
  });

  it('each answer’s prompt count calibrates the estimate for the next request', async () => {
    const { session, ports } = sessionWith({ window: { contextWindow: 128_000 }, answers: [textAnswer('Hi.')] });
    await session.send('hi');
    // The fake server counted 3 prompt tokens (its usage), whatever was sent: one sample recorded.
    assert.equal(ports.contextMemory.calibration().samples.length, 1);
    assert.equal(ports.contextMemory.calibration().samples[0]?.[1], 3);
  });

  it('a whole large file read into a small window is cut to what the window leaves, and the answer comes', async () => {
    // 40,000 characters of code: about 10,000 tokens, more than a 4,096-token window holds.
    const file = Array.from({ length: 1000 }, (_, line) => `  ${String(line + 1).padStart(4)} | export const value${line} = compute(${line}, "x");`).join('\n');
    const ports = fakeSessionPorts({
      window: { contextWindow: 4096, maxOutputTokens: 512 },
      answers: [toolCallAnswer(['r1', 'read_file', '{"path":"big.ts"}']), textAnswer('Read it.')],
      runTool: () => Promise.resolve({ status: 'done', content: file }),
    });
    const session = new ChatSession(ports);
    await session.send('read big.ts');
    const answer = ports.archive.list()[0]?.turns.at(-1);
    assert.ok(answer?.role === 'assistant' && answer.status === 'done', JSON.stringify(answer?.role === 'assistant' ? answer.error : answer));
    const toolMessage = ports.model.requests[1]?.messages.find((message) => message.role === 'tool');
    assert.ok(toolMessage && toolMessage.content.length < file.length / 2, 'the result was cut');
    assert.match(toolMessage.content, /characters cut to fit the model's context window\. Read a smaller part \(read_file's start_line and end_line\)/);
    assert.ok(file.startsWith(toolMessage.content.slice(0, 200)), 'its start kept as it was');
  });
});
