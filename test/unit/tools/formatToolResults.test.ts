import assert from 'node:assert/strict';
import { createLineMatcher, findMatchingLines } from '../../../src/core/tools/textSearch';
import { formatDiagnostics } from '../../../src/core/tools/formatDiagnostics';
import { formatEditorContext } from '../../../src/core/tools/formatEditorContext';
import { formatFileExcerpt } from '../../../src/core/tools/formatFileExcerpt';
import { formatFileList } from '../../../src/core/tools/formatFileList';
import { formatSearchResults } from '../../../src/core/tools/formatSearchResults';

const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('formatFileExcerpt', () => {
  it('numbers the lines, aligned, under a header with the range', () => {
    const result = formatFileExcerpt('src/a.ts', 'const a = 1;\n\nexport { a };\n', {});
    assert.deepEqual(result, {
      ok: true,
      text: '"src/a.ts", lines 1–3 of 3:\n1 | const a = 1;\n2 | \n3 | export { a };',
      firstLine: 1,
      lastLine: 3,
      totalLines: 3,
      cut: false,
    });
    const wide = formatFileExcerpt('b.txt', lines(12), { startLine: 8, endLine: 11 });
    assert.equal(wide.ok && wide.text, '"b.txt", lines 8–11 of 12:\n 8 | line 8\n 9 | line 9\n10 | line 10\n11 | line 11');
  });

  it('cuts at the line limit and says how to read on', () => {
    const result = formatFileExcerpt('big.txt', lines(1000), { maxLines: 400 });
    assert.ok(result.ok);
    assert.equal(result.cut, true);
    assert.equal(result.lastLine, 400);
    assert.match(result.text, /^"big\.txt", lines 1–400 of 1000:\n {2}1 \| line 1\n/);
    assert.match(result.text, /\n400 \| line 400\n\[Cut at line 400 to keep the answer short \(at most 400 lines or 40,000 characters\)\. Call read_file again with start_line=401 to read on\.\]$/);
  });

  it('cuts at the character limit, but always shows the first line', () => {
    const result = formatFileExcerpt('wide.txt', `${'x'.repeat(50)}\n${'y'.repeat(50)}\n${'z'.repeat(50)}\n`, { maxCharacters: 120 });
    assert.ok(result.ok);
    assert.equal(result.lastLine, 2);
    assert.match(result.text, /start_line=3/);
    const one = formatFileExcerpt('huge-line.txt', 'q'.repeat(500), { maxCharacters: 10, maxLineLength: 100 });
    assert.ok(one.ok);
    assert.equal(one.lastLine, 1);
    assert.match(one.text, /q{100}… \[line cut: 400 more characters\]/);
  });

  it('CRLF files read the same as LF files', () => {
    const crlf = formatFileExcerpt('w.txt', 'a\r\nb\r\n');
    assert.equal(crlf.ok && crlf.text, '"w.txt", lines 1–2 of 2:\n1 | a\n2 | b');
  });

  it('an empty file, a start past the end and an end past the end', () => {
    assert.equal(formatFileExcerpt('e.txt', '').ok && (formatFileExcerpt('e.txt', '') as { text: string }).text, '"e.txt" is empty.');
    assert.deepEqual(formatFileExcerpt('s.txt', lines(3), { startLine: 9 }), { ok: false, message: '"s.txt" has 3 lines; start_line 9 is past its end.' });
    const clamped = formatFileExcerpt('s.txt', lines(3), { startLine: 2, endLine: 99 });
    assert.equal(clamped.ok && clamped.text, '"s.txt", lines 2–3 of 3:\n2 | line 2\n3 | line 3');
    const single = formatFileExcerpt('s.txt', lines(3), { startLine: 2, endLine: 2 });
    assert.equal(single.ok && single.text, '"s.txt", line 2 of 3:\n2 | line 2');
  });
});

