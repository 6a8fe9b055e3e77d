// Retyping, undo and typing into a suggestion are answered from the cache; anything else around the cursor is not.
import assert from 'node:assert/strict';
import { SuggestionCache } from '../../../src/core/completions/suggestionCache';

describe('SuggestionCache', () => {
  it('answers the exact same cursor with the same suggestion and request', () => {
    const cache = new SuggestionCache();
    cache.store('m', 'const x = ', ';\n', 'compute(1)', 7);
    assert.deepEqual(cache.lookup('m', 'const x = ', ';\n'), { text: 'compute(1)', requestId: 7 });
  });

  it('gives the rest of a suggestion the person is typing into', () => {
    const cache = new SuggestionCache();
    cache.store('m', 'const x = ', ';\n', 'compute(1)', 7);
    assert.deepEqual(cache.lookup('m', 'const x = comp', ';\n'), { text: 'ute(1)', requestId: 7 });
    assert.deepEqual(cache.lookup('m', 'const x = compute(1', ';\n'), { text: ')', requestId: 7 });
  });

  it('has nothing once the suggestion is typed in full, or typed differently', () => {
    const cache = new SuggestionCache();
    cache.store('m', 'const x = ', ';\n', 'compute(1)', 7);
    assert.equal(cache.lookup('m', 'const x = compute(1)', ';\n'), undefined);
    assert.equal(cache.lookup('m', 'const x = comb', ';\n'), undefined);
  });

  it('tells apart places of the same lengths and the same text around the cursor that differ further away', () => {
    const cache = new SuggestionCache();
    const near = `${'x'.repeat(40)}const y = `;
    cache.store('m', `// one\n${near}`, ';\n', 'first', 1);
    cache.store('m', `// two\n${near}`, ';\n', 'second', 2);
    assert.equal(cache.size, 2);
    assert.deepEqual(cache.lookup('m', `// one\n${near}`, ';\n'), { text: 'first', requestId: 1 });
    assert.deepEqual(cache.lookup('m', `// two\n${near}`, ';\n'), { text: 'second', requestId: 2 });
    assert.equal(cache.lookup('m', `// six\n${near}`, ';\n'), undefined);
    assert.equal(cache.lookup('m', `// one\n${near}`, ';\n// six'), undefined);
    assert.deepEqual(cache.lookup('m', `// two\n${near}sec`, ';\n'), { text: 'ond', requestId: 2 });
    assert.equal(cache.lookup('m', `// six\n${near}sec`, ';\n'), undefined);
  });

  it('misses when the code after the cursor differs, or the model does', () => {
    const cache = new SuggestionCache();
    cache.store('m', 'const x = ', ';\n', 'compute(1)', 7);
    assert.equal(cache.lookup('m', 'const x = ', ';\nfoo();\n'), undefined);
    assert.equal(cache.lookup('m', 'const x = comp', ''), undefined);
    assert.equal(cache.lookup('other', 'const x = ', ';\n'), undefined);
  });

  it('keys without ambiguity: a model name ending like the prefix does not collide', () => {
    const cache = new SuggestionCache();
    cache.store('ab', 'c', '', 'one', 1);
    assert.equal(cache.lookup('a', 'bc', ''), undefined);
  });

  it('keeps an empty suggestion as an exact answer', () => {
    const cache = new SuggestionCache();
    cache.store('m', 'p', 's', '', 3);
    assert.deepEqual(cache.lookup('m', 'p', 's'), { text: '', requestId: 3 });
    assert.equal(cache.lookup('m', 'px', 's'), undefined);
  });

  it('evicts the least recently used entry, a lookup counting as a use', () => {
    const cache = new SuggestionCache(2);
    cache.store('m', 'a', '', '1', 1);
    cache.store('m', 'b', '', '2', 2);
    assert.ok(cache.lookup('m', 'a', ''));
    cache.store('m', 'c', '', '3', 3);
    assert.equal(cache.size, 2);
    assert.equal(cache.lookup('m', 'b', ''), undefined);
    assert.deepEqual(cache.lookup('m', 'a', ''), { text: '1', requestId: 1 });
    assert.deepEqual(cache.lookup('m', 'c', ''), { text: '3', requestId: 3 });
  });

  it('replaces an entry stored again under the same key, and clears', () => {
    const cache = new SuggestionCache();
    cache.store('m', 'a', '', 'old', 1);
    cache.store('m', 'a', '', 'new', 2);
    assert.equal(cache.size, 1);
    assert.deepEqual(cache.lookup('m', 'a', ''), { text: 'new', requestId: 2 });
    cache.clear();
    assert.equal(cache.size, 0);
  });
});
