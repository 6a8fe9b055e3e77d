// A command line as its card shows it: every character that could make it read as something other than what runs is
// written out as an escape the user can see. Terminal escapes (colours that hide text, OSC 8 links, cursor moves),
// bidirectional controls that reorder what is shown, zero-width characters, and a line break that would hide a second
// command below the first: each becomes a visible `\e`, `\u{202E}`, `\n` …; everything else is shown as it is. The
// view and the card's one-line summary both read it (src/webview's lint zone allows this file).
import { INVISIBLE_CHARACTER } from './invisibleCharacters';

export interface CommandSegment {
  text: string;
  /** An escape standing for a character that is not shown as itself. */
  escaped: boolean;
  /** A line break follows (the escaped `\n`): the next command shows on its own line. */
  breakAfter?: boolean;
}

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e', '\u0000': '\\0' };

function escapeOf(character: string): string | undefined {
  const named = NAMED[character];
  if (named !== undefined) return named;
  const code = character.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (INVISIBLE_CHARACTER.test(character)) return `\\u{${code.toString(16).toUpperCase()}}`;
  return undefined;
}

export function visibleCommandSegments(commandLine: string): CommandSegment[] {
  const segments: CommandSegment[] = [];
  let plain = '';
  for (const character of commandLine) {
    const escape = escapeOf(character);
    if (escape === undefined) {
      plain += character;
      continue;
    }
    if (plain !== '') segments.push({ text: plain, escaped: false });
    plain = '';
    segments.push(character === '\n' ? { text: escape, escaped: true, breakAfter: true } : { text: escape, escaped: true });
  }
  if (plain !== '') segments.push({ text: plain, escaped: false });
  return segments;
}

/**
 * A command's output (already without terminal escapes) as the card shows it: line breaks and tabs stay what they
 * are; any other control, bidirectional or invisible character is written out.
 */
export function visibleOutputText(output: string): string {
  let shown = '';
  for (const character of output) shown += character === '\n' || character === '\t' ? character : (escapeOf(character) ?? character);
  return shown;
}

/** The whole line with its escapes written out, on one line (the card's summary, a notification). */
export function visibleCommandLine(commandLine: string): string {
  return visibleCommandSegments(commandLine)
    .map((segment) => segment.text)
    .join('');
}
