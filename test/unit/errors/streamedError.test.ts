// Errors reported inside a 200 answer, one shape each, read as the class their status gives (bodies: see
// test/fixtures/recorded, where the recorded ones are replayed whole).
import assert from 'node:assert/strict';
import { ContextOverflowError, RateLimitError, ServerError, BadRequestError } from '../../../src/core/errors/httpErrors';
import { StreamError } from '../../../src/core/errors/transportErrors';
import { errorFromStreamEvent } from '../../../src/core/errors/streamedError';

const url = 'http://127.0.0.1:8080/v1/chat/completions';
const read = (data: string) => errorFromStreamEvent({ url, data, redact: (text) => text.split('sk-secret').join('[redacted key]') });

describe('errors inside a stream', () => {
  it("llama.cpp's bare `error:` object (no wrapper, code 400) is an overflow, recovered as a 400 would be", () => {
    const error = read('{"code":400,"message":"the request exceeds the available context size. try increasing the context size or enable context shift","type":"invalid_request_error"}');
    assert.ok(error instanceof ContextOverflowError);
    assert.equal(error.status, 400);
    assert.equal(error.midStream, true);
    assert.match(error.message, /in the middle of the answer/);
    assert.match(error.message, /partial answer is kept/);
    assert.match(error.message, /exceeds the available context size/);
  });

  it("llama.cpp's wrapped overflow gives the window and prompt it states", () => {
    const error = read('{"error":{"code":400,"message":"request (6009 tokens) exceeds the available context size (4096 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":6009,"n_ctx":4096}}');
    assert.ok(error instanceof ContextOverflowError);
    assert.deepEqual(error.overflow, { contextWindow: 4096, promptTokens: 6009 });
  });

  it('a rate limit named by its type or code is a RateLimitError', () => {
    assert.ok(read('{"error":{"message":"Rate limit reached for requests","type":"requests","code":"rate_limit_exceeded"}}') instanceof RateLimitError);
    assert.ok(read('{"error":{"code":429,"message":"Provider returned error","metadata":{"provider_name":"Chutes"}}}') instanceof RateLimitError);
  });

  it('a server_error type or a string code names a 500; an overloaded one a 503', () => {
    const error = read('{"error": {"message": "The server had an error while processing your request. Sorry about that!", "type": "server_error"}}');
    assert.ok(error instanceof ServerError);
    assert.equal(error.status, 500);
    assert.equal(error.serverMessage, 'The server had an error while processing your request. Sorry about that!');
    const overloaded = read('{"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}');
    assert.ok(overloaded instanceof ServerError);
    assert.equal(overloaded.status, 503);
  });

  it("vLLM's `{object: error}` with a numeric code", () => {
    const error = read('{"object":"error","message":"This model\'s maximum context length is 4096 tokens. However, you requested 5000 tokens.","type":"BadRequestError","param":null,"code":400}');
    assert.ok(error instanceof ContextOverflowError);
    assert.equal(error.overflow.contextWindow, 4096);
  });

  it('a 400 that is not an overflow is a BadRequestError with the server words', () => {
    const error = read('{"error":{"code":400,"message":"Token limit reached"}}');
    assert.ok(error instanceof BadRequestError);
    assert.match(error.message, /Token limit reached/);
  });

  it('with no status said or named: an overflow by its words, else a StreamError with them', () => {
    assert.ok(read('{"error":{"message":"This model\'s maximum context length is 8192 tokens"}}') instanceof ContextOverflowError);
    const other = read('{"error":{"message":"something broke"}}');
    assert.ok(other instanceof StreamError);
    assert.match(other.message, /something broke/);
    const text = read('upstream went away');
    assert.ok(text instanceof StreamError);
    assert.match(text.message, /upstream went away/);
  });

  it('the key the server echoed is redacted from the message and the body', () => {
    const error = read('{"error":{"code":401,"message":"Incorrect API key provided: sk-secret"}}');
    assert.doesNotMatch(error.message, /sk-secret/);
    assert.doesNotMatch((error as ServerError).body, /sk-secret/);
  });
});
