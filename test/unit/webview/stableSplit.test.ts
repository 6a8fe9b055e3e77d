import assert from 'node:assert/strict';
import { StableSplitter } from '../../../src/webview/markdown/stableSplit';

/** The finished prefix of `text` when it arrives in pieces of `size` characters (all at once by default). */
function stablePrefix(text: string, size = text.length): string {
  const splitter = new StableSplitter();
  for (let i = 0; i < text.length; i += size) splitter.append(text.slice(i, i + size));
  return text.slice(0, splitter.stableEnd);
}

describe('StableSplitter', () => {
  it('ends the finished prefix before a column-0 line that follows a blank line', () => {
    assert.equal(stablePrefix('First paragraph.\n\n'), '');
    assert.equal(stablePrefix('First paragraph.\n\nS'), 'First paragraph.\n\n');
    assert.equal(stablePrefix('First paragraph.\n\nSecond paragraph.\n'), 'First paragraph.\n\n');
    assert.equal(stablePrefix('# Title\n\nOne.\n\nTwo.\n\nThree, still com'), '# Title\n\nOne.\n\nTwo.\n\n');
  });

  it('waits for the line after the blank line: an indented one may continue the block above', () => {
    assert.equal(stablePrefix('1. Step one\n\n'), '');
    assert.equal(stablePrefix('1. Step one\n\n   more about step one\n\n    indented code\n'), '');
    assert.equal(stablePrefix('1. Step one\n\n   more about step one\n\nAfter the list.\n'), '1. Step one\n\n   more about step one\n\n');
  });

  it('does not cut a list whose items are separated by blank lines (one loose list)', () => {
    assert.equal(stablePrefix('Intro.\n\n1. one\n\n2. two\n\n3. three\n'), 'Intro.\n\n');
    assert.equal(stablePrefix('- a\n\n  more a\n\n- b\n\nAfter.\n'), '- a\n\n  more a\n\n- b\n\n');
    assert.equal(stablePrefix('Para\n- a\n- b\n\n- c\n'), '');
  });

  it('does cut before a list of another kind, or a line that only looks like one at first', () => {
    assert.equal(stablePrefix('- a\n\n* b\n'), '- a\n\n');
    assert.equal(stablePrefix('1. a\n\n2) b\n'), '1. a\n\n');
    assert.equal(stablePrefix('1. a\n\n1984 was a year.\n'), '1. a\n\n');
    assert.equal(stablePrefix('- a\n\n-'), '', 'undecided until the line is complete');
    assert.equal(stablePrefix('- a\n\nText'), '- a\n\n', 'decided by the first character');
  });

  it('never splits inside a ``` fence, blank lines included', () => {
    const text = 'Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n\nexport {};\n';
    assert.equal(stablePrefix(text), 'Intro.\n\n');
    const splitter = new StableSplitter();
    splitter.append(text);
    assert.equal(splitter.insideFence, true);
  });

  it('never splits inside a ~~~ fence, and ``` inside it does not close it', () => {
    const text = '~~~markdown\n```js\n\nx\n```\n\nstill inside\n';
    assert.equal(stablePrefix(text), '');
    assert.equal(stablePrefix(`${text}~~~\nAfter.\n`), `${text}~~~\n`);
    assert.equal(stablePrefix(`${text}~~~\n\nAfter.\n`), `${text}~~~\n\n`);
  });

  it('a longer fence is closed only by a run at least as long', () => {
    const text = '````md\n```ts\ncode\n```\n\nstill in the outer block\n';
    assert.equal(stablePrefix(text), '');
    assert.equal(stablePrefix(text + '``` \n\nnot closed yet\n'), '');
    assert.equal(stablePrefix(text + '````\nAfter.\n'), text + '````\n');
  });

  it('a closing run with text after it does not close the fence', () => {
    assert.equal(stablePrefix('```\ncode\n``` not a closer\n\nstill code\n'), '');
  });

  it('``` with a backtick in its info string is inline code, not a fence', () => {
    assert.equal(stablePrefix('```foo` is inline\n\nNext paragraph.\n'), '```foo` is inline\n\n');
  });

  it('a closed column-0 fence ends a block at once, even without a blank line after it', () => {
    assert.equal(stablePrefix('Text.\n```py\nprint(1)\n```\nMore text'), 'Text.\n```py\nprint(1)\n```\n');
  });

  it('an indented fence (inside a list item) is tracked but does not end a block by closing', () => {
    const text = '- item\n\n  ```sh\n  echo hi\n\nnot a boundary: inside the fence\n  ```\nstill in the list\n';
    assert.equal(stablePrefix(text), '');
  });

  it('handles CRLF line ends', () => {
    assert.equal(stablePrefix('One.\r\n\r\nTwo.\r\n'), 'One.\r\n\r\n');
    assert.equal(stablePrefix('```\r\ncode\r\n\r\nmore\r\n```\r\nafter\r\n'), '```\r\ncode\r\n\r\nmore\r\n```\r\n');
  });

  it('the prefix only grows as text arrives', () => {
    const text = 'A.\n\n```\nx\n\ny\n```\n\nB.\n\n- c\n\n  d\n\nE.\n';
    const splitter = new StableSplitter();
    let previous = 0;
    for (const character of text) {
      const end = splitter.append(character);
      assert.ok(end >= previous, `went back from ${previous} to ${end}`);
      previous = end;
    }
  });

  it('text arriving one character (or any piece size) at a time splits the same as all at once', () => {
    const text = [
      '# Plan',
      '',
      'Some prose with `code` and a [link](https://example.com).',
      '',
      '```typescript',
      'function add(a: number, b: number) {',
      '',
      '  return a + b;',
      '}',
      '```',
      'Right after the fence.',
      '',
      '~~~~',
      '~~~',
      '',
      '```',
      '~~~~',
      '',
      '1. one',
      '',
      '   two',
      '',
      '2. three',
      '',
      '- four',
      '',
      '- five',
      '',
      '1984 was a year.',
      '',
      '> quote',
      '',
      'Tail without a newline',
    ].join('\n');
    const whole = stablePrefix(text);
    assert.ok(whole.length > 0);
    for (const size of [1, 2, 3, 5, 7, 13, 64]) assert.equal(stablePrefix(text, size), whole, `pieces of ${size}`);
  });
});
