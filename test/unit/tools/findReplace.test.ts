import assert from 'node:assert/strict';
import { describeEditResult } from '../../../src/core/tools/describeEditResult';
import { reapplyEdit } from '../../../src/core/tools/reapplyEdit';
import { replaceUnique } from '../../../src/core/tools/findReplace';

const FILE = ['function add(a, b) {', '  return a + b;', '}', '', 'function sub(a, b) {', '  return a - b;', '}', ''].join('\n');

describe('replaceUnique', () => {
  it('replaces the one match and reports where the new text is', () => {
    const result = replaceUnique(FILE, '  return a - b;', '  const diff = a - b;\n  return diff;');
    assert.deepEqual(result, {
      kind: 'replaced',
      text: FILE.replace('  return a - b;', '  const diff = a - b;\n  return diff;'),
      startLine: 6,
      endLine: 7,
    });
  });

  it('not found: a typed result, with lines that differ only in whitespace as a hint', () => {
    assert.deepEqual(replaceUnique(FILE, 'return a * b;', 'x'), { kind: 'no-match', similarLines: [] });
    assert.deepEqual(replaceUnique(FILE, 'return  a + b;', 'x'), { kind: 'no-match', similarLines: [2] });
    assert.deepEqual(replaceUnique(FILE, 'function sub(a, b) {\n    return a - b;\n}', 'x'), { kind: 'no-match', similarLines: [5] });
  });

  it('several matches: their line numbers, nothing changed', () => {
    assert.deepEqual(replaceUnique(FILE, '}', ']'), { kind: 'multiple-matches', lines: [3, 7] });
    assert.deepEqual(replaceUnique(FILE, '(a, b) {', 'x'), { kind: 'multiple-matches', lines: [1, 5] });
  });

  it('overlapping occurrences count as several', () => {
    assert.deepEqual(replaceUnique('aaa', 'aa', 'b'), { kind: 'multiple-matches', lines: [1, 1] });
  });

  it('no change and empty old text are their own results', () => {
    assert.deepEqual(replaceUnique(FILE, '  return a + b;', '  return a + b;'), { kind: 'no-change' });
    assert.deepEqual(replaceUnique(FILE, '', 'x'), { kind: 'empty-old-text' });
  });

  it('deleting text: the new text is empty', () => {
    const result = replaceUnique(FILE, 'function sub(a, b) {\n  return a - b;\n}\n', '');
    assert.equal(result.kind, 'replaced');
    if (result.kind === 'replaced') {
      assert.equal(result.text, 'function add(a, b) {\n  return a + b;\n}\n\n');
      assert.deepEqual([result.startLine, result.endLine], [5, 5]);
    }
  });

  it('special characters are literal', () => {
    const text = 'const re = /a+(b)?$/;\nconst s = "$1 $&";\n';
    const result = replaceUnique(text, 'const s = "$1 $&";', 'const s = "$$";');
    assert.equal(result.kind === 'replaced' && result.text, 'const re = /a+(b)?$/;\nconst s = "$$";\n');
    assert.equal(replaceUnique(text, '/a+(b)?$/', '/x/').kind, 'replaced');
  });

  describe('line endings', () => {
    const CRLF = FILE.replace(/\n/g, '\r\n');

    it('a CRLF document matches old text written with \\n, and stays CRLF', () => {
      const result = replaceUnique(CRLF, 'function sub(a, b) {\n  return a - b;\n}', 'function sub(a, b) {\n  const d = a - b;\n  return d;\n}');
      assert.equal(result.kind, 'replaced');
      if (result.kind !== 'replaced') return;
      assert.equal(result.text, CRLF.replace('  return a - b;', '  const d = a - b;\r\n  return d;'));
      assert.ok(!/[^\r]\n/.test(result.text), 'every line break is still CRLF');
      assert.deepEqual([result.startLine, result.endLine], [5, 8]);
    });

    it('old text sent with CRLF matches an LF document, and the new text gets LF', () => {
      const result = replaceUnique(FILE, '  return a + b;\r\n}', '  return b + a;\r\n}');
      assert.equal(result.kind === 'replaced' && result.text, FILE.replace('return a + b', 'return b + a'));
    });

    it('a one-line match in a CRLF document: new lines take the document\'s line break', () => {
      const result = replaceUnique(CRLF, '  return a + b;', '  const s = a + b;\n  return s;');
      assert.equal(result.kind === 'replaced' && result.text, CRLF.replace('  return a + b;', '  const s = a + b;\r\n  return s;'));
    });

    it('a mixed document: lines outside the edit keep their own line breaks', () => {
      const mixed = 'a\r\nb\nc\r\nd\n';
      const result = replaceUnique(mixed, 'b\nc', 'B\nC');
      assert.equal(result.kind === 'replaced' && result.text, 'a\r\nB\nC\r\nd\n');
    });

    it('a leading line break is one place in a CRLF document, not two', () => {
      const result = replaceUnique('x\r\ny', '\ny', '\nz');
      assert.equal(result.kind === 'replaced' && result.text, 'x\r\nz');
    });

    it('CRLF text that differs only by line breaks is no change', () => {
      assert.deepEqual(replaceUnique(CRLF, '  return a + b;\n}', '  return a + b;\n}'), { kind: 'no-change' });
    });
  });
});

