// From a model's answer to the ghost text: one line or several, cut at the end of the cursor's block, without what the
// code after the cursor already has, and a chat model's code without its fences and chatter.
import assert from 'node:assert/strict';
import { cleanChatAnswer, cutAtBlockEnd, cutAtStopWord, shapeSuggestion, trimSuffixOverlap, wantsMultipleLines } from '../../../src/core/completions/shapeSuggestion';

describe('shapeSuggestion', () => {
  describe('wantsMultipleLines', () => {
    const cases: [string, string, string, boolean][] = [
      ['on an empty line', 'function f() {\n  ', '\n}\n', true],
      ['at the end of a line that opens a brace', 'function f() {', '\n}\n', true],
      ['after a Python colon', 'def f():', '\n', true],
      ['after an arrow', 'const f = () =>', '', true],
      ['after an opening paren with only its closer after the cursor', 'call(', ');\n', true],
      ['mid-line, with code after the cursor', 'const x = ', 'foo();\n', false],
      ['at the end of a statement-in-progress', 'const total = a', '\n', false],
      ['after an opener but with code after the cursor', 'if (x) {', ' return; }\n', false],
    ];
    for (const [name, prefix, suffix, expected] of cases) {
      it(`${expected ? 'wants' : 'does not want'} several lines ${name}`, () => {
        assert.equal(wantsMultipleLines(prefix, suffix), expected);
      });
    }
  });

  describe('cutAtBlockEnd', () => {
    it('stops inside a TypeScript function body at the function’s } that the suffix already has', () => {
      const prefix = 'function add(a: number, b: number) {\n  const sum = a + b;\n  ';
      const suffix = '\n}\n';
      const answer = 'return sum;\n}\n\nfunction sub(a: number, b: number) {\n  return a - b;\n}';
      assert.equal(cutAtBlockEnd(answer, prefix, suffix, 20), 'return sum;');
    });

    it('keeps the inner block’s } after `if (x) {` when the suffix holds only the function’s } at a lower indent', () => {
      const prefix = 'function f(x) {\n  if (x) {';
      const suffix = '\n}\n';
      const answer = '\n    return 1;\n  }\n  return 2;\n}';
      assert.equal(cutAtBlockEnd(answer, prefix, suffix, 20), '\n    return 1;\n  }');
    });

    it('drops the inner block’s } when the suffix starts with that very line', () => {
      const prefix = 'function f(x) {\n  if (x) {';
      const suffix = '\n  }\n}\n';
      const answer = '\n    return 1;\n  }\n  return 2;';
      assert.equal(cutAtBlockEnd(answer, prefix, suffix, 20), '\n    return 1;');
    });

    it('ends a Python def at the next def', () => {
      const answer = '\n    return a + b\n\ndef sub(a, b):\n    return a - b';
      assert.equal(cutAtBlockEnd(answer, 'def add(a, b):', '\n', 20), '\n    return a + b\n');
    });

    it('keeps no more than maxLines', () => {
      assert.equal(cutAtBlockEnd('a\nb\nc\nd', '', '', 2), 'a\nb');
    });
  });

  describe('trimSuffixOverlap', () => {
    it('drops the ) a single-line suggestion repeats from after the cursor', () => {
      assert.equal(trimSuffixOverlap('a, b)', ')'), 'a, b');
    });

    it('drops a repeated ); and the ) of a longer suggestion that ends only in )', () => {
      assert.equal(trimSuffixOverlap('a, b);', ');\n'), 'a, b');
      assert.equal(trimSuffixOverlap('a, b)', ');\n'), 'a, b');
    });

    it('leaves a suggestion alone when the rest of the line is empty or not repeated', () => {
      assert.equal(trimSuffixOverlap('a, b)', '\nnext();'), 'a, b)');
      assert.equal(trimSuffixOverlap('value', ';'), 'value');
    });

    it('drops the trailing lines of a multi-line suggestion that equal the suffix’s first lines', () => {
      assert.equal(trimSuffixOverlap('\n  return 1;\n}', '\n}\n'), '\n  return 1;');
      assert.equal(trimSuffixOverlap('x();\n  }\n}', '\n  }\n}\n'), 'x();');
    });

    it('keeps a multi-line suggestion whose last lines the suffix does not start with', () => {
      assert.equal(trimSuffixOverlap('x();\n}', '\nfoo();\n}\n'), 'x();\n}');
    });
  });

  describe('cleanChatAnswer', () => {
    it('takes the code of a fenced answer', () => {
      assert.equal(cleanChatAnswer('Sure! Here you go:\n\n```typescript\nreturn a + b;\n```\nThis adds the numbers.', 'function add(a, b) {\n  '), 'return a + b;');
    });

    it('drops a "Here is the completion:" line', () => {
      assert.equal(cleanChatAnswer('Here is the completion:\nreturn a + b;', '  '), 'return a + b;');
      assert.equal(cleanChatAnswer('The completion is:\nreturn a + b;', '  '), 'return a + b;');
    });

    it('drops a <think> block', () => {
      assert.equal(cleanChatAnswer('<think>\nThe user wants a sum.\n</think>\n\nreturn a + b;', '  '), 'return a + b;');
    });

    it('drops a repeat of the line up to the cursor', () => {
      assert.equal(cleanChatAnswer('  const total = a + b;', 'function f() {\n  const total = '), 'a + b;');
      assert.equal(cleanChatAnswer('const total = a + b;', 'function f() {\n  const total = '), 'a + b;');
    });

    it('drops the cursor marker a model echoes', () => {
      assert.equal(cleanChatAnswer('a + b;<CURSOR>', '  '), 'a + b;');
    });
  });

  describe('cutAtStopWord', () => {
    it('cuts at the earliest stop word the answer carries', () => {
      assert.equal(cutAtStopWord('return a;<|file_sep|>other.ts<|endoftext|>', ['<|endoftext|>', '<|file_sep|>']), 'return a;');
    });

    it('ignores the newline stop word (the line rule handles it) and empty words', () => {
      assert.equal(cutAtStopWord('a\nb', ['\n', '']), 'a\nb');
    });
  });

  describe('shapeSuggestion', () => {
    const base = { prefix: 'const x = ', suffix: '\n', multiline: false, maxLines: 10, stop: [] as string[] };

    it('keeps the first line of a single-line answer, without trailing spaces', () => {
      assert.equal(shapeSuggestion('compute(1);   \nmore();', base), 'compute(1);');
    });

    it('cuts at a stop word before anything else', () => {
      assert.equal(shapeSuggestion('compute(1);<|endoftext|>', { ...base, stop: ['<|endoftext|>'] }), 'compute(1);');
    });

    it('gives nothing for an answer of white space only', () => {
      assert.equal(shapeSuggestion('   \n\n', base), '');
      assert.equal(shapeSuggestion('\n\n  \n', { ...base, multiline: true }), '');
    });

    it('reads CRLF answers as LF and drops trailing blank lines of a multi-line answer', () => {
      const shaped = shapeSuggestion('\r\n    return 1\r\n\r\n', { ...base, prefix: 'def f():', multiline: true });
      assert.equal(shaped, '\n    return 1');
    });

    it('shapes a multi-line answer inside a function: block cut and suffix overlap together', () => {
      const options = { prefix: 'function f(x) {\n  if (x) {', suffix: '\n  }\n}\n', multiline: true, maxLines: 10, stop: [] };
      assert.equal(shapeSuggestion('\n    return 1;\n  }\n  return 2;\n}', options), '\n    return 1;');
    });
  });
});
