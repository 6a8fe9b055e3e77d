// A small glob matcher with VS Code's glob semantics (files.exclude, search.exclude, findFiles): `*` and `?` stay
// inside one path segment and match dots too, `**` spans any number of segments (none included), `{a,b}` picks
// one alternative (nesting allowed) and `[abc]`/`[!abc]` pick one character. Paths use `/`. Hand-written rather than
// picomatch: the core needs these five constructs only, and a dependency would sit in the extension's bundle.

// Globs come from settings and from the model; the cache is bounded so a long session cannot grow it for ever.
const cache = new Map<string, RegExp>();
const CACHE_LIMIT = 500;

/** Whether `path` (relative, `/`-separated) matches `glob` as a whole. */
export function matchesGlob(path: string, glob: string, options: { ignoreCase?: boolean } = {}): boolean {
  return globToRegExp(glob, options).test(path);
}

export function globToRegExp(glob: string, options: { ignoreCase?: boolean } = {}): RegExp {
  const key = `${options.ignoreCase ? 'i' : 's'}:${glob}`;
  let regex = cache.get(key);
  if (!regex) {
    const flags = options.ignoreCase ? 'iu' : 'u';
    try {
      regex = new RegExp(`^${translate(glob)}$`, flags);
    } catch {
      // A class the regex engine refuses (`[z-a]`) must not throw out of a path check: the glob matches itself only.
      regex = new RegExp(`^${escapeRegExp(glob)}$`, flags);
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, regex);
  }
  return regex;
}

const ANY_SEGMENTS = '(?:[^/]*/)*';

function translate(glob: string): string {
  const closers = matchingBraces(glob);
  let out = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*') {
      const double = glob[i + 1] === '*';
      const segmentStart = i === 0 || glob[i - 1] === '/' || (depth > 0 && (glob[i - 1] === '{' || glob[i - 1] === ','));
      const segmentEnd = glob[i + 2] === undefined || glob[i + 2] === '/' || (depth > 0 && (glob[i + 2] === '}' || glob[i + 2] === ','));
      if (double && segmentStart && segmentEnd) {
        if (glob[i + 2] === '/') {
          // `**/`: any number of whole segments, none included. Repeats (`**/**/`) add nothing but backtracking.
          if (!out.endsWith(ANY_SEGMENTS)) out += ANY_SEGMENTS;
          i += 2;
        } else if (out.endsWith('/')) {
          out = `${out.slice(0, -1)}(?:/.*)?`; // a trailing `/**`: the folder itself and everything below it
          i += 1;
        } else {
          out += '.*';
          i += 1;
        }
      } else {
        out += '[^/]*';
        if (double) i += 1;
      }
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const end = classEnd(glob, i);
      if (end === -1) out += '\\[';
      else {
        out += characterClass(glob.slice(i + 1, end));
        i = end;
      }
    } else if (char === '{' && closers.has(i)) {
      out += '(?:';
      depth++;
    } else if (char === '}' && depth > 0) {
      out += ')';
      depth--;
    } else if (char === ',' && depth > 0) {
      out += '|';
    } else if (char === '\\' && i + 1 < glob.length && glob[i + 1] !== '/') {
      out += escapeRegExp(glob[i + 1] as string); // a backslash quotes the next character
      i++;
    } else {
      out += escapeRegExp(char);
    }
  }
  return out;
}

/** The positions of `{` that have a matching `}`; an unmatched brace is a literal character. */
function matchingBraces(glob: string): Set<number> {
  const open: number[] = [];
  const matched = new Set<number>();
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === '{') open.push(i);
    else if (glob[i] === '}' && open.length > 0) matched.add(open.pop() as number);
  }
  return matched;
}

/** Index of the `]` closing the class opened at `start`, or -1. A `]` right after `[` or `[!` is a member. */
function classEnd(glob: string, start: number): number {
  let i = start + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) {
    if (glob[i] === '/') return -1;
    if (glob[i] === ']') return i;
  }
  return -1;
}

function characterClass(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  const members = (negated ? body.slice(1) : body).replace(/[\\\]^[]/g, (c) => `\\${c}`);
  // A negated class still never matches `/`: a glob character stays inside its segment.
  return negated ? `[^/${members}]` : `[${members}]`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
