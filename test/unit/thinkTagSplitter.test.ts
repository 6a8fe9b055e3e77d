import assert from 'node:assert/strict';
import { ThinkTagSplitter } from '../../src/core/stream/thinkTagSplitter';

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

describe('ThinkTagSplitter', () => {
  it('splits a leading think block at every character boundary', () => {
    const text = '\n<think>step 1 < step 2</think>\n\nAnswer: 42 </think> stays';
    for (let size = 1; size <= text.length; size++) {
      const deltas: string[] = [];
      for (let i = 0; i < text.length; i += size) deltas.push(text.slice(i, i + size));
      assert.deepEqual(run(deltas), { reasoning: 'step 1 < step 2', content: 'Answer: 42 </think> stays' }, `size ${size}`);
    }
  });

  it('leaves text without a leading think block alone, including a lone "<"', () => {
    assert.deepEqual(run(['<', 'b>bold</b>']), { reasoning: '', content: '<b>bold</b>' });
    assert.deepEqual(run(['<thin']), { reasoning: '', content: '<thin' });
    assert.deepEqual(run(['a<think>b</think>']), { reasoning: '', content: 'a<think>b</think>' });
  });

  it('an unclosed think block at the end is all reasoning', () => {
    assert.deepEqual(run(['<think>still thinking</thi']), { reasoning: 'still thinking</thi', content: '' });
  });
});
