// The core client through a real gateway: Portkey's open AI gateway (npm @portkey-ai/gateway 1.15.2, installed into
// the cache by test/support/peer/setup-gateway.sh) in front of the llama.cpp peer, routed by the headers a profile's
// `headers` setting carries. What runs directly against llama.cpp in realPeer.test.ts runs here through the gateway:
// a streamed answer, tools, overflow recovery, discovery; and the gateway's own answers (its refusals, an upstream it
// cannot reach, a field it drops) are checked against the recorded corpus (test/fixtures/recorded/portkey).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BadRequestError, ContextOverflowError, UpstreamUnreachableError } from '../../src/core/errors/httpErrors';
import { buildChatRequest } from '../../src/core/request/buildChatRequest';
import { ChatClient, type ChatClientOptions } from '../../src/core/client/chatClient';
import { discoverServerModels } from '../../src/core/catalogue/discoverCatalogue';
import type { ChatCompletionRequest, ChatMessage, ToolDefinition } from '../../src/core/protocol/messages';
import { runOverflowConversation } from '../support/peer/overflowRun';
import { gatewayHeadersFor, startGatewayOrSkip, type Gateway } from '../support/peer/startGateway';
import { freePort, type Peer } from '../support/peer/startPeer';

const readFileTool: ToolDefinition = {
  type: 'function',
  function: {
    name: 'read_file',
    description: 'Read a file of the workspace.',
    parameters: { type: 'object', properties: { path: { type: 'string', description: 'Workspace-relative path' } }, required: ['path'] },
  },
};

/** A recorded case's body (test/fixtures/recorded/portkey/<name>.json). */
function recordedBody(name: string): string {
  const file = path.resolve(__dirname, '..', 'fixtures', 'recorded', 'portkey', `${name}.json`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { body: string }).body;
}

/** Each exchange's status and (for errors) body, as the gateway sent it. */
interface Exchange {
  status: number;
  body: string;
}

function recordingFetch(exchanges: Exchange[]): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await globalThis.fetch(input, init);
    exchanges.push({ status: response.status, body: response.ok ? '' : await response.clone().text() });
    return response;
  };
}

