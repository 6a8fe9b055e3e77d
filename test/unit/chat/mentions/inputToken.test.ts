import assert from 'node:assert/strict';
import { replaceToken, tokenAtCaret } from '../../../../src/core/chat/mentions/inputToken';

describe('the word under the caret (mentions and slash commands)', () => {
  it('finds an @-mention anywhere after a space or at the start, with the query up to the caret', () => {
    assert.deepEqual(tokenAtCaret('@', 1), { trigger: '@', query: '', start: 0, end: 1 });
    assert.deepEqual(tokenAtCaret('look at @src/hel', 16), { trigger: '@', query: 'src/hel', start: 8, end: 16 });
    // The caret inside the word: the query stops at the caret, the word (to replace) runs on.
    assert.deepEqual(tokenAtCaret('see @hello.ts now', 7), { trigger: '@', query: 'he', start: 4, end: 13 });
    assert.deepEqual(tokenAtCaret('line one\n@prob', 14), { trigger: '@', query: 'prob', start: 9, end: 14 });
  });

  it('does not take an e-mail address, a word without a trigger, or the caret before the trigger', () => {
    assert.equal(tokenAtCaret('mail me at ann@example.com', 26), undefined);
    assert.equal(tokenAtCaret('hello', 5), undefined);
    assert.equal(tokenAtCaret('see @x', 4), undefined, 'the caret before the @');
    assert.equal(tokenAtCaret('see @x ', 7), undefined, 'after the space the word is over');
  });

  it('takes a slash command only as the first word, and only a name', () => {
    assert.deepEqual(tokenAtCaret('/', 1), { trigger: '/', query: '', start: 0, end: 1 });
    assert.deepEqual(tokenAtCaret('  /ex', 5), { trigger: '/', query: 'ex', start: 2, end: 5 });
    assert.equal(tokenAtCaret('why is /fix here', 11), undefined);
    assert.equal(tokenAtCaret('/usr/bin', 8), undefined, 'a path is not a command name');
    assert.equal(tokenAtCaret('/fix the bug', 12), undefined, 'the caret is past the command');
  });

  it('refuses a query longer than a person types for completion, and a caret outside the text', () => {
    assert.equal(tokenAtCaret(`@${'a'.repeat(121)}`, 122), undefined);
    assert.ok(tokenAtCaret(`@${'a'.repeat(120)}`, 121));
    assert.equal(tokenAtCaret('@a', 5), undefined);
    assert.equal(tokenAtCaret('@a', -1), undefined);
  });

  it('replaces the whole word with the item and one space, and puts the caret after it', () => {
    const text = 'explain @hel please';
    const token = tokenAtCaret(text, 12);
    assert.ok(token);
    assert.deepEqual(replaceToken(text, token, '@hello.ts'), { text: 'explain @hello.ts please', caret: 18 });
    assert.deepEqual(replaceToken('/ex', { start: 0, end: 3 }, '/explain'), { text: '/explain ', caret: 9 });
  });
});
