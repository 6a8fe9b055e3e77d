// Whether the cursor is inside a comment or a string, from the text before it: the place where ghost text is noise
// more often than help (unless the person asks for it there). VS Code gives extensions no tokens, so this reads the
// cursor's line, and the lines above it for a block comment still open; a miss only means a suggestion is offered.

const LINE_COMMENT: Record<string, string> = {
  python: '#', ruby: '#', shellscript: '#', perl: '#', r: '#', yaml: '#', toml: '#', dockerfile: '#', makefile: '#', powershell: '#', coffeescript: '#', elixir: '#', julia: '#', nim: '#',
  sql: '--', lua: '--', haskell: '--', ada: '--', elm: '--',
  clojure: ';', lisp: ';', scheme: ';', ini: ';',
  erlang: '%', latex: '%', tex: '%', matlab: '%', prolog: '%',
  vb: "'", bat: 'REM ',
};

/** The languages whose comments are `#` also have no `/* *\/` blocks; the rest of the C family has both. */
function lineCommentOf(languageId: string): string {
  return LINE_COMMENT[languageId] ?? '//';
}

function hasBlockComments(languageId: string): boolean {
  return !(languageId in LINE_COMMENT) || languageId === 'sql';
}

/** True when the text just before the cursor is inside a comment or a string literal. */
export function isInCommentOrString(prefix: string, languageId: string): boolean {
  const lineStart = prefix.lastIndexOf('\n') + 1;
  const line = prefix.slice(lineStart);
  if (hasBlockComments(languageId) && insideBlockComment(prefix.slice(Math.max(0, lineStart - 4000)))) return true;
  const marker = lineCommentOf(languageId);
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote !== undefined) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (line.startsWith(marker, i)) return true;
    if (char === '"' || char === "'" || char === '`') quote = char;
  }
  return quote !== undefined;
}

/** Whether the last `/*` in `text` is not closed by a `*\/` after it. */
function insideBlockComment(text: string): boolean {
  const open = text.lastIndexOf('/*');
  return open >= 0 && text.indexOf('*/', open + 2) < 0;
}
