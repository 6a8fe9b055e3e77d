// The diff a commit message is written from, capped: files split on their headers and named by where they end up,
// each cut to the per-file limit, files past the total left out whole and named.
import assert from 'node:assert/strict';
import { capDiff, splitDiffByFile } from '../../../src/core/commit/commitDiff';

function fileDiff(path: string, addedLines: number, line = 'x'.repeat(39)): string {
  const body = Array.from({ length: addedLines }, () => `+${line}`).join('\n');
  return `diff --git a/${path} b/${path}\nindex 1111111..2222222 100644\n--- a/${path}\n+++ b/${path}\n@@ -0,0 +1,${addedLines} @@\n${body}\n`;
}

describe('commit diff', () => {
  it('splits a diff into its files, named by the path each ends at (new, renamed, deleted, quoted)', () => {
    const deleted = 'diff --git a/old.txt b/old.txt\ndeleted file mode 100644\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n';
    const created = 'diff --git a/new.txt b/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello\n';
    const renamed = 'diff --git a/a.ts b/b.ts\nsimilarity index 100%\nrename from a.ts\nrename to b.ts\n';
    const quoted = 'diff --git "a/with space.md" "b/with space.md"\n--- "a/with space.md"\n+++ "b/with space.md"\n@@ -1 +1 @@\n-a\n+b\n';
    const files = splitDiffByFile(deleted + created + renamed + quoted);
    assert.deepEqual(
      files.map((file) => file.path),
      ['old.txt', 'new.txt', 'b.ts', 'with space.md'],
    );
    assert.equal(files.map((file) => file.text).join(''), deleted + created + renamed + quoted);
  });

  it('keeps a diff within the limits as it is', () => {
    const diff = fileDiff('src/a.ts', 3) + fileDiff('src/b.ts', 2);
    const capped = capDiff(diff, { maxFileCharacters: 1000, maxTotalCharacters: 5000 });
    assert.equal(capped.text, diff);
    assert.deepEqual(
      capped.files.map((file) => [file.path, file.kept]),
      [
        ['src/a.ts', 'whole'],
        ['src/b.ts', 'whole'],
      ],
    );
  });

  it('cuts a long file on a line and says how much of it was left out', () => {
    const long = fileDiff('big.ts', 100); // 40 characters a line
    const capped = capDiff(long, { maxFileCharacters: 1000, maxTotalCharacters: 5000 });
    assert.equal(capped.files[0]?.kept, 'cut');
    const [kept, note] = capped.text.split('\n[… ');
    assert.ok(kept !== undefined && kept.length <= 1000 && long.startsWith(kept), 'the kept part is the diff’s start, within the limit');
    assert.ok(kept.endsWith('x'), 'cut at the end of a line');
    assert.match(note ?? '', new RegExp(`^${long.length - kept.length} more characters of this file's diff left out\\]`));
  });

  it('leaves out whole the files past the total and still takes a later one that fits', () => {
    const first = fileDiff('first.ts', 20); // about 900 characters
    const second = fileDiff('second.ts', 20);
    const small = fileDiff('small.ts', 1);
    const capped = capDiff(first + second + small, { maxFileCharacters: 2000, maxTotalCharacters: 1200 });
    assert.deepEqual(
      capped.files.map((file) => [file.path, file.kept]),
      [
        ['first.ts', 'whole'],
        ['second.ts', 'left-out'],
        ['small.ts', 'whole'],
      ],
    );
    assert.equal(capped.text, first + small);
    assert.ok(capped.text.length <= 1200);
  });

  it('refuses limits that make no sense, naming the limit', () => {
    assert.throws(() => capDiff('x', { maxFileCharacters: 0, maxTotalCharacters: 5000 }), /maxFileCharacters must be a whole number of at least 200/);
    assert.throws(() => capDiff('x', { maxFileCharacters: 1000, maxTotalCharacters: 1.5 }), /maxTotalCharacters/);
  });
});
