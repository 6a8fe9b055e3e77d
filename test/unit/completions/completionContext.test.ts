// The text around the cursor, capped at whole lines, and the ring of other files' chunks sent along with it.
import assert from 'node:assert/strict';
import { ChunkRing, COMPLETION_CONTEXT_LIMITS, cutAroundCursor, gatherCompletionContext, type CompletionTextSource } from '../../../src/core/completions/completionContext';

const numbered = (count: number, label = 'line'): string[] => Array.from({ length: count }, (_, i) => `${label} ${i}`);

describe('completionContext', () => {
  describe('cutAroundCursor', () => {
    it('leaves text under the caps as it is', () => {
      assert.deepEqual(cutAroundCursor('a\nb\nc', 'd\ne', 100, 100), { prefix: 'a\nb\nc', suffix: 'd\ne' });
    });

    it('drops whole lines from the top of the prefix to fit its cap', () => {
      const { prefix } = cutAroundCursor('aaaa\nbbbb\ncccc\ncursor', '', 12, 100);
      assert.equal(prefix, 'cccc\ncursor');
    });

    it('keeps the cursor’s line whole even when it alone is over the cap', () => {
      const line = `    const value = ${'x'.repeat(60)}`;
      assert.equal(cutAroundCursor(`first\nsecond\n${line}`, '', 10, 100).prefix, line);
    });

    it('drops whole lines from the end of the suffix to fit its cap', () => {
      assert.equal(cutAroundCursor('', 'rest\nline2\nline3\n', 100, 12).suffix, 'rest\nline2\n');
    });

    it('keeps the rest of the cursor’s line whole even when it alone is over the cap', () => {
      const rest = 'y'.repeat(30);
      assert.equal(cutAroundCursor('', `${rest}\nmore\n`, 100, 10).suffix, rest);
      assert.equal(cutAroundCursor('', rest, 100, 10).suffix, rest);
    });

    it('never starts the prefix or ends the suffix mid-line', () => {
      const lines = numbered(200).join('\n');
      for (const cap of [7, 50, 333, 1000]) {
        const { prefix, suffix } = cutAroundCursor(`${lines}\ncursor here`, `rest\n${lines}`, cap, cap);
        assert.ok(prefix.length <= cap || !prefix.includes('\n'), `prefix within ${cap}`);
        assert.ok(suffix.length <= Math.max(cap, 'rest'.length), `suffix within ${cap}`);
        assert.ok(prefix.endsWith('cursor here'));
        assert.ok(`\n${lines}\ncursor here`.includes(`\n${prefix}`), 'prefix starts at a line start');
        assert.ok(suffix === 'rest' || suffix.endsWith('\n'), 'suffix ends at a line end');
      }
    });
  });

  describe('ChunkRing', () => {
    it('takes the chunk of lines centred on the cursor’s line', () => {
      const ring = new ChunkRing({ capacity: 4, chunkLines: 10 });
      ring.take('a.ts', 'typescript', numbered(200), 100);
      const [chunk] = ring.chunksFor('b.ts', 'typescript', '', 4, 10_000);
      assert.equal(chunk?.text, `${numbered(200).slice(95, 105).join('\n')}\n`);
      assert.equal(chunk?.filename, 'a.ts');
    });

    it('keeps a chunk near the file’s end inside the file', () => {
      const ring = new ChunkRing({ capacity: 4, chunkLines: 10 });
      ring.take('a.ts', 'typescript', numbered(50), 48);
      assert.equal(ring.chunksFor('b.ts', 'typescript', '', 4, 10_000)[0]?.text, `${numbered(50).slice(40).join('\n')}\n`);
    });

    it('takes nothing with fewer than three lines of code', () => {
      const ring = new ChunkRing();
      ring.take('a.ts', 'typescript', ['one', '', '   ', 'two', ''], 0);
      assert.equal(ring.size, 0);
    });

    it('replaces a chunk by one that shares over 90% of its lines', () => {
      const ring = new ChunkRing({ capacity: 8, chunkLines: 64 });
      const lines = numbered(20);
      ring.take('a.ts', 'typescript', lines, 0);
      const edited = [...lines];
      edited[5] = 'line 5 edited';
      ring.take('a.ts', 'typescript', edited, 0);
      assert.equal(ring.size, 1);
      assert.equal(ring.chunksFor('b.ts', 'typescript', '', 8, 10_000)[0]?.text, `${edited.join('\n')}\n`);
    });

    it('keeps both of two chunks that differ more', () => {
      const ring = new ChunkRing({ capacity: 8, chunkLines: 64 });
      const lines = numbered(10);
      ring.take('a.ts', 'typescript', lines, 0);
      ring.take('a.ts', 'typescript', [...lines.slice(0, 8), 'other', 'another'], 0);
      assert.equal(ring.size, 2);
    });

    it('drops the oldest chunk past its capacity', () => {
      const ring = new ChunkRing({ capacity: 2, chunkLines: 64 });
      ring.take('a.ts', 'typescript', numbered(5, 'a'), 0);
      ring.take('b.ts', 'typescript', numbered(5, 'b'), 0);
      ring.take('c.ts', 'typescript', numbered(5, 'c'), 0);
      assert.equal(ring.size, 2);
      assert.deepEqual(ring.chunksFor('x.ts', 'typescript', '', 8, 10_000).map((chunk) => chunk.filename), ['c.ts', 'b.ts']);
    });

    it('gives chunks of the same language only, newest first, at most maxChunks', () => {
      const ring = new ChunkRing();
      ring.take('a.ts', 'typescript', numbered(5, 'a'), 0);
      ring.take('b.py', 'python', numbered(5, 'b'), 0);
      ring.take('c.ts', 'typescript', numbered(5, 'c'), 0);
      ring.take('d.ts', 'typescript', numbered(5, 'd'), 0);
      assert.deepEqual(ring.chunksFor('x.ts', 'typescript', '', 8, 10_000).map((chunk) => chunk.filename), ['d.ts', 'c.ts', 'a.ts']);
      assert.deepEqual(ring.chunksFor('x.ts', 'typescript', '', 2, 10_000).map((chunk) => chunk.filename), ['d.ts', 'c.ts']);
      assert.deepEqual(ring.chunksFor('x.py', 'python', '', 8, 10_000).map((chunk) => chunk.filename), ['b.py']);
    });

    it('leaves out a chunk of the current file that the prompt’s window already holds', () => {
      const ring = new ChunkRing();
      const lines = numbered(5, 'a');
      ring.take('a.ts', 'typescript', lines, 0);
      const window = `before\n${lines.join('\n')}\nafter`;
      assert.deepEqual(ring.chunksFor('a.ts', 'typescript', window, 8, 10_000), []);
      assert.equal(ring.chunksFor('b.ts', 'typescript', window, 8, 10_000).length, 1, 'another file’s prompt still gets it');
      assert.equal(ring.chunksFor('a.ts', 'typescript', 'something else', 8, 10_000).length, 1, 'a window without it still gets it');
    });

    it('stays within the character budget, skipping a chunk too big for what is left', () => {
      const ring = new ChunkRing();
      ring.take('small.ts', 'typescript', ['a', 'b', 'c'], 0);
      ring.take('big.ts', 'typescript', numbered(40, 'big'), 0);
      const chosen = ring.chunksFor('x.ts', 'typescript', '', 8, 50);
      assert.deepEqual(chosen.map((chunk) => chunk.filename), ['small.ts']);
      assert.ok(chosen.reduce((sum, chunk) => sum + chunk.text.length, 0) <= 50);
    });

    it('forgets every chunk of a file', () => {
      const ring = new ChunkRing();
      ring.take('a.ts', 'typescript', numbered(5, 'a'), 0);
      ring.take('a.ts', 'typescript', numbered(5, 'z'), 0);
      ring.take('b.ts', 'typescript', numbered(5, 'b'), 0);
      ring.forget('a.ts');
      assert.equal(ring.size, 1);
      assert.deepEqual(ring.chunksFor('x.ts', 'typescript', '', 8, 10_000).map((chunk) => chunk.filename), ['b.ts']);
    });
  });
});

