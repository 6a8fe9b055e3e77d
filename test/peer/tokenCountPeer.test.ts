// The server's own token count against a real llama.cpp server: its /tokenize is found, each text counted once, and
// after one answer the counted line predicts the prompt tokens the server reports for the next, different request.
import assert from 'node:assert/strict';
import { buildChatRequest, calibratedCount, ChatClient, emptyTokenCalibration, newTokenCountState, recordCountedUsage, ServerTokenCounter, tokenCountUrls, windowPromptTokens, type ChatMessage } from '../../src/core';
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

  const reported = async (messages: ChatMessage[]): Promise<number> => {
    const request = buildChatRequest({ settings: { model: peer.model, stream: false, metadata: { tags: ['ask-model-test'], generationName: 'peer-test', traceUserId: 'ci' }, extraBody: { max_tokens: 1 } }, messages });
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
    assert.equal(await counter.prepare({ messages: first }), true);
    assert.equal(state.endpoint, 'tokenize', lines.join('\n'));
    assert.equal(calls, 2);
    const firstCount = counter.count({ messages: first })!;
    const firstReported = await reported(first);
    // Off only by the chat template's marks, which the counted line learns from this one answer.
    const calibration = recordCountedUsage(emptyTokenCalibration(), firstCount, firstReported);
    const second: ChatMessage[] = [...first, { role: 'assistant', content: 'Shorter wavelengths scatter more.' }, { role: 'user', content: 'And why are sunsets red, then? Say it plainly, with the physics named.' }];
    assert.equal(await counter.prepare({ messages: second }), true);
    assert.equal(calls, 4, 'only the two new texts were counted');
    const predicted = calibratedCount(calibration, counter.count({ messages: second })!);
    const secondReported = await reported(second);
    const error = Math.abs(predicted - secondReported) / secondReported;
    assert.ok(error <= 0.1, `predicted ${predicted}, the server reported ${secondReported}`);
  });
});
