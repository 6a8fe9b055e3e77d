// Characters that make code read differently from what it is ("Trojan Source", CVE-2021-42574): bidirectional
// controls reorder what is shown, zero-width and tag characters hide text, line and paragraph separators break lines
// where a compiler sees none. In code (blocks and inline) each one is shown as a marked placeholder naming its code
// point, as VS Code's editor does with its unicode highlighting; the character itself stays in the DOM, inside a
// `hidden` element (no box, so no part in the bidi algorithm), so the block's textContent, what Copy sends, is still
// exactly what the model wrote.
//
// The host keeps its own copy of this list (src/core/text/invisibleCharacters.ts: Insert and Apply ask first when the
// code holds one); the webview may not import it (eslint.config.mjs), and a unit test checks the two agree on every
// code point.
import { escapeHtml } from './escapeHtml';

/** Every character marked, as one class: the `u` flag makes the tag range (U+E0000–U+E007F) single code points. */
export const INVISIBLE_CHARACTER = /[\u061C\u200B-\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;
const INVISIBLE_CHARACTERS = new RegExp(INVISIBLE_CHARACTER.source, 'gu');

const NAMES: Readonly<Record<number, string>> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

export interface InvisibleCharacter {
  /** `U+202E`. */
  readonly codePoint: string;
  /** The Unicode name; a tag character's names the ASCII character it hides (`TAG "a"`), so hidden text reads. */
  readonly name: string;
}

export function describeInvisibleCharacter(character: string): InvisibleCharacter {
  const value = character.codePointAt(0)!;
  const codePoint = `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;
  const named = NAMES[value];
  if (named !== undefined) return { codePoint, name: named };
  if (value >= 0xe0020 && value <= 0xe007e) return { codePoint, name: `TAG "${String.fromCharCode(value - 0xe0000)}"` };
  return { codePoint, name: 'TAG (unassigned)' };
}

/** The distinct marked characters in `text`, in order of first appearance. */
export function invisibleCharactersIn(text: string): InvisibleCharacter[] {
  if (!INVISIBLE_CHARACTER.test(text)) return [];
  const seen = new Set<string>();
  const found: InvisibleCharacter[] = [];
  for (const [character] of text.matchAll(INVISIBLE_CHARACTERS)) {
    if (seen.has(character)) continue;
    seen.add(character);
    found.push(describeInvisibleCharacter(character));
  }
  return found;
}

/**
 * `html` (escaped or highlighted code: its markup is ASCII, so a marked character is always text) with each marked
 * character wrapped: a placeholder whose label is the code point (drawn by chat.css from `data-code-point`, so it is
 * not text and not copied) around the character itself, hidden.
 */
export function markInvisibleCharacters(html: string): string {
  if (!INVISIBLE_CHARACTER.test(html)) return html;
  return html.replace(INVISIBLE_CHARACTERS, (character) => {
    const { codePoint, name } = describeInvisibleCharacter(character);
    return `<span class="invisible-char" data-code-point="${codePoint}" title="${codePoint} ${escapeHtml(name)}"><span hidden>${character}</span></span>`;
  });
}