describe('gathering a completion\'s context from a document', () => {
  const lines = Array.from({ length: 1000 }, (_, index) => `const line${index} = ${index};`);
  const reads: string[] = [];
  const source: CompletionTextSource = {
    lineCount: lines.length,
    lineLength: (line) => (lines[line] ?? '').length,
    textBetween: (startLine, startCharacter, endLine, endCharacter) => {
      reads.push(`${startLine}:${startCharacter}-${endLine}:${endCharacter}`);
      const part = lines.slice(startLine, endLine + 1);
      if (startLine === endLine) return (part[0] ?? '').slice(startCharacter, endCharacter);
      part[0] = (part[0] ?? '').slice(startCharacter);
      part[part.length - 1] = (part[part.length - 1] ?? '').slice(0, endCharacter);
      return part.join('\n');
    },
  };

  it('reads only the lines it may send, and cuts them at line ends within the caps', () => {
    reads.length = 0;
    const gathered = gatherCompletionContext(source, { line: 500, character: 6 }, { filename: 'a.ts', languageId: 'typescript' }, undefined);
    assert.deepEqual(reads, [`${500 - COMPLETION_CONTEXT_LIMITS.prefixLines}:0-500:6`, `500:6-${500 + COMPLETION_CONTEXT_LIMITS.suffixLines}:${(lines[564] ?? '').length}`]);
    assert.ok(gathered.prefix.endsWith('\nconst '), 'the prefix ends at the cursor');
    assert.ok(gathered.suffix.startsWith('line500 = 500;\n'), 'the suffix starts at the cursor');
    assert.ok(gathered.prefix.length <= COMPLETION_CONTEXT_LIMITS.maxPrefixCharacters && gathered.suffix.length <= COMPLETION_CONTEXT_LIMITS.maxSuffixCharacters);
    assert.ok(gathered.prefix.startsWith('const line'), 'whole lines only at the top');
    assert.deepEqual(gathered.chunks, []);
  });

  it('at the file\'s ends reads what there is, and takes the ring\'s chunks of other files', () => {
    const ring = new ChunkRing();
    ring.take('b.ts', 'typescript', ['export const b = 1;', 'export const c = 2;', 'export const d = 3;'], 1);
    const gathered = gatherCompletionContext(source, { line: 0, character: 0 }, { filename: 'a.ts', languageId: 'typescript' }, ring);
    assert.equal(gathered.prefix, '');
    assert.deepEqual(gathered.chunks.map((chunk) => chunk.filename), ['b.ts']);
    const atEnd = gatherCompletionContext(source, { line: 999, character: (lines[999] ?? '').length }, { filename: 'a.ts', languageId: 'typescript' }, undefined);
    assert.equal(atEnd.suffix, '');
  });
});