describe('a real gateway (Portkey) in front of the peer', function () {
  this.timeout(240_000);
  // One slot of 2,048 tokens: enough for a tool round trip, too small for longHistory(), so one peer serves every case.
  const SLOT_TOKENS = 2048;
  let peer: Peer;
  let gateway: Gateway;
  let stopAll: () => Promise<void>;
  let client: ChatClient;

  before(async function () {
    ({ peer, gateway, stop: stopAll } = await startGatewayOrSkip(this, { contextTokens: SLOT_TOKENS }));
    client = clientThrough(gateway.headers);
  });
  after(async () => {
    await stopAll?.();
  });

  const clientThrough = (headers: Record<string, string>, fetch: typeof globalThis.fetch = globalThis.fetch, maxRetries = 2, sleep?: ChatClientOptions['sleep']): ChatClient =>
    new ChatClient({ fetch, baseUrl: gateway.baseUrl, apiKey: peer.apiKey, headers, maxRetries, firstByteTimeoutMs: 60_000, ...(sleep ? { sleep } : {}) });

  const request = (messages: ChatMessage[], stream: boolean, options: { tools?: ToolDefinition[]; extraBody?: Record<string, unknown> } = {}): ChatCompletionRequest =>
    buildChatRequest({
      settings: { model: peer.model, stream, metadata: { tags: ['ask-model-test'], generationName: 'gateway-peer-test', traceUserId: 'ci' }, extraBody: options.extraBody ?? {} },
      messages,
      ...(options.tools ? { tools: options.tools } : {}),
    });

  it('streams an answer with usage; the answer says which gateway relayed it, and nothing we sent was dropped', async () => {
    const result = await client.complete(request([{ role: 'user', content: 'Say hello.' }], true));
    if (peer.deterministic) assert.equal(result.text, 'Hello! I am a tiny test model.');
    else assert.ok(result.text.length > 0);
    assert.equal(result.done?.finishReason, 'stop');
    assert.equal(result.done?.streamed, true);
    assert.ok((result.done?.usage?.completion_tokens ?? 0) > 0, 'stream_options.include_usage passed the gateway');
    assert.deepEqual(result.done?.headers.gateway, { name: 'portkey', provider: 'openai' });
    assert.equal(result.done?.ignoredFields, undefined, 'metadata, stream_options and the rest are on the gateway\'s list');
  });

  it('answers a non-streamed request', async () => {
    const result = await client.complete(request([{ role: 'user', content: 'Say hello.' }], false));
    if (peer.deterministic) assert.equal(result.text, 'Hello! I am a tiny test model.');
    assert.equal(result.done?.streamed, false);
    assert.ok((result.done?.usage?.total_tokens ?? 0) > 0);
  });

  for (const stream of [true, false]) {
    it(`completes a tool round trip through the gateway (${stream ? 'streamed' : 'not streamed'})`, async () => {
      const history: ChatMessage[] = [{ role: 'user', content: 'Read README.md and summarise it.' }];
      const first = await client.complete(request(history, stream, { tools: [readFileTool] }));
      assert.equal(first.brokenToolCalls.length, 0, JSON.stringify(first.brokenToolCalls));
      const call = first.toolCalls[0];
      assert.ok(call, 'the gateway passed `tools` on');
      assert.equal(call.name, 'read_file');
      if (peer.deterministic) {
        assert.deepEqual(call.arguments, { path: 'Paris' });
        assert.equal(first.done?.finishReason, 'tool_calls');
      }
      history.push({ role: 'assistant', content: first.text || null, tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.argumentsText } }] });
      history.push({ role: 'tool', tool_call_id: call.id, content: '# Demo\nA small project.' });
      const second = await client.complete(request(history, stream, { tools: [readFileTool] }));
      if (peer.deterministic) assert.equal(second.text, 'Done.');
      assert.equal(second.done?.finishReason, 'stop');
    });
  }

  it('discovers the models through the gateway (/v1/models relayed as the server sent it)', async () => {
    const models = await client.listModels();
    assert.ok(models && models.length > 0);
    if (peer.deterministic) assert.ok(models.includes('tiny-test-model'), JSON.stringify(models));
    const discovered = await discoverServerModels(client);
    assert.ok(discovered.listedIds?.includes(peer.model), JSON.stringify(discovered.listedIds));
  });

  it('a conversation longer than the slot: the overflow, relayed in the gateway\'s wrapper, is recognised and the history summarised', async function () {
    if (!peer.deterministic) this.skip();
    const exchanges: Exchange[] = [];
    const { result, overflows, memory, summaryRequests } = await runOverflowConversation(clientThrough(gateway.headers, recordingFetch(exchanges)), peer.model);
    assert.equal(result.outcome, 'done', String(result.error));
    assert.equal(result.messages.at(-1)?.content, 'Hello! I am a tiny test model.');
    const refused = exchanges.find((exchange) => exchange.status === 400);
    assert.ok(refused, JSON.stringify(exchanges));
    // The wrapper keeps llama.cpp's words and type but not its n_ctx / n_prompt_tokens: the window comes from the words.
    const body = JSON.parse(refused.body) as { error: { message: string; type: string }; provider: string };
    assert.equal(body.provider, 'openai');
    assert.equal(body.error.type, 'exceed_context_size_error');
    assert.match(body.error.message, /^openai error: request \(\d+ tokens\) exceeds the available context size \(2048 tokens\)/);
    const overflow = overflows[0];
    assert.ok(overflow instanceof ContextOverflowError, String(overflow));
    assert.equal(overflow.overflow.contextWindow, SLOT_TOKENS);
    assert.deepEqual(memory.learnt, [SLOT_TOKENS]);
    assert.equal(summaryRequests.length, 1);
    assert.deepEqual(exchanges.map((exchange) => exchange.status), [400, 200, 200], 'the overflow (not retried), the summary, the answer');
  });

  it('the server\'s 400 arrives in the gateway\'s provider wrapper (as recorded) and reads as the server\'s own words', async function () {
    if (!peer.deterministic) this.skip();
    const exchanges: Exchange[] = [];
    const bad = { ...request([{ role: 'user', content: 'hi' }], true), tool_choice: 'bogus' } as unknown as ChatCompletionRequest;
    await assert.rejects(clientThrough(gateway.headers, recordingFetch(exchanges)).complete(bad), (error: unknown) => {
      assert.ok(error instanceof BadRequestError, String(error));
      assert.match(error.message, /The server behind the gateway \(provider openai\) said: "Invalid tool_choice: bogus"/);
      return true;
    });
    assert.deepEqual(exchanges, [{ status: 400, body: recordedBody('provider-wrapper-400-llamacpp') }]);
  });

  it('without the routing headers the gateway refuses (as recorded), and the error points at the profile\'s headers setting', async () => {
    const exchanges: Exchange[] = [];
    await assert.rejects(clientThrough({}, recordingFetch(exchanges)).complete(request([{ role: 'user', content: 'hi' }], true)), (error: unknown) => {
      assert.ok(error instanceof BadRequestError, String(error));
      assert.equal(error.routingHeader, 'x-portkey-provider');
      assert.match(error.message, /askModel\.headers/);
      assert.doesNotMatch(error.message, /askModel\.extraBody/);
      return true;
    });
    assert.deepEqual(exchanges, [{ status: 400, body: recordedBody('missing-provider-header-400') }]);
    // The model list needs them too.
    await assert.rejects(clientThrough({}).listModels(), (error: unknown) => error instanceof BadRequestError && error.routingHeader === 'x-portkey-provider');
  });

  it('a custom host it refuses and a provider it does not know: its recorded refusals, each naming the header to fix', async () => {
    const exchanges: Exchange[] = [];
    const hi = request([{ role: 'user', content: 'hi' }], false);
    await assert.rejects(clientThrough({ ...gateway.headers, 'x-portkey-custom-host': 'localhost:1' }, recordingFetch(exchanges)).complete(hi), (error: unknown) => error instanceof BadRequestError && error.routingHeader === 'x-portkey-custom-host');
    await assert.rejects(clientThrough({ ...gateway.headers, 'x-portkey-provider': 'llamacpp' }, recordingFetch(exchanges)).complete(hi), (error: unknown) => error instanceof BadRequestError && error.routingHeader === 'x-portkey-provider');
    assert.deepEqual(exchanges, [
      { status: 400, body: recordedBody('invalid-custom-host-400') },
      { status: 400, body: recordedBody('invalid-provider-400') },
    ]);
  });

  it('an upstream the gateway cannot reach: asked once, not three times, and the error names where the gateway was sent', async () => {
    const closed = await freePort();
    const headers = gatewayHeadersFor(`http://127.0.0.1:${closed}`);
    const exchanges: Exchange[] = [];
    // The client's waits between attempts are recorded, not taken.
    const waits: number[] = [];
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
    };
    await assert.rejects(clientThrough(headers, recordingFetch(exchanges), 2, sleep).complete(request([{ role: 'user', content: 'hi' }], true)), (error: unknown) => {
      assert.ok(error instanceof UpstreamUnreachableError, String(error));
      assert.match(error.message, new RegExp(`the gateway could not reach its upstream at http://127\\.0\\.0\\.1:${closed}/v1\\.`));
      assert.match(error.message, new RegExp(`The gateway said: "connect ECONNREFUSED 127\\.0\\.0\\.1:${closed}"`));
      return true;
    });
    assert.equal(exchanges.length, 1, 'not retried');
    assert.deepEqual(waits, [], 'no backoff waited');
    assert.deepEqual(exchanges[0], { status: 500, body: recordedBody('upstream-refused-500').replace('18939', String(closed)) });
  });

  it('a field the gateway does not pass on: the answer shows n_predict was ignored, and the log note names it (sent directly, llama.cpp applies it)', async function () {
    if (!peer.deterministic) this.skip();
    const limited = request([{ role: 'user', content: 'Say hello.' }], true, { extraBody: { n_predict: 2 } });
    const direct = await new ChatClient({ fetch: globalThis.fetch, baseUrl: peer.baseUrl, firstByteTimeoutMs: 60_000 }).complete(limited);
    assert.equal(direct.done?.finishReason, 'length', 'llama.cpp itself honours n_predict');
    assert.equal(direct.done?.ignoredFields, undefined);
    const through = await client.complete(limited);
    assert.equal(through.text, 'Hello! I am a tiny test model.');
    assert.equal(through.done?.finishReason, 'stop');
    assert.deepEqual(through.done?.ignoredFields?.fields, ['n_predict']);
    assert.match(through.done?.ignoredFields?.note ?? '', /"n_predict" was not applied \(Portkey's gateway did not pass "n_predict" on\)/);
  });
});
