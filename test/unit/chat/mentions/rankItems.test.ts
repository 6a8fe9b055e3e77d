import assert from 'node:assert/strict';
import { matchScore, rankItems } from '../../../../src/core/chat/mentions/rankItems';

const files = (paths: string[]) => paths.map((path) => ({ name: path.split('/').pop() as string, detail: path }));

describe('ranking completion items', () => {
  it('orders exact, prefix, word start, substring, then letters in order; no match is left out', () => {
    const order = ['hello.ts', 'hello', 'sayHello.ts', 'othello.ts', 'h_e_l_l_o.md', 'world.ts'].map((name) => ({ name, score: matchScore(name, 'hello') }));
    assert.deepEqual(
      order.sort((a, b) => b.score - a.score).map((entry) => entry.name),
      ['hello', 'hello.ts', 'sayHello.ts', 'othello.ts', 'h_e_l_l_o.md', 'world.ts'],
    );
    assert.equal(matchScore('world.ts', 'hello'), 0);
  });

  it('ignores case and keeps the given order among equals and for an empty query', () => {
    const items = files(['b/Readme.md', 'a/readme.md', 'c/other.md']);
    assert.deepEqual(rankItems(items, 'README', (item) => item, 10).map((item) => item.detail), ['b/Readme.md', 'a/readme.md']);
    assert.deepEqual(rankItems(items, '', (item) => item, 10).map((item) => item.detail), ['b/Readme.md', 'a/readme.md', 'c/other.md']);
  });

  it('ranks a match in the name above one found only in the path', () => {
    const items = files(['src/util/index.ts', 'lib/util.ts']);
    assert.deepEqual(rankItems(items, 'util', (item) => item, 10).map((item) => item.detail), ['lib/util.ts', 'src/util/index.ts']);
  });

  it('returns at most the limit', () => {
    const items = files(Array.from({ length: 100 }, (_, index) => `f${index}.ts`));
    assert.equal(rankItems(items, 'f', (item) => item, 7).length, 7);
    assert.equal(rankItems(items, 'f', (item) => item, 0).length, 0);
  });
});
