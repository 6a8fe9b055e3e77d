// The edit behind replace_in_file, as a pure function with typed results (design rule 10): the host turns a
// `replaced` result into one undoable WorkspaceEdit and every other result into a message for the model.
// Line endings: models write `\n`, Windows documents hold `\r\n`. Each line break of old_text matches either, and
// new_text takes the line break the matched text used (or the document's usual one), so a CRLF file stays CRLF and
// the lines around the edit are left byte for byte as they were.

export type EditResult =
  | { kind: 'replaced'; text: string; startLine: number; endLine: number }
  | { kind: 'empty-old-text' }
  /** `similarLines`: where text equal but for whitespace starts, a hint for the model's next try. */
  | { kind: 'no-match'; similarLines: number[] }
  | { kind: 'multiple-matches'; lines: number[] }
  | { kind: 'no-change' };

interface Match {
  index: number;
  length: number;
}

const MAX_REPORTED_LINES = 20;

/** Replaces the one occurrence of `oldText` in `text`. Lines are 1-based; `endLine` is the last line of new text. */
export function replaceUnique(text: string, oldText: string, newText: string): EditResult {
  if (oldText === '') return { kind: 'empty-old-text' };
  const matches = findMatches(text, oldText);
  if (matches.length === 0) return { kind: 'no-match', similarLines: linesEqualButForWhitespace(text, oldText) };
  if (matches.length > 1) return { kind: 'multiple-matches', lines: matches.map((match) => lineOf(text, match.index)) };
  const { index, length } = matches[0] as Match;
  const matched = text.slice(index, index + length);
  const eol = /\r\n/.test(matched) ? '\r\n' : /\n/.test(matched) ? '\n' : usualLineBreak(text);
  const replacement = newText.replace(/\r?\n/g, eol);
  if (replacement === matched) return { kind: 'no-change' };
  const startLine = lineOf(text, index);
  const breaks = (replacement.replace(/\r?\n$/, '').match(/\n/g) ?? []).length;
  return { kind: 'replaced', text: text.slice(0, index) + replacement + text.slice(index + length), startLine, endLine: startLine + breaks };
}

/** Every occurrence, overlapping ones included: "aa" in "aaa" is ambiguous, not unique. */
function findMatches(text: string, oldText: string): Match[] {
  const source = oldText.split(/\r?\n/).map(escapeRegExp).join('\\r?\\n');
  const pattern = new RegExp(source, 'g');
  const startsWithBreak = /^\r?\n/.test(oldText);
  const matches: Match[] = [];
  for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
    // A leading line break matches both `\r\n` and its `\n`: one place in the document, counted once.
    const insideCrLf = startsWithBreak && text[found.index] === '\n' && text[found.index - 1] === '\r';
    if (!insideCrLf) matches.push({ index: found.index, length: found[0].length });
    pattern.lastIndex = found.index + 1;
  }
  return matches;
}

/** Lines where `oldText` starts when runs of whitespace are ignored: the usual near miss (indentation, tabs). */
function linesEqualButForWhitespace(text: string, oldText: string): number[] {
  const wanted = oldText.split(/\r?\n/).map(squeeze);
  while (wanted.length > 0 && wanted[0] === '') wanted.shift();
  while (wanted.length > 0 && wanted[wanted.length - 1] === '') wanted.pop();
  if (wanted.length === 0) return [];
  const lines = text.split(/\r?\n/).map(squeeze);
  const first = wanted[0] as string;
  const last = wanted[wanted.length - 1] as string;
  const found: number[] = [];
  for (let start = 0; start + wanted.length <= lines.length && found.length < MAX_REPORTED_LINES; start++) {
    const line = lines[start] as string;
    const fits =
      wanted.length === 1
        ? line.includes(first)
        : line.endsWith(first) &&
          (lines[start + wanted.length - 1] as string).startsWith(last) &&
          wanted.slice(1, -1).every((middle, offset) => lines[start + 1 + offset] === middle);
    if (fits) found.push(start + 1);
  }
  return found;
}

function squeeze(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

/** 1-based line of the character at `index`. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** `\r\n` when most of the document's line breaks are, else `\n`. */
function usualLineBreak(text: string): string {
  const all = (text.match(/\n/g) ?? []).length;
  const crlf = (text.match(/\r\n/g) ?? []).length;
  return crlf > 0 && crlf * 2 >= all ? '\r\n' : '\n';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
