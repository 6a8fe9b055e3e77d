import assert from 'node:assert/strict';
import { ThinkTagSplitter } from '../../../src/core/stream/thinkTagSplitter';

function run(deltas: string[]): { reasoning: string; content: string } {
  const splitter = new ThinkTagSplitter();
  let reasoning = '';
  let content = '';
  for (const delta of [...deltas.map((d) => splitter.push(d)), splitter.finish()]) {
    reasoning += delta.reasoning;
    content += delta.content;
  }
  return { reasoning, content };
}

/** The same text cut into pieces of every size gives the same split. */
function atEverySize(text: string, expected: { reasoning: string; content: string }): void {
  for (let size = 1; size <= text.length; size++) {
    const deltas: string[] = [];
    for (let i = 0; i < text.length; i += size) deltas.push(text.slice(i, i + size));
    assert.deepEqual(run(deltas), expected, `pieces of ${size}`);
  }
}

describe('ThinkTagSplitter', () => {
  it('splits a leading think block at every character boundary', () => {
    atEverySize('\n<think>step 1 < step 2</think>\n\nAnswer: 42', { reasoning: 'step 1 < step 2', content: 'Answer: 42' });
  });

  it('a repeated or unbalanced </think> never reaches the answer', () => {
    atEverySize('<think>a</think>\n\nAnswer: 42 </think> done', { reasoning: 'a', content: 'Answer: 42 done' });
    // A template that put <think> in the prompt: the model's output starts inside the reasoning.
    atEverySize('thinking here\n</think>\n\nThe answer', { reasoning: '', content: 'thinking here\nThe answer' });
    atEverySize('<think>a</think></think>b', { reasoning: 'a', content: 'b' });
  });

  it('a think block at the start of a later line is reasoning too (thinking again after a tool round)', () => {
    atEverySize('First part.\n<think>more thought</think>\nSecond part.', { reasoning: 'more thought', content: 'First part.\nSecond part.' });
    atEverySize('<think>one</think>Answer.\n  <think>two</think>More.', { reasoning: 'onetwo', content: 'Answer.\n  More.' });
  });

  it('leaves text without a think block alone, including a lone "<" and a <think> inside a line', () => {
    assert.deepEqual(run(['<', 'b>bold</b>']), { reasoning: '', content: '<b>bold</b>' });
    assert.deepEqual(run(['<thin']), { reasoning: '', content: '<thin' });
    atEverySize('a<think>b', { reasoning: '', content: 'a<think>b' });
    atEverySize('Use the `<think>` tag', { reasoning: '', content: 'Use the `<think>` tag' });
    atEverySize('  indented text', { reasoning: '', content: '  indented text' });
  });

  it('an unclosed think block at the end is all reasoning', () => {
    assert.deepEqual(run(['<think>still thinking</thi']), { reasoning: 'still thinking</thi', content: '' });
  });
});
