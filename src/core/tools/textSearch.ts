// search_text's matching, line by line: a literal string or a JavaScript regular expression, checked before any file
// is read so that a bad pattern is one clear message instead of one error per file.

export type SearchMode = 'literal' | 'regex';

export type LineMatcher = { ok: true; test: (line: string) => boolean } | { ok: false; message: string };

export interface TextMatch {
  path: string;
  /** 1-based. */
  line: number;
  text: string;
}

/** Lines longer than this (minified bundles, data) are searched only this far: it bounds a slow regex's work. */
const MAX_SEARCHED_LINE_LENGTH = 10_000;

export function createLineMatcher(query: string, mode: SearchMode): LineMatcher {
  if (query === '') return { ok: false, message: 'The query is empty; give the text to find.' };
  if (mode === 'literal') return { ok: true, test: (line) => line.includes(query) };
  let regex: RegExp;
  try {
    // No `g` or `y` flag: `test` must not carry `lastIndex` from one line to the next.
    regex = new RegExp(query);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The query is not a valid JavaScript regular expression (${reason}). Fix it, or search with mode "literal".` };
  }
  if (regex.test('')) {
    return { ok: false, message: `The regular expression ${JSON.stringify(query)} matches empty text, so it would match every line. Make it more specific.` };
  }
  return { ok: true, test: (line) => regex.test(line.length > MAX_SEARCHED_LINE_LENGTH ? line.slice(0, MAX_SEARCHED_LINE_LENGTH) : line) };
}

/** The matching lines of one file, at most `limit` of them. */
export function findMatchingLines(path: string, content: string, matcher: (line: string) => boolean, limit: number): TextMatch[] {
  const matches: TextMatch[] = [];
  if (limit <= 0) return matches;
  const lines = content.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index] as string;
    if (!matcher(text)) continue;
    matches.push({ path, line: index + 1, text });
    if (matches.length >= limit) break;
  }
  return matches;
}
