// The core client against a real OpenAI-compatible server: llama.cpp with a tiny deterministic model by default,
// or any server named by ASK_MODEL_PEER_URL. Proves what a reference server of our own cannot: that we read what
// real servers actually send.
import assert from 'node:assert/strict';
import { BadRequestError, ContextOverflowError } from '../../src/core/errors/httpErrors';
import { buildChatRequest } from '../../src/core/request/buildChatRequest';
import { ChatClient } from '../../src/core/client/chatClient';
import type { ChatCompletionRequest, ChatMessage, ToolDefinition } from '../../src/core/protocol/messages';
import { runOverflowConversation } from '../support/peer/overflowRun';
import { startPeerOrSkip, type Peer } from '../support/peer/startPeer';

const readFileTool: ToolDefinition = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a file of the workspace.',
    parameters: { type: 'object', properties: { path: { type: 'string', description: 'Workspace-relative path' } }, required: ['path'] },
  },
};

describe('a real peer server', function () {
  this.timeout(240_000);
  let peer: Peer;
  let client: ChatClient;

  before(async function () {
    peer = await startPeerOrSkip(this);
    client = new ChatClient({ fetch: globalThis.fetch, baseUrl: peer.baseUrl, apiKey: peer.apiKey, firstByteTimeoutMs: 60_000 });
  });
  after(async () => {
    await peer?.stop();
  });

  const request = (messages: ChatMessage[], stream: boolean, tools?: ToolDefinition[]): ChatCompletionRequest =>
    buildChatRequest({
      settings: { model: peer.model, stream, metadata: { tags: ['ask-model-test'], generationName: 'peer-test', traceUserId: 'ci' }, extraBody: {} },
      messages,
      ...(tools ? { tools } : {}),
    });

  it('streams an answer, with usage (stream_options.include_usage) and timings', async () => {
    const result = await client.complete(request([{ role: 'user', content: 'Say hello.' }], true));
    if (peer.deterministic) assert.equal(result.text, 'Hello! I am a tiny test model.');
    else assert.ok(result.text.length > 0);
    assert.equal(result.done?.finishReason, 'stop');
    assert.equal(result.done?.streamed, true);
    assert.ok((result.done?.usage?.completion_tokens ?? 0) > 0, 'usage arrived in the stream');
    assert.ok((result.done?.timings.timeToFirstTokenMs ?? -1) >= 0);
    const timings = result.done?.timings;
    const window = (timings?.totalMs ?? 0) - (timings?.timeToFirstTokenMs ?? 0);
    // A rate only where generation took measurable time (the tiny model answers in ~10 ms).
    if (window >= 100) assert.ok((timings?.tokensPerSecond ?? 0) > 0);
    else assert.equal(timings?.tokensPerSecond, undefined);
  });

  it('answers a non-streamed request through the same typed result', async () => {
    const result = await client.complete(request([{ role: 'user', content: 'Say hello.' }], false));
    if (peer.deterministic) assert.equal(result.text, 'Hello! I am a tiny test model.');
    else assert.ok(result.text.length > 0);
    assert.equal(result.done?.streamed, false);
    assert.ok((result.done?.usage?.total_tokens ?? 0) > 0);
  });

  for (const stream of [true, false]) {
    it(`completes a tool round trip: call → tool result → final answer (${stream ? 'streamed' : 'not streamed'})`, async () => {
      const history: ChatMessage[] = [{ role: 'user', content: 'Read README.md and summarise it.' }];
      const first = await client.complete(request(history, stream, [readFileTool]));
      assert.equal(first.brokenToolCalls.length, 0, JSON.stringify(first.brokenToolCalls));
      assert.equal(first.toolCalls.length, 1);
      const call = first.toolCalls[0];
      assert.ok(call);
      assert.equal(call.name, 'read_file');
      assert.equal(typeof call.arguments['path'], 'string');
      if (peer.deterministic) {
        assert.deepEqual(call.arguments, { path: 'Paris' });
        assert.equal(first.done?.finishReason, 'tool_calls');
      }
      history.push({ role: 'assistant', content: first.text || null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.argumentsText } }] });
      history.push({ role: 'tool', tool_call_id: call.id, content: '# Demo\nA small project.' });
      const second = await client.complete(request(history, stream, [readFileTool]));
      if (peer.deterministic) assert.equal(second.text, 'Done.');
      assert.equal(second.done?.finishReason, 'stop');
    });
  }

  it('maps a 400 to BadRequestError with the server\'s own message', async () => {
    const bad = { ...request([{ role: 'user', content: 'hi' }], true), tool_choice: 'bogus' } as unknown as ChatCompletionRequest;
    await assert.rejects(client.complete(bad), (error: unknown) => {
      assert.ok(error instanceof BadRequestError, String(error));
      assert.equal(error.status, 400);
      if (peer.deterministic) assert.match(error.message, /The server said: "Invalid tool_choice: bogus"/);
      return true;
    });
  });

  it('lists its models', async () => {
    const models = await client.listModels();
    assert.ok(models && models.length > 0);
    if (peer.deterministic) assert.ok(models.includes('tiny-test-model'), JSON.stringify(models));
  });
});

describe('a real peer server with a 2,048-token slot', function () {
  this.timeout(240_000);
  const SLOT_TOKENS = 2048;
  let peer: Peer;
  /** Each answer's status and body as the server sent it (the body only for errors). */
  const exchanges: { status: number; body: string }[] = [];

  before(async function () {
    peer = await startPeerOrSkip(this, { contextTokens: SLOT_TOKENS });
  });
  after(async () => {
    await peer?.stop();
  });

  it('a conversation longer than the slot, window untold: llama.cpp\'s own overflow is recognised, the history summarised, and the answer comes', async function () {
    if (!peer.deterministic) this.skip(); // another server's window is its own; this case is about the 2,048-token slot
    const recordingFetch: typeof globalThis.fetch = async (input, init) => {
      const response = await globalThis.fetch(input, init);
      exchanges.push({ status: response.status, body: response.ok ? '' : await response.clone().text() });
      return response;
    };
    const client = new ChatClient({ fetch: recordingFetch, baseUrl: peer.baseUrl, firstByteTimeoutMs: 60_000 });
    const { result, overflows, memory, summaryRequests } = await runOverflowConversation(client, peer.model);

    assert.equal(result.outcome, 'done', String(result.error));
    assert.equal(result.messages.at(-1)?.content, 'Hello! I am a tiny test model.');
    const refused = exchanges.find((exchange) => exchange.status === 400);
    assert.ok(refused, `llama.cpp refused the first request: ${JSON.stringify(exchanges)}`);
    const body = JSON.parse(refused.body) as { error: { type: string; n_ctx: number; n_prompt_tokens: number } };
    assert.equal(body.error.type, 'exceed_context_size_error', refused.body);
    assert.equal(body.error.n_ctx, SLOT_TOKENS);
    assert.equal(overflows.length, 1);
    const overflow = overflows[0];
    assert.ok(overflow instanceof ContextOverflowError, String(overflow));
    assert.equal(overflow.overflow.contextWindow, SLOT_TOKENS);
    assert.equal(overflow.overflow.promptTokens, body.error.n_prompt_tokens);
    assert.deepEqual(memory.learnt, [SLOT_TOKENS], 'the window was learnt from n_ctx');
    assert.equal(summaryRequests.length, 1, 'the history was summarised once');
    assert.deepEqual(exchanges.map((exchange) => exchange.status), [400, 200, 200], 'the overflow, the summary, the answer');
  });
});
