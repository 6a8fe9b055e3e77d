// The server's own token count against a real llama.cpp server: its /tokenize is found, each text counted once, and
// after one answer the counted line predicts the prompt tokens the server reports for the next, different request.
// Where it renders its template (/apply-template), the count is the prompt tokens it reports, tools or none.
import assert from 'node:assert/strict';
import { buildChatRequest } from '../../src/core/request/buildChatRequest';
import { calibratedCount, emptyTokenCalibration, recordCountedUsage } from '../../src/core/context/tokenCalibration';
import { ChatClient } from '../../src/core/client/chatClient';
import { ServerTokenCounter } from '../../src/core/context/serverTokenCounter';
import { newTokenCountState, tokenCountUrls } from '../../src/core/context/tokenCountServers';
import { windowPromptTokens } from '../../src/core/context/promptUsage';
import type { ChatMessage, ToolDefinition } from '../../src/core/protocol/messages';
import { startPeerOrSkip, type Peer } from '../support/peer/startPeer';

describe('a real peer server counts our prompts', function () {
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

  const reported = async (messages: ChatMessage[], tools?: ToolDefinition[]): Promise<number> => {
    const request = buildChatRequest({
      settings: { model: peer.model, stream: false, metadata: { tags: ['ask-model-test'], generationName: 'peer-test', traceUserId: 'ci' }, extraBody: { max_tokens: 1 } },
      messages,
      ...(tools ? { tools, toolChoice: 'auto' as const } : {}),
    });
    const result = await client.complete(request);
    return windowPromptTokens(result.done?.usage)!;
  };

  it('finds /tokenize, counts each text once, and predicts the server-reported prompt once calibrated', async () => {
    const lines: string[] = [];
    const state = newTokenCountState();
    let calls = 0;
    const counter = new ServerTokenCounter({
      state,
      model: peer.model,
      urls: tokenCountUrls(client.urls.chatCompletions),
      port: (request) => (calls++, client.discoveryRequest({ method: 'POST', url: request.url, body: request.body, signal: request.signal, required: false })),
      log: (line) => lines.push(line),
    });
    const first: ChatMessage[] = [{ role: 'system', content: 'Answer briefly.' }, { role: 'user', content: 'Why is the sky blue? Explain in one line.' }];
    // The texts only: the render is the next test's.
    assert.equal(await counter.prepare({ messages: first }, undefined, { render: false }), true);
    assert.equal(state.endpoint, 'tokenize', lines.join('\n'));
    assert.equal(calls, 2);
    const firstCount = counter.count({ messages: first })!;
    const firstReported = await reported(first);
    // Off only by the chat template's marks, which the counted line learns from this one answer.
    const calibration = recordCountedUsage(emptyTokenCalibration(), firstCount, firstReported);
    const second: ChatMessage[] = [...first, { role: 'assistant', content: 'Shorter wavelengths scatter more.' }, { role: 'user', content: 'And why are sunsets red, then? Say it plainly, with the physics named.' }];
    assert.equal(await counter.prepare({ messages: second }, undefined, { render: false }), true);
    assert.equal(calls, 4, 'only the two new texts were counted');
    const predicted = calibratedCount(calibration, counter.count({ messages: second })!);
    const secondReported = await reported(second);
    const error = Math.abs(predicted - secondReported) / secondReported;
    assert.ok(error <= 0.1, `predicted ${predicted}, the server reported ${secondReported}`);
  });

  it('counts the prompt exactly where the server renders its template: the prompt tokens it reports, with tools and without', async function () {
    const lines: string[] = [];
    const state = newTokenCountState();
    const counter = new ServerTokenCounter({
      state,
      model: peer.model,
      urls: tokenCountUrls(client.urls.chatCompletions),
      port: (request) => client.discoveryRequest({ method: 'POST', url: request.url, body: request.body, signal: request.signal, required: false }),
      log: (line) => lines.push(line),
      deadlineMs: 30_000,
      callTimeoutMs: 30_000,
    });
    const weather: ToolDefinition = { type: 'function', function: { name: 'get_weather', description: 'The weather in a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } };
    const prompts: { name: string; messages: ChatMessage[]; tools?: ToolDefinition[] }[] = [
      { name: 'no tools', messages: [{ role: 'system', content: 'Answer briefly.' }, { role: 'user', content: 'Why is the sky blue? Explain in one line.' }] },
      { name: 'tools', messages: [{ role: 'user', content: 'What is the weather in Paris?' }], tools: [weather] },
      {
        name: 'a tool round',
        messages: [
          { role: 'user', content: 'What is the weather in Paris?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
          { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21 °C.' },
        ],
        tools: [weather],
      },
    ];
    for (const prompt of prompts) {
      assert.equal(await counter.prepare(prompt), true, prompt.name);
      const counted = counter.countPrompt(prompt)!;
      // A server named by ASK_MODEL_PEER_URL need not render its template; the kit's llama.cpp does.
      if (!peer.deterministic && state.render === 'none') this.skip();
      assert.equal(counted.exact, true, `${prompt.name}: ${lines.join('; ')}`);
      assert.equal(counted.tokens, await reported(prompt.messages, prompt.tools), prompt.name);
    }
    assert.equal(state.render, 'apply-template');
  });
});
