// read_file's answer: the requested lines numbered as `  12 | text`, so the model can cite them and pick old_text
// for an edit. Capped by lines and characters, because one large file would crowd the whole conversation out of
// the model's context; when cut, the answer says exactly how to read on.

export interface FileExcerptOptions {
  startLine?: number | undefined;
  endLine?: number | undefined;
  /** Default 400. */
  maxLines?: number;
  /** Default 40,000: about 10,000 tokens. */
  maxCharacters?: number;
  /** Longer lines (minified code, data) are cut. Default 2,000. */
  maxLineLength?: number;
}

export type FileExcerpt =
  | { ok: true; text: string; firstLine: number; lastLine: number; totalLines: number; cut: boolean }
  | { ok: false; message: string };

export const DEFAULT_READ_MAX_LINES = 400;
export const DEFAULT_READ_MAX_CHARACTERS = 40_000;
const DEFAULT_MAX_LINE_LENGTH = 2_000;

export function formatFileExcerpt(path: string, content: string, options: FileExcerptOptions = {}): FileExcerpt {
  const maxLines = options.maxLines ?? DEFAULT_READ_MAX_LINES;
  const maxCharacters = options.maxCharacters ?? DEFAULT_READ_MAX_CHARACTERS;
  const maxLineLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  const file = JSON.stringify(path);
  const lines = splitLines(content);
  const totalLines = lines.length;
  if (totalLines === 0) return { ok: true, text: `${file} is empty.`, firstLine: 0, lastLine: 0, totalLines: 0, cut: false };
  const firstLine = Math.max(1, Math.floor(options.startLine ?? 1));
  if (firstLine > totalLines) {
    return { ok: false, message: `${file} has ${totalLines} ${plural(totalLines, 'line')}; start_line ${firstLine} is past its end.` };
  }
  const wantedLast = Math.max(firstLine, Math.min(options.endLine ?? totalLines, totalLines));
  const width = String(Math.min(wantedLast, firstLine + maxLines - 1)).length;
  const body: string[] = [];
  let characters = 0;
  let lastLine = firstLine - 1;
  for (let number = firstLine; number <= wantedLast; number++) {
    if (body.length >= maxLines) break;
    const raw = lines[number - 1] as string;
    const text = raw.length > maxLineLength ? `${raw.slice(0, maxLineLength)}… [line cut: ${raw.length - maxLineLength} more characters]` : raw;
    const numbered = `${String(number).padStart(width)} | ${text}`;
    // The first line always shows, however long, or a huge line could never be read at all.
    if (body.length > 0 && characters + numbered.length + 1 > maxCharacters) break;
    body.push(numbered);
    characters += numbered.length + 1;
    lastLine = number;
  }
  const cut = lastLine < wantedLast;
  const header = `${file}, ${firstLine === lastLine ? `line ${firstLine}` : `lines ${firstLine}–${lastLine}`} of ${totalLines}:`;
  const footer = cut
    ? `\n[Cut at line ${lastLine} to keep the answer short (at most ${maxLines} lines or ${maxCharacters.toLocaleString('en-US')} characters). Call read_file again with start_line=${lastLine + 1} to read on.]`
    : '';
  return { ok: true, text: `${header}\n${body.join('\n')}${footer}`, firstLine, lastLine, totalLines, cut };
}

/** The file's lines; a final line break ends the last line rather than starting an empty one. */
function splitLines(content: string): string[] {
  if (content === '') return [];
  const lines = content.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
