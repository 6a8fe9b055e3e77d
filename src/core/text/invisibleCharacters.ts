// The host's check before Insert or Apply writes a code block into an editor: does the code hold characters that make
// it read differently from what it is ("Trojan Source", CVE-2021-42574: bidirectional controls reorder what is shown;
// zero-width and tag characters hide text; line and paragraph separators break lines where a compiler sees none)?
// The host checks the bytes it is about to write, not what the view says about them, so a rendering bug cannot skip
// the question.
//
// The view marks the same characters in code with this list and these names (src/webview/markdown/invisibleCharacters.ts;
// its lint zone allows this file).

/** Every such character, as one class: the `u` flag makes the tag range (U+E0000–U+E007F) single code points. */
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

export interface InvisibleCharacterCount extends InvisibleCharacter {
  readonly count: number;
}

/** Each distinct invisible or bidirectional character in `text`, in order of first appearance, with how often it occurs. */
export function countInvisibleCharacters(text: string): InvisibleCharacterCount[] {
  const counts = new Map<string, number>();
  for (const [character] of text.matchAll(INVISIBLE_CHARACTERS)) counts.set(character, (counts.get(character) ?? 0) + 1);
  return [...counts].map(([character, count]) => ({ ...describeInvisibleCharacter(character), count }));
}

export function describeInvisibleCharacter(character: string): InvisibleCharacter {
  const value = character.codePointAt(0)!;
  const codePoint = `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;
  const named = NAMES[value];
  if (named !== undefined) return { codePoint, name: named };
  if (value >= 0xe0020 && value <= 0xe007e) return { codePoint, name: `TAG "${String.fromCharCode(value - 0xe0000)}"` };
  return { codePoint, name: 'TAG (unassigned)' };
}

/** How many kinds the question lists one per line (tag characters spelling hidden text can be dozens). */
const LISTED_KINDS = 20;

/** The question Insert or Apply asks before writing `code` that holds such characters; undefined when it holds none. */
export function invisibleCharactersQuestion(code: string, action: 'Insert' | 'Apply'): { message: string; detail: string } | undefined {
  const found = countInvisibleCharacters(code);
  if (found.length === 0) return undefined;
  const total = found.reduce((sum, { count }) => sum + count, 0);
  return {
    message: `${action} code that holds ${total} invisible or reordering character${total === 1 ? '' : 's'}?`,
    detail:
      'They can make code do something other than what it shows (CVE-2021-42574, "Trojan Source"):\n' +
      found
        .slice(0, LISTED_KINDS)
        .map(({ codePoint, name, count }) => `${codePoint} ${name}${count > 1 ? ` ×${count}` : ''}`)
        .concat(found.length > LISTED_KINDS ? [`and ${found.length - LISTED_KINDS} more kinds`] : [])
        .join('\n'),
  };
}
