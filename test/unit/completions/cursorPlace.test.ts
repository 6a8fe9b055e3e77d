// Inside a comment or a string, ghost text is noise unless asked for: the check reads the text before the cursor.
import assert from 'node:assert/strict';
import { isInCommentOrString } from '../../../src/core/completions/cursorPlace';

describe('whether the cursor is in a comment or a string', () => {
  it('C-family line and block comments', () => {
    assert.equal(isInCommentOrString('const a = 1; // the sum', 'typescript'), true);
    assert.equal(isInCommentOrString('/**\n * Adds two numbers and', 'typescript'), true);
    assert.equal(isInCommentOrString('/* done */\nconst a = ', 'typescript'), false);
    assert.equal(isInCommentOrString('const url = a / b', 'javascript'), false);
  });

  it('string literals, with escaped quotes and closed strings', () => {
    assert.equal(isInCommentOrString('const s = "hello wor', 'typescript'), true);
    assert.equal(isInCommentOrString('const s = "say \\"hi', 'typescript'), true);
    assert.equal(isInCommentOrString('const s = "done"; const t = ', 'typescript'), false);
    assert.equal(isInCommentOrString('const s = `template ', 'typescript'), true);
    assert.equal(isInCommentOrString("name = 'Ada", 'python'), true);
  });

  it('a comment marker inside a string is not a comment', () => {
    assert.equal(isInCommentOrString('const url = "http://example.com"; const x = ', 'typescript'), false);
    assert.equal(isInCommentOrString("tag = '#main'; y = ", 'python'), false);
  });

  it('each language\'s own line comment', () => {
    assert.equal(isInCommentOrString('x = 1  # note', 'python'), true);
    assert.equal(isInCommentOrString('x = a // b', 'python'), false, 'floor division in Python');
    assert.equal(isInCommentOrString('SELECT 1 -- why', 'sql'), true);
    assert.equal(isInCommentOrString('local x = 1 -- why', 'lua'), true);
    assert.equal(isInCommentOrString('echo hi # why', 'shellscript'), true);
  });

  it('code at the start of a line or after code is code', () => {
    assert.equal(isInCommentOrString('function add(a, b) {\n  ', 'typescript'), false);
    assert.equal(isInCommentOrString('def add(a, b):\n    ', 'python'), false);
  });
});