describe('reapplyEdit', () => {
  const read = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';

  it('an unchanged document: the plain edit', () => {
    const result = reapplyEdit(read, read, 'const b = 2;', 'const b = 20;');
    assert.deepEqual(result, { kind: 'replaced', text: 'const a = 1;\nconst b = 20;\nconst c = 3;\n', startLine: 2, endLine: 2, reapplied: false });
  });

  it('the user typed elsewhere: the edit applies to the current text and the typing survives', () => {
    const current = '// typed by the user\nconst a = 1;\nconst b = 2;\nconst c = 3; // more\n';
    const result = reapplyEdit(read, current, 'const b = 2;', 'const b = 20;');
    assert.deepEqual(result, {
      kind: 'replaced',
      text: '// typed by the user\nconst a = 1;\nconst b = 20;\nconst c = 3; // more\n',
      startLine: 3,
      endLine: 3,
      reapplied: true,
    });
  });

  it('the user changed the old text itself: refused, their text is kept', () => {
    const current = 'const a = 1;\nconst b = 42;\nconst c = 3;\n';
    assert.deepEqual(reapplyEdit(read, current, 'const b = 2;', 'const b = 20;'), { kind: 'changed-since-read', matches: 'none', lines: [] });
  });

  it('the user duplicated the old text: refused, it is no longer unique', () => {
    const current = `${read}const b = 2;\n`;
    assert.deepEqual(reapplyEdit(read, current, 'const b = 2;', 'const b = 20;'), { kind: 'changed-since-read', matches: 'several', lines: [2, 4] });
  });

  it('a mistake in the edit itself is reported as such', () => {
    assert.deepEqual(reapplyEdit(read, `x${read}`, 'const z = 9;', 'y'), { kind: 'no-match', similarLines: [] });
  });

  it('old text that is not in what the model read but is in the file now (an accepted edit was undone): applies to the file', () => {
    const undone = 'const a = 1;\nconst b = 2;\n';
    const remembered = 'const a = 1;\nconst b = 20;\n';
    assert.deepEqual(reapplyEdit(remembered, undone, 'const b = 2;', 'const b = 3;'), { kind: 'replaced', text: 'const a = 1;\nconst b = 3;\n', startLine: 2, endLine: 2, reapplied: false });
  });

  it('the user already made the same change: refused, nothing is applied twice', () => {
    const current = read.replace('const b = 2;', 'const b = 20;');
    assert.deepEqual(reapplyEdit(read, current, 'const b = 2;', 'const b = 20;'), { kind: 'changed-since-read', matches: 'none', lines: [] });
  });
});

describe('describeEditResult', () => {
  const path = 'src/math.ts';
  it('says what happened and what to do next', () => {
    assert.equal(describeEditResult({ kind: 'replaced', text: '', startLine: 6, endLine: 7 }, path), 'Replaced the text in "src/math.ts"; the new text is at lines 6–7.');
    assert.equal(describeEditResult({ kind: 'replaced', text: '', startLine: 6, endLine: 6 }, path), 'Replaced the text in "src/math.ts"; the new text is at line 6.');
    assert.equal(
      describeEditResult({ kind: 'replaced', text: '', startLine: 3, endLine: 3, reapplied: true }, path),
      'Replaced the text in "src/math.ts"; the new text is at line 3. The file had changed since you read it; the edit was applied to its current text.',
    );
    assert.equal(
      describeEditResult({ kind: 'no-match', similarLines: [] }, path),
      'old_text was not found in "src/math.ts", so nothing was changed. Read the file again and copy the text exactly, including whitespace and indentation.',
    );
    assert.equal(
      describeEditResult({ kind: 'no-match', similarLines: [2] }, path),
      'old_text was not found in "src/math.ts", so nothing was changed. Text that differs only in whitespace starts at line 2; copy it exactly, indentation included.',
    );
    assert.equal(
      describeEditResult({ kind: 'multiple-matches', lines: [3, 7] }, path),
      'old_text occurs 2 times in "src/math.ts" (at lines 3, 7), so nothing was changed. Include more of the surrounding lines so that it matches exactly once.',
    );
    assert.equal(describeEditResult({ kind: 'no-change' }, path), 'old_text and new_text are the same, so "src/math.ts" was not changed.');
    assert.equal(
      describeEditResult({ kind: 'empty-old-text' }, path),
      'old_text is empty, so "src/math.ts" was not changed. Give the exact text to replace; to make a new file use create_file.',
    );
    assert.equal(
      describeEditResult({ kind: 'changed-since-read', matches: 'none', lines: [] }, path),
      '"src/math.ts" was changed in the editor after it was read, and old_text is no longer in it, so the edit was not applied and those changes were kept. Read the file again before editing it.',
    );
    assert.match(describeEditResult({ kind: 'changed-since-read', matches: 'several', lines: [2, 4] }, path), /now occurs 2 times \(at lines 2, 4\)/);
  });
});