describe('text search', () => {
  it('literal queries match exactly; regex queries as JavaScript patterns', () => {
    const literal = createLineMatcher('a.b(', 'literal');
    assert.ok(literal.ok);
    assert.equal(literal.test('x = a.b(1)'), true);
    assert.equal(literal.test('x = aXb(1)'), false);
    const regex = createLineMatcher('^export (const|function) \\w+', 'regex');
    assert.ok(regex.ok);
    assert.equal(regex.test('export function go() {}'), true);
    assert.equal(regex.test('  export function go() {}'), false);
    assert.equal(regex.test('export function go() {}'), true, 'no lastIndex carried between lines');
  });

  it('a bad or match-everything pattern is one clear message', () => {
    const bad = createLineMatcher('foo(', 'regex');
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.message, /^The query is not a valid JavaScript regular expression \(.+\)\. Fix it, or search with mode "literal"\.$/);
    const empty = createLineMatcher('x*', 'regex');
    assert.equal(empty.ok ? '' : empty.message, 'The regular expression "x*" matches empty text, so it would match every line. Make it more specific.');
    assert.equal(createLineMatcher('', 'literal').ok, false);
  });

  it('finds matching lines with 1-based numbers, up to a limit', () => {
    const matcher = createLineMatcher('TODO', 'literal');
    assert.ok(matcher.ok);
    const content = 'a\r\n// TODO one\nb\n// TODO two\n// TODO three\n';
    assert.deepEqual(findMatchingLines('src/x.ts', content, matcher.test, 2), [
      { path: 'src/x.ts', line: 2, text: '// TODO one' },
      { path: 'src/x.ts', line: 4, text: '// TODO two' },
    ]);
  });

  it('formats path:line: text, capped, saying how to narrow the search', () => {
    const matches = [
      { path: 'src/a.ts', line: 3, text: '    // TODO: tidy' },
      { path: 'src/b.ts', line: 10, text: `x${'y'.repeat(300)}` },
    ];
    assert.equal(
      formatSearchResults(matches.slice(0, 1), { query: 'TODO', mode: 'literal', maxResults: 100, more: false }),
      '1 match for "TODO" (literal):\nsrc/a.ts:3: // TODO: tidy',
    );
    const cut = formatSearchResults(matches, { query: 'x', mode: 'regex', glob: 'src/**', maxResults: 1, more: false });
    assert.equal(
      cut,
      'The first 1 matches for "x" (regex) in files matching "src/**":\nsrc/a.ts:3: // TODO: tidy\n[There are more matches. Narrow the query or the glob, or raise max_results (at most 1000).]',
    );
    const long = formatSearchResults(matches.slice(1), { query: 'x', mode: 'literal', maxResults: 10, more: false });
    assert.ok(long.endsWith('…') && long.length < 300);
    assert.equal(formatSearchResults([], { query: 'nope', mode: 'literal', maxResults: 10, more: false }), 'No matches for "nope" (literal).');
  });
});

describe('formatFileList', () => {
  it('sorted folder by folder, capped', () => {
    assert.equal(formatFileList(['src/b.ts', 'README.md', 'src/a/x.ts', 'src-old/a.ts'], { maxResults: 10, more: false }), '4 files:\nREADME.md\nsrc/a/x.ts\nsrc/b.ts\nsrc-old/a.ts');
    assert.equal(
      formatFileList(['a.ts', 'b.ts', 'c.ts'], { glob: '*.ts', maxResults: 2, more: false }),
      'The first 2 files matching "*.ts":\na.ts\nb.ts\n[There are more files. Narrow the glob (e.g. "src/**/*.ts"), or raise max_results (at most 1000).]',
    );
    assert.equal(formatFileList([], { glob: '*.rs', maxResults: 2, more: false }), 'No files matching "*.rs".');
  });
});

describe('formatDiagnostics', () => {
  it('errors first, then warnings, with positions; information and hints left out', () => {
    const text = formatDiagnostics([
      { path: 'src/b.ts', line: 4, column: 2, severity: 'warning', message: "'x' is unused.", source: 'eslint', code: 'no-unused-vars' },
      { path: 'src/a.ts', line: 12, column: 5, severity: 'error', message: "Cannot find name 'y'.\n  Did you mean 'x'?", source: 'ts', code: 2304 },
      { path: 'src/a.ts', line: 1, column: 1, severity: 'hint', message: 'could be shorter' },
      { path: 'src/a.ts', line: 2, column: 1, severity: 'error', message: 'Missing semicolon.' },
    ]);
    assert.equal(
      text,
      [
        '2 errors and 1 warning in the workspace:',
        'src/a.ts:2:1: error: Missing semicolon.',
        "src/a.ts:12:5: error: Cannot find name 'y'. Did you mean 'x'? (ts 2304)",
        "src/b.ts:4:2: warning: 'x' is unused. (eslint no-unused-vars)",
      ].join('\n'),
    );
  });

  it('none, and capped', () => {
    assert.equal(formatDiagnostics([], { path: 'src/a.ts' }), 'No errors or warnings in "src/a.ts".');
    const many = Array.from({ length: 5 }, (_, i) => ({ path: 'a.ts', line: i + 1, column: 1, severity: 'error' as const, message: 'bad' }));
    assert.match(formatDiagnostics(many, { maxResults: 2 }), /^5 errors in the workspace:\na\.ts:1:1: error: bad\na\.ts:2:1: error: bad\n\[Showing the first 2\./);
  });
});

describe('formatEditorContext', () => {
  it('the active file, the selection fenced, and the visible lines', () => {
    const text = formatEditorContext({
      path: 'src/a.ts',
      languageId: 'typescript',
      lineCount: 40,
      selection: { start: { line: 3, column: 1 }, end: { line: 4, column: 10 }, text: 'const a = 1;\nconst b = `x`;' },
      visibleLines: { start: 1, end: 30 },
    });
    assert.equal(
      text,
      'Active file: "src/a.ts" (typescript, 40 lines).\nSelection: line 3, column 1 to line 4, column 10:\n```typescript\nconst a = 1;\nconst b = `x`;\n```\nVisible: lines 1–30.',
    );
  });

  it('a cursor without a selection, and no editor at all', () => {
    const text = formatEditorContext({
      path: 'a.py',
      languageId: 'python',
      lineCount: 2,
      selection: { start: { line: 2, column: 5 }, end: { line: 2, column: 5 }, text: '' },
      visibleLines: undefined,
    });
    assert.equal(text, 'Active file: "a.py" (python, 2 lines).\nCursor: line 2, column 5. Nothing is selected.');
    assert.equal(formatEditorContext(undefined), 'No file is open in the editor.');
  });
});
