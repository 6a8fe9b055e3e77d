// The diff a commit message is written from, cut to what a request can carry: each file's part of a unified diff is
// kept whole up to a per-file limit (longer ones are cut on a line and say how much was dropped), and files are taken
// in the diff's order while the total fits; a file that does not fit is left out whole and named, so the model knows
// the change touched it and the user is told which files the message was written without.

/** How much of a diff goes into the prompt, in characters. */
export interface DiffLimits {
  /** The most of one file's diff that is kept; the rest of that file is cut. */
  maxFileCharacters: number;
  /** The most of the whole diff that is kept; files past it are left out whole. */
  maxTotalCharacters: number;
}

export const DEFAULT_DIFF_LIMITS: DiffLimits = { maxFileCharacters: 6_000, maxTotalCharacters: 24_000 };

/** One file's part of the diff and what became of it. */
export interface DiffFile {
  path: string;
  /** Its part of the diff as given. */
  characters: number;
  kept: 'whole' | 'cut' | 'left-out';
}

export interface CappedDiff {
  /** The diff as sent: kept files in order, cut ones with a line saying so. */
  text: string;
  files: DiffFile[];
}

const FILE_HEADER = /^diff --git /m;

/** Splits a unified diff (as `git diff` prints it) into its files, each with the path it ends at. */
export function splitDiffByFile(diff: string): { path: string; text: string }[] {
  const starts: number[] = [];
  const header = new RegExp(FILE_HEADER.source, 'gm');
  for (let match = header.exec(diff); match !== null; match = header.exec(diff)) starts.push(match.index);
  if (starts.length === 0) return diff.trim() === '' ? [] : [{ path: '(diff)', text: diff }];
  const files: { path: string; text: string }[] = [];
  // Anything before the first header (a stray line) rides with the first file.
  for (let index = 0; index < starts.length; index++) {
    const text = diff.slice(index === 0 ? 0 : starts[index], starts[index + 1] ?? diff.length);
    files.push({ path: pathOf(text), text });
  }
  return files;
}

/** The file's path: `+++ b/…` (where it ends up), `--- a/…` for a deletion, else the header's `b/` side. */
function pathOf(fileDiff: string): string {
  const added = /^\+\+\+ (?:b\/)?(.+)$/m.exec(fileDiff)?.[1];
  if (added !== undefined && added !== '/dev/null') return unquote(added.trimEnd());
  const removed = /^--- (?:a\/)?(.+)$/m.exec(fileDiff)?.[1];
  if (removed !== undefined && removed !== '/dev/null') return unquote(removed.trimEnd());
  const header = /^diff --git (?:"?a\/)(.+?)"? (?:"?b\/)(.+?)"?$/m.exec(fileDiff);
  return header?.[2] ?? '(unnamed file)';
}

/** Git quotes a path with unusual characters ("a/x y"); the name reads better without them. */
function unquote(path: string): string {
  return path.startsWith('"') && path.endsWith('"') ? path.slice(1, -1).replace(/^[ab]\//, '') : path;
}

/** The diff within `limits`, and what was kept of each file. */
export function capDiff(diff: string, limits: DiffLimits = DEFAULT_DIFF_LIMITS): CappedDiff {
  checkLimits(limits);
  const parts: string[] = [];
  const files: DiffFile[] = [];
  let total = 0;
  for (const file of splitDiffByFile(diff)) {
    let text = file.text;
    let kept: DiffFile['kept'] = 'whole';
    if (text.length > limits.maxFileCharacters) {
      const cut = cutOnLine(text, limits.maxFileCharacters);
      text = `${cut}\n[… ${text.length - cut.length} more characters of this file's diff left out]\n`;
      kept = 'cut';
    }
    if (total + text.length > limits.maxTotalCharacters) {
      files.push({ path: file.path, characters: file.text.length, kept: 'left-out' });
      continue;
    }
    total += text.length;
    parts.push(text.endsWith('\n') ? text : `${text}\n`);
    files.push({ path: file.path, characters: file.text.length, kept });
  }
  return { text: parts.join(''), files };
}

/** `text` cut to at most `max` characters, at the last line end when there is one in its second half. */
function cutOnLine(text: string, max: number): string {
  const newline = text.lastIndexOf('\n', max);
  return newline > max / 2 ? text.slice(0, newline) : text.slice(0, max);
}

function checkLimits(limits: DiffLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 200) throw new RangeError(`${name} must be a whole number of at least 200 characters, not ${value}`);
  }
}

/** The files named by what became of them: for the prompt and for the user. */
export function filesKept(capped: CappedDiff, kept: DiffFile['kept']): string[] {
  return capped.files.filter((file) => file.kept === kept).map((file) => file.path);
}
