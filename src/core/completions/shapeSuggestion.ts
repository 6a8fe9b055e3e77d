// From a model's answer to the ghost text a person should see: one line where the cursor sits mid-line, several after
// a block opens; nothing past the line that closes the block the cursor is in; nothing that repeats the code already
// after the cursor; and, from a chat model, the code without its fences and chatter.

/** Whether to ask for several lines: at the end of a line that opens a block, or on an empty line; never mid-line. */
export function wantsMultipleLines(prefix: string, suffix: string): boolean {
  const lineBefore = prefix.slice(prefix.lastIndexOf('\n') + 1);
  const lineAfter = firstLine(suffix);
  // Text after the cursor other than closers: the person is editing inside a line.
  if (!/^[\s)\]}>;,'"`]*$/.test(lineAfter)) return false;
  if (lineBefore.trim() === '') return true;
  return OPENS_BLOCK.test(lineBefore.trimEnd());
}

export interface ShapeOptions {
  prefix: string;
  suffix: string;
  multiline: boolean;
  /** The most lines shown. */
  maxLines: number;
  /** Stop words of the prompt's template, cut from an answer that carries one anyway. */
  stop: readonly string[];
}

/** The suggestion to show, or '' when nothing is left worth showing. */
export function shapeSuggestion(answer: string, options: ShapeOptions): string {
  let text = cutAtStopWord(answer.replace(/\r\n/g, '\n'), options.stop);
  if (!options.multiline) text = firstLine(text);
  else text = cutAtBlockEnd(text, options.prefix, options.suffix, options.maxLines);
  text = trimSuffixOverlap(text, options.suffix);
  // Trailing spaces are never what a person meant to accept; a suggestion of only white space is none.
  text = text.replace(/[ \t]+$/gm, '').replace(/\n+$/, '');
  return text.trim() === '' ? '' : text;
}

/** Cuts the answer at the first stop word (a server that ignored `stop`, or streamed past it). */
export function cutAtStopWord(text: string, stop: readonly string[]): string {
  let end = text.length;
  for (const word of stop) {
    if (word === '' || word === '\n') continue;
    const at = text.indexOf(word);
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(0, end);
}

/**
 * Keeps the lines up to the end of the block the cursor is in. The block's level is the cursor line's indentation;
 * after a line that opens a block (the cursor's line as the suggestion would leave it), the first later line at that
 * level or less ends it, otherwise the first line less indented does. A closing line (`}`, `end`) is kept only when
 * the code after the cursor does not start with the same line already.
 */
export function cutAtBlockEnd(text: string, prefix: string, suffix: string, maxLines: number): string {
  const lines = text.split('\n');
  const cursorLine = prefix.slice(prefix.lastIndexOf('\n') + 1);
  const opens = OPENS_BLOCK.test(`${cursorLine}${lines[0] ?? ''}`.trimEnd());
  const baseIndent = indentOf(cursorLine);
  const kept: string[] = [lines[0] ?? ''];
  for (let i = 1; i < lines.length && kept.length < maxLines; i++) {
    const line = lines[i] ?? '';
    const indent = indentOf(line);
    const endsBlock = line.trim() !== '' && (opens ? indent <= baseIndent : indent < baseIndent);
    if (!endsBlock) {
      kept.push(line);
      continue;
    }
    if (isCloser(line) && !suffixStartsWithLine(suffix, line)) kept.push(line);
    break;
  }
  return kept.join('\n');
}

const OPENS_BLOCK = /(?:[{([:]|=>|\bthen|\bdo|\belse)$/;

/**
 * Drops the end of the suggestion that the code after the cursor already has: on one line the closers that follow the
 * cursor (`)`, `;`, `"`), across lines whole lines equal to the suffix's first lines.
 */
export function trimSuffixOverlap(text: string, suffix: string): string {
  const restOfLine = firstLine(suffix).trim();
  if (!text.includes('\n')) {
    if (restOfLine === '') return text;
    for (let length = restOfLine.length; length > 0; length--) {
      const tail = restOfLine.slice(0, length);
      if (text.trimEnd().endsWith(tail)) return text.trimEnd().slice(0, -tail.length);
    }
    return text;
  }
  const lines = text.split('\n');
  const following = suffix.split('\n').map((line) => line.trim()).filter((line, index) => index > 0 || line !== '');
  // The longest run of the suggestion's last lines that the suffix starts with.
  for (let count = Math.min(lines.length - 1, following.length); count > 0; count--) {
    const tail = lines.slice(lines.length - count).map((line) => line.trim());
    if (tail.every((line, index) => line === following[index])) return lines.slice(0, lines.length - count).join('\n');
  }
  return text;
}

/**
 * The code of a chat model's answer: the first fenced block when there is one, else the answer without a `<think>`
 * block, a leading "Here is…:" line or a repeat of the line the cursor is on.
 */
export function cleanChatAnswer(answer: string, prefix: string): string {
  let text = answer.replace(/\r\n/g, '\n').replace(/^\s*<think>[\s\S]*?<\/think>\s*/, '');
  const fence = /```[^\n`]*\n([\s\S]*?)(?:\n```|$)/.exec(text);
  if (fence) text = fence[1] ?? '';
  else text = text.replace(/^(?:here(?:'s| is)[^\n]*:|sure[^\n]*:|the (?:completion|code)[^\n]*:)\s*\n/i, '');
  text = text.replace(/<CURSOR>/g, '');
  const cursorLine = prefix.slice(prefix.lastIndexOf('\n') + 1);
  // A model that repeats the line up to the cursor: keep what comes after it.
  // Compared without its indentation but with its trailing space, so `x = ` repeated as `x = 1` leaves `1`, not ` 1`.
  const typed = cursorLine.trimStart();
  if (cursorLine.trim() !== '' && text.startsWith(cursorLine)) text = text.slice(cursorLine.length);
  else if (cursorLine.trim() !== '' && text.trimStart().startsWith(typed)) text = text.trimStart().slice(typed.length);
  else if (cursorLine.trim() !== '' && text.trimStart().startsWith(cursorLine.trim())) text = text.trimStart().slice(cursorLine.trim().length);
  return text;
}

function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return newline < 0 ? text : text.slice(0, newline);
}

function indentOf(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === ' ') width++;
    else if (char === '\t') width += 4;
    else break;
  }
  return width;
}

function isCloser(line: string): boolean {
  return /^[)\]}]+[;,)]*$|^end\b|^(?:fi|done|esac)$/.test(line.trim());
}

/**
 * Whether the code after the cursor starts with `line`: the rest of the cursor's line (`{|}`) compared without
 * indentation, a later line with it (an inner block's `}` is not the function's).
 */
function suffixStartsWithLine(suffix: string, line: string): boolean {
  const lines = suffix.split('\n');
  const index = lines.findIndex((candidate) => candidate.trim() !== '');
  if (index < 0) return false;
  const found = lines[index] ?? '';
  return index === 0 ? found.trim().startsWith(line.trim()) : found.trimEnd() === line.trimEnd();
}
