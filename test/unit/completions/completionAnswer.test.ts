// Every answer shape (text completion, chat message and delta, llama.cpp content, Ollama response) in every framing
// (one JSON object, SSE, NDJSON), then every text case of the recorded corpus replayed through the reader.
import assert from 'node:assert/strict';
import { readCompletionAnswer } from '../../../src/core/completions/completionAnswer';
import { StreamError } from '../../../src/core/errors/transportErrors';
import { loadCompletionCases } from '../../support/recorded/completionCases';

const sse = (...events: unknown[]): string => events.map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`).join('');
const ndjson = (...objects: unknown[]): string => objects.map((object) => `${JSON.stringify(object)}\n`).join('');

describe('readCompletionAnswer', () => {
  describe('one JSON object', () => {
    it('reads an OpenAI text completion: text, finish reason, usage, model', () => {
      const body = JSON.stringify({ model: 'm', choices: [{ text: 'return a + b;', finish_reason: 'stop' }], usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } });
      assert.deepEqual(readCompletionAnswer(body, 'application/json'), { text: 'return a + b;', finishReason: 'stop', usage: { prompt_tokens: 12, completion_tokens: 5 }, model: 'm' });
    });

    it('reads a chat completion’s message content', () => {
      const body = JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'x + 1' }, finish_reason: 'length' }] });
      const answer = readCompletionAnswer(body, 'application/json');
      assert.equal(answer.text, 'x + 1');
      assert.equal(answer.finishReason, 'length');
      assert.equal(answer.usage, undefined);
    });

    it('reads llama.cpp’s content with stop_type limit as length and its token counts as usage', () => {
      const body = JSON.stringify({ content: 'a + b', stop: true, stop_type: 'limit', tokens_evaluated: 30, tokens_predicted: 4 });
      assert.deepEqual(readCompletionAnswer(body, 'application/json'), { text: 'a + b', finishReason: 'length', usage: { prompt_tokens: 30, completion_tokens: 4 }, model: undefined });
    });

    it('reads llama.cpp’s stop_type eos and word as stop', () => {
      for (const stopType of ['eos', 'word']) {
        assert.equal(readCompletionAnswer(JSON.stringify({ content: '', stop: true, stop_type: stopType }), undefined).finishReason, 'stop', stopType);
      }
    });

    it('reads Ollama’s response, done_reason and eval counts', () => {
      const body = JSON.stringify({ model: 'qwen2.5-coder:7b', response: 'b;', done: true, done_reason: 'length', prompt_eval_count: 40, eval_count: 3 });
      assert.deepEqual(readCompletionAnswer(body, 'application/json; charset=utf-8'), { text: 'b;', finishReason: 'length', usage: { prompt_tokens: 40, completion_tokens: 3 }, model: 'qwen2.5-coder:7b' });
    });

    it('reads an empty text as an empty answer, not a failure', () => {
      assert.equal(readCompletionAnswer(JSON.stringify({ choices: [{ text: '', finish_reason: 'stop' }] }), 'application/json').text, '');
    });

    it('turns an error inside a 200 into a StreamError with the server’s words', () => {
      assert.throws(() => readCompletionAnswer('{"error":{"message":"model is loading"}}', 'application/json'), (error: unknown) => error instanceof StreamError && error.message.includes('model is loading'));
      assert.throws(() => readCompletionAnswer('{"error":"out of memory"}', 'application/json'), (error: unknown) => error instanceof StreamError && error.message.includes('out of memory'));
    });

    it('refuses a body that is not JSON in any framing', () => {
      assert.throws(() => readCompletionAnswer('<html>Bad gateway</html>', 'text/html'), StreamError);
      assert.throws(() => readCompletionAnswer('', 'application/json'), StreamError);
    });
  });

  describe('SSE', () => {
    it('joins text completion pieces and ignores [DONE]', () => {
      const body = sse({ choices: [{ text: 'return ' }] }, { choices: [{ text: 'a + b;', finish_reason: 'stop' }] }, { choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } }, '[DONE]');
      assert.deepEqual(readCompletionAnswer(body, 'text/event-stream'), { text: 'return a + b;', finishReason: 'stop', usage: { prompt_tokens: 9, completion_tokens: 4 }, model: undefined });
    });

    it('joins chat deltas', () => {
      const body = sse({ choices: [{ delta: { role: 'assistant' } }] }, { choices: [{ delta: { content: 'a' } }] }, { choices: [{ delta: { content: ' + b' }, finish_reason: 'stop' }] }, '[DONE]');
      assert.equal(readCompletionAnswer(body, 'text/event-stream').text, 'a + b');
    });

    it('joins llama.cpp’s streamed content and reads its last event’s counts', () => {
      const body = sse({ content: 'a', stop: false }, { content: ' + b', stop: false }, { content: '', stop: true, stop_type: 'eos', tokens_evaluated: 11, tokens_predicted: 2 });
      assert.deepEqual(readCompletionAnswer(body, 'text/event-stream'), { text: 'a + b', finishReason: 'stop', usage: { prompt_tokens: 11, completion_tokens: 2 }, model: undefined });
    });

    it('recognises SSE by its data: lines when the content type says JSON (a proxy that streamed anyway)', () => {
      assert.equal(readCompletionAnswer(sse({ choices: [{ text: 'x' }] }, { choices: [{ text: 'y' }] }), 'application/json').text, 'xy');
    });

    it('reads a stream cut without its last blank line, and CRLF line ends', () => {
      assert.equal(readCompletionAnswer('data: {"content":"a"}\r\n\r\ndata: {"content":"b"}', 'text/event-stream').text, 'ab');
    });

    it('turns an error event or an error object in the stream into a StreamError', () => {
      assert.throws(() => readCompletionAnswer(`${sse({ content: 'a' })}data: {"error":{"message":"slot unavailable"}}\n\n`, 'text/event-stream'), (error: unknown) => error instanceof StreamError && error.message.includes('slot unavailable'));
      assert.throws(() => readCompletionAnswer('event: error\ndata: {"message":"boom"}\n\n', 'text/event-stream'), (error: unknown) => error instanceof StreamError && error.message.includes('boom'));
    });
  });

  describe('NDJSON', () => {
    it('joins Ollama’s streamed responses and reads the done line', () => {
      const body = ndjson({ model: 'q', response: 'a', done: false }, { model: 'q', response: ' + b', done: false }, { model: 'q', response: '', done: true, done_reason: 'stop', prompt_eval_count: 20, eval_count: 3 });
      assert.deepEqual(readCompletionAnswer(body, 'application/x-ndjson'), { text: 'a + b', finishReason: 'stop', usage: { prompt_tokens: 20, completion_tokens: 3 }, model: 'q' });
    });

    it('takes no usage from a line before done', () => {
      const body = ndjson({ response: 'a', done: false, eval_count: 1 }, { response: 'b', done: false });
      const answer = readCompletionAnswer(body, 'application/x-ndjson');
      assert.equal(answer.text, 'ab');
      assert.equal(answer.usage, undefined);
      assert.equal(answer.finishReason, undefined);
    });

    it('refuses NDJSON with a broken line', () => {
      assert.throws(() => readCompletionAnswer('{"response":"a"}\n{"response":', 'application/x-ndjson'), StreamError);
    });

    it('turns an error line into a StreamError', () => {
      assert.throws(() => readCompletionAnswer(ndjson({ response: 'a', done: false }, { error: 'model runner stopped' }), 'application/x-ndjson'), (error: unknown) => error instanceof StreamError && error.message.includes('model runner stopped'));
    });
  });

  describe('the recorded corpus', () => {
    const textCases = loadCompletionCases().filter((c) => c.expected.outcome === 'text');

    it('has text cases to replay', () => {
      assert.ok(textCases.length > 0);
    });

    for (const c of textCases) {
      it(`${c.name}: assembles exactly the recorded text`, () => {
        const answer = readCompletionAnswer(c.body, c.format === 'sse' ? 'text/event-stream' : c.format === 'ndjson' ? 'application/x-ndjson' : 'application/json');
        assert.equal(answer.text, c.expected.text);
        if (c.expected.finishReason !== undefined) assert.equal(answer.finishReason, c.expected.finishReason);
        if (c.expected.usage !== undefined) assert.deepEqual(answer.usage, c.expected.usage);
      });

      it(`${c.name}: reads the same without a content type`, () => {
        assert.equal(readCompletionAnswer(c.body, undefined).text, c.expected.text);
      });
    }
  });
});
