// Characters that make code read differently from what it is ("Trojan Source", CVE-2021-42574): bidirectional
// controls reorder what is shown, zero-width and tag characters hide text, line and paragraph separators break lines
// where a compiler sees none. In code (blocks and inline) each one is shown as a marked placeholder naming its code
// point, as VS Code's editor does with its unicode highlighting; the character itself stays in the DOM, inside a
// `hidden` element (no box, so no part in the bidi algorithm), so the block's textContent, what Copy sends, is still
// exactly what the model wrote.
//
// The list and the names are the host's (src/core/text/invisibleCharacters.ts: Insert and Apply ask first when the
// code holds one), so what the view marks and what the host asks about cannot drift apart.
import { describeInvisibleCharacter, INVISIBLE_CHARACTER, type InvisibleCharacter } from '../../core/text/invisibleCharacters';
import { escapeHtml } from './escapeHtml';

export { describeInvisibleCharacter, INVISIBLE_CHARACTER, type InvisibleCharacter };

const INVISIBLE_CHARACTERS = new RegExp(INVISIBLE_CHARACTER.source, 'gu');

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
