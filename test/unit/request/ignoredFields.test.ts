// Request fields that never took effect are named only where the answer or the gateway's known behaviour shows it.
import assert from 'node:assert/strict';
import { readAnswerHeaders } from '../../../src/core/protocol/answerHeaders';
import type { ChatDone } from '../../../src/core/stream/events';
import type { Usage } from '../../../src/core/protocol/messages';
import { ignoredRequestFields } from '../../../src/core/request/ignoredFields';

/** The headers Portkey 1.15.2 put on an answer it relayed from llama.cpp (recorded), less the date. */
const PORTKEY = { 'x-portkey-cache-status': 'DISABLED', 'x-portkey-last-used-option-index': 'config', 'x-portkey-provider': 'openai', 'x-portkey-retry-attempt-count': '0', 'x-portkey-trace-id': '', server: 'llama.cpp' };

function done(headers: Record<string, string>, usage?: Usage): ChatDone {
  return {
    finishReason: 'stop',
    model: 'tiny-test-model',
    id: 'chatcmpl-1',
    usage,
    responseMs: undefined,
    timings: { timeToFirstByteMs: 1, timeToFirstTokenMs: 1, totalMs: 2, tokensPerSecond: undefined, tokensPerSecondEstimated: false },
    streamed: true,
    refused: false,
    ignoredChoices: [],
    headers: readAnswerHeaders(new Headers(headers), 0),
  };
}

const OUR_FIELDS = { model: 'm', messages: [], stream: true, stream_options: { include_usage: true }, metadata: { tags: [] }, tools: [], tool_choice: 'auto', max_tokens: 100, reasoning_effort: 'low', parallel_tool_calls: true };
const TEN_TOKENS: Usage = { prompt_tokens: 21, completion_tokens: 10, total_tokens: 31 };

describe('request fields that did not reach the model', () => {
  it('Portkey\'s headers are read as the gateway that relayed the answer', () => {
    assert.deepEqual(readAnswerHeaders(new Headers(PORTKEY), 0).gateway, { name: 'portkey', provider: 'openai' });
    assert.equal(readAnswerHeaders(new Headers({ server: 'llama.cpp' }), 0).gateway, undefined);
  });

  it('every field our requests send passes Portkey (provider openai): nothing is named', () => {
    assert.equal(ignoredRequestFields(OUR_FIELDS, done(PORTKEY, TEN_TOKENS)), undefined);
  });

  it('a limit the answer overran, lost in the gateway: named with the evidence and where it was lost', () => {
    const ignored = ignoredRequestFields({ ...OUR_FIELDS, n_predict: 2 }, done(PORTKEY, TEN_TOKENS));
    assert.deepEqual(ignored?.fields, ['n_predict']);
    assert.match(ignored?.note ?? '', /the answer has 10 tokens although the request asked for at most n_predict 2: "n_predict" was not applied \(Portkey's gateway did not pass "n_predict" on\)/);
    assert.match(ignored?.note ?? '', /point this profile at the server itself/);
  });

  it('a field the gateway is known to leave out, which the answer cannot show: named as such, not as seen', () => {
    const ignored = ignoredRequestFields({ ...OUR_FIELDS, top_k: 1, chat_template_kwargs: { enable_thinking: false } }, done(PORTKEY, TEN_TOKENS));
    assert.deepEqual(ignored?.fields, ['chat_template_kwargs', 'top_k']);
    assert.match(ignored?.note ?? '', /"chat_template_kwargs", "top_k" are not among them \(its 1\.15\.2 source\): the server never saw them; the answer cannot show it/);
  });

  it('without a gateway, only what the answer shows: an overrun limit, blamed on nobody in particular', () => {
    const ignored = ignoredRequestFields({ ...OUR_FIELDS, max_tokens: 5, top_k: 1 }, done({ server: 'llama.cpp' }, TEN_TOKENS));
    assert.deepEqual(ignored?.fields, ['max_tokens']);
    assert.match(ignored?.note ?? '', /"max_tokens" was not applied \(by the server, or something in front of it\)\.$/);
    assert.equal(ignoredRequestFields({ ...OUR_FIELDS, top_k: 1 }, done({}, TEN_TOKENS)), undefined);
    assert.equal(ignoredRequestFields({ ...OUR_FIELDS, max_tokens: 5 }, done({}, undefined)), undefined, 'no usage, no evidence');
  });

  it('another Portkey provider rewrites the body its own way: nothing is claimed from the openai list', () => {
    assert.equal(ignoredRequestFields({ ...OUR_FIELDS, top_k: 1 }, done({ ...PORTKEY, 'x-portkey-provider': 'anthropic' }, TEN_TOKENS)), undefined);
  });
});
