// Shapes real servers send beyond the plain chat.completion.chunk, each named, each cut at every byte boundary (the
// recorded corpus has real bodies of most of them; these pin each rule on its own). What a user must then see: the
// answer text, the reasoning once, a refusal marked as one, choice 0 only, the usage wherever it was put, and every
// tool call whole.
import assert from 'node:assert/strict';
import { answerFactsOf } from '../../../src/core/run/answerFacts';
import { formatAnswerFooter, ignoredChoicesNote } from '../../../src/core/ask/answerFooter';
import { doneWith } from '../../support/chatDone';
import { atEveryByte, expectAtEverySplit } from '../../support/expectAtEverySplit';
import { chunk, dataLine } from '../../support/sseTranscript';

const JSON_HEADERS = { 'content-type': 'application/json' };
const DONE = 'data: [DONE]\n\n';
const sse = (...chunks: unknown[]): string => chunks.map((c) => dataLine(c)).join('') + DONE;
const WHOLE_REQUEST = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Hi' }], stream: false };

function completion(message: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ id: 'chatcmpl-whole', object: 'chat.completion', model: 'm', choices: [{ index: 0, message, finish_reason: 'stop' }], ...extra });
}

describe('server shapes', () => {
  describe('content as an array of typed parts', () => {
    it('in deltas: text parts to the answer, thinking parts (nested parts too) to reasoning', async () => {
      const transcript = sse(
        chunk({ role: 'assistant', content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'Two and ' }] }] }),
        chunk({ content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'two.' }] }] }),
        chunk({ content: [{ type: 'text', text: '2 + 2 ' }] }),
        chunk({ content: '= 4' }, 'stop'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.reasoning, 'Two and two.');
        assert.equal(o.text, '2 + 2 = 4');
        assert.equal(o.error, undefined);
      });
    });

    it('in a whole message: an array content never fails, and reasoning parts are read', async () => {
      const body = completion({ role: 'assistant', content: [{ type: 'thinking', thinking: [{ type: 'text', text: '17 × 23…' }], closed: true }, { type: 'text', text: '391' }] });
      await expectAtEverySplit(body, atEveryByte, (o) => {
        assert.equal(o.text, '391');
        assert.equal(o.reasoning, '17 × 23…');
        assert.equal(o.error, undefined);
      }, JSON_HEADERS, WHOLE_REQUEST);
    });

    it('`reasoning` parts with `text` or `summary`, `output_text` parts and unknown parts (images) are told apart', async () => {
      const body = completion({ content: [{ type: 'reasoning', summary: 'why' }, { type: 'output_text', text: 'out' }, { type: 'image_url', image_url: { url: 'x' } }, 'tail'] });
      await expectAtEverySplit(body, atEveryByte, (o) => {
        assert.equal(o.text, 'outtail');
        assert.equal(o.reasoning, 'why');
      }, JSON_HEADERS, WHOLE_REQUEST);
    });
  });

  describe('reasoning sent twice', () => {
    it('in `reasoning_content` and again as <think>…</think> in content: shown once, no tag in the answer', async () => {
      const transcript = sse(
        chunk({ reasoning_content: 'Let me think.', content: '<think>Let me think.' }),
        chunk({ content: '</think>\n\nParis.' }, 'stop'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.reasoning, 'Let me think.');
        assert.equal(o.text, 'Paris.');
      });
    });

    it('as <think> in content first and in `reasoning` afterwards: the first source wins', async () => {
      const transcript = sse(chunk({ content: '<think>Hmm.</think>' }), chunk({ reasoning: 'Hmm.' }), chunk({ content: 'Yes.' }, 'stop'));
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.reasoning, 'Hmm.');
        assert.equal(o.text, 'Yes.');
      });
    });

    it('in `reasoning` and `reasoning_details` of the same delta (OpenRouter): read once', async () => {
      const transcript = sse(
        chunk({ reasoning: 'We need', reasoning_details: [{ type: 'reasoning.text', text: 'We need', format: 'unknown', index: 0 }] }),
        chunk({ reasoning: ' to greet.', reasoning_details: [{ type: 'reasoning.text', text: ' to greet.', format: 'unknown', index: 0 }] }),
        chunk({ content: 'Hi!' }, 'stop'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.reasoning, 'We need to greet.');
        assert.equal(o.text, 'Hi!');
      });
    });

    it('only in `reasoning_details` (text and summary items; encrypted ones carry nothing readable)', async () => {
      const transcript = sse(
        chunk({ reasoning_details: [{ type: 'reasoning.summary', summary: 'Plan: ' }] }),
        chunk({ reasoning_details: [{ type: 'reasoning.text', text: 'add.' }, { type: 'reasoning.encrypted', data: 'gAAAA…' }] }),
        chunk({ content: '4' }, 'stop'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.reasoning, 'Plan: add.');
        assert.equal(o.text, '4');
      });
    });

    it('an unbalanced or repeated </think> never reaches the answer', async () => {
      const transcript = sse(chunk({ content: 'I should answer.\n</think>\n\n' }), chunk({ content: 'Answer </think>' }), chunk({ content: 'done' }, 'stop'));
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.doesNotMatch(o.text, /<\/?think>/);
        assert.equal(o.text, 'I should answer.\nAnswer done');
      });
    });
  });

  describe('several choices (a user\'s `n`)', () => {
    it('interleaved choices with index 1 and 2: the answer is choice 0 only, and the others are reported', async () => {
      const two = (index: number, delta: Record<string, unknown>, finish: string | null = null): Record<string, unknown> => ({
        id: 'c',
        object: 'chat.completion.chunk',
        model: 'm',
        choices: [{ index, delta, finish_reason: finish }],
      });
      const transcript = sse(
        two(1, { content: 'B1 ' }),
        two(0, { content: 'A1 ' }),
        { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 2, delta: { content: 'C1' } }, { index: 0, delta: { content: 'A2' } }] },
        two(1, { content: 'B2' }, 'length'),
        two(0, {}, 'stop'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.text, 'A1 A2');
        assert.equal(o.done?.finishReason, 'stop');
        assert.deepEqual(o.done?.ignoredChoices, [1, 2]);
      });
    });

    it('a whole completion with two choices: choice 0, whichever comes first in the array', async () => {
      const body = JSON.stringify({ id: 'x', choices: [{ index: 1, message: { content: 'second' }, finish_reason: 'stop' }, { index: 0, message: { content: 'first' }, finish_reason: 'stop' }] });
      await expectAtEverySplit(body, atEveryByte, (o) => {
        assert.equal(o.text, 'first');
        assert.deepEqual(o.done?.ignoredChoices, [1]);
      }, JSON_HEADERS, WHOLE_REQUEST);
    });

    it('the log\'s note names the other choices and the setting to change', () => {
      assert.equal(ignoredChoicesNote(doneWith({ ignoredChoices: [] })), undefined);
      assert.equal(ignoredChoicesNote(doneWith({ ignoredChoices: [1, 2] })), 'the server sent 2 more choice(s) (index 1, 2); only choice 0 is shown. If askModel.extraBody sets "n", remove it.');
    });
  });

  describe('refusal', () => {
    it('in deltas (content null, `refusal` pieces): shown as the answer and marked as a refusal', async () => {
      const transcript = sse(
        chunk({ role: 'assistant', content: null, refusal: '' }),
        chunk({ refusal: "I'm sorry, " }),
        chunk({ refusal: "I can't help with that." }),
        chunk({}, 'stop'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.text, "I'm sorry, I can't help with that.");
        assert.equal(o.done?.refused, true);
      });
    });

    it('in a whole message, and as a `refusal` content part', async () => {
      await expectAtEverySplit(completion({ content: null, refusal: 'No.' }), atEveryByte, (o) => {
        assert.equal(o.text, 'No.');
        assert.equal(o.done?.refused, true);
      }, JSON_HEADERS, WHOLE_REQUEST);
      await expectAtEverySplit(completion({ content: [{ type: 'refusal', refusal: 'Not this.' }] }), atEveryByte, (o) => {
        assert.equal(o.text, 'Not this.');
        assert.equal(o.done?.refused, true);
      }, JSON_HEADERS, WHOLE_REQUEST);
    });

    it('an ordinary answer is not marked; a refused one says so first in its footer', () => {
      assert.doesNotMatch(formatAnswerFooter(answerFactsOf(doneWith({}), { model: 'm' })), /refused/);
      assert.match(formatAnswerFooter(answerFactsOf(doneWith({ refused: true }), { model: 'm' })), /^refused by the model · model m/);
    });
  });

  describe('usage wherever the server puts it', () => {
    const usage = { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 };

    it('in Groq\'s `x_groq.usage` on the last chunk', async () => {
      await expectAtEverySplit(sse(chunk({ content: 'ok' }), chunk({}, 'stop', { x_groq: { id: 'req_1', usage: { ...usage, queue_time: 0.01 } } })), atEveryByte, (o) => {
        assert.equal((o.usage as { total_tokens: number }).total_tokens, 13);
      });
    });

    it('inside the choice (Moonshot)', async () => {
      const transcript = sse(chunk({ content: 'ok' }), { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop', usage }] });
      await expectAtEverySplit(transcript, atEveryByte, (o) => assert.deepEqual(o.usage, usage));
    });

    it('in every chunk, growing (vLLM, Perplexity): the last one counts', async () => {
      const at = (n: number): Record<string, number> => ({ prompt_tokens: 10, completion_tokens: n, total_tokens: 10 + n });
      const transcript = sse(chunk({ content: 'a' }, null, { usage: at(1) }), chunk({ content: 'b' }, null, { usage: at(2) }), chunk({}, 'stop', { usage: at(3) }));
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.text, 'ab');
        assert.deepEqual(o.usage, at(3));
      });
    });

    it('before the finish chunk', async () => {
      const transcript = sse(chunk({ content: 'ab' }), { id: 'c', object: 'chat.completion.chunk', choices: [], usage }, chunk({}, 'stop'));
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.deepEqual(o.usage, usage);
        assert.equal(o.done?.finishReason, 'stop');
      });
    });
  });

  describe('finish reasons and objects beyond the standard ones', () => {
    for (const finishReason of ['eos', 'end_turn', 'toolCall', 'STOP', 'recitation']) {
      it(`finish_reason "${finishReason}" is kept as sent, with the text whole`, async () => {
        await expectAtEverySplit(sse(chunk({ content: 'text' }), chunk({}, finishReason)), atEveryByte, (o) => {
          assert.equal(o.text, 'text');
          assert.equal(o.done?.finishReason, finishReason);
          assert.equal(o.error, undefined);
        });
      });
    }

    it('unknown `object` values (`chat.completion.done`, "") are read like chunks', async () => {
      const transcript = sse({ ...chunk({ content: 'a' }), object: '' }, { ...chunk({ content: 'b' }, 'stop'), object: 'chat.completion.done' });
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.equal(o.text, 'ab');
        assert.equal(o.done?.finishReason, 'stop');
      });
    });
  });

  describe('tool calls as servers send them', () => {
    it('with no `index` at all (Gemini, Mistral: each call whole in one chunk)', async () => {
      const transcript = sse(
        chunk({ tool_calls: [{ id: 'a', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts"}' } }] }),
        chunk({ tool_calls: [{ id: 'b', function: { name: 'list_files', arguments: '{"glob":"*"}' } }] }, 'tool_calls'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.deepEqual(o.toolCalls.map((c) => [c.id, c.name, c.arguments]), [['a', 'read_file', { path: 'a.ts' }], ['b', 'list_files', { glob: '*' }]]);
      });
    });

    it('with `index` not starting at 0', async () => {
      const transcript = sse(
        chunk({ tool_calls: [{ index: 3, id: 'x', type: 'function', function: { name: 'read_file', arguments: '{"pa' } }] }),
        chunk({ tool_calls: [{ index: 3, function: { arguments: 'th":"b.ts"}' } }] }, 'tool_calls'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => assert.deepEqual(o.toolCalls.map((c) => [c.id, c.arguments]), [['x', { path: 'b.ts' }]]));
    });

    it('with `id: ""` on continuation fragments (DashScope): the first id is kept', async () => {
      const transcript = sse(
        chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
        chunk({ tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '{"city":' } }] }),
        chunk({ tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '"Paris"}' } }] }),
        chunk({ tool_calls: [{ index: 0, id: '', type: 'function', function: { arguments: '' } }] }, 'tool_calls'),
      );
      await expectAtEverySplit(transcript, atEveryByte, (o) => assert.deepEqual(o.toolCalls.map((c) => [c.id, c.name, c.arguments]), [['call_1', 'get_weather', { city: 'Paris' }]]));
    });

    it('with arguments only ever "": a call with no arguments, run with {}', async () => {
      const transcript = sse(chunk({ tool_calls: [{ index: 0, id: 'n', type: 'function', function: { name: 'get_editor_context', arguments: '' } }] }), chunk({ tool_calls: [{ index: 0, function: { arguments: '' } }] }, 'tool_calls'));
      await expectAtEverySplit(transcript, atEveryByte, (o) => {
        assert.deepEqual(o.toolCalls.map((c) => [c.name, c.arguments]), [['get_editor_context', {}]]);
        assert.deepEqual(o.broken, []);
      });
    });

    it('in a whole message without `index`: each element is its own call', async () => {
      const body = completion({ content: '', tool_calls: [{ id: 'p', function: { name: 'read_file', arguments: '{"path":"a"}' } }, { function: { name: 'read_file', arguments: '{"path":"b"}' } }] });
      await expectAtEverySplit(body, atEveryByte, (o) => {
        assert.deepEqual(o.toolCalls.map((c) => c.arguments), [{ path: 'a' }, { path: 'b' }]);
      }, JSON_HEADERS, WHOLE_REQUEST);
    });
  });
});
