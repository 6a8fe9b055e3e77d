// Model output that deceives (issue 16): code whose bytes are not what it shows, links whose title lies. Written with
// escapes so the characters can be seen in this file; each string's source is in the comment above it.

/** The characters invisibleCharacters.ts marks, one of each, as code points. */
export const MARKED_CODE_POINTS: readonly number[] = [
  0x061c,
  ...range(0x200b, 0x200f),
  ...range(0x2028, 0x202e),
  0x2060,
  ...range(0x2066, 0x2069),
  0xfeff,
  ...range(0xe0000, 0xe007f),
];

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** A code block as the model sends it (fenced), and what is in it. */
export interface DeceptiveBlock {
  readonly language: string;
  readonly code: string;
  /** The distinct marked code points in `code`, in order of first appearance. */
  readonly codePoints: readonly string[];
}

export const TROJAN_SOURCE: Readonly<Record<string, DeceptiveBlock>> = {
  // "Stretched string": shows `if (accessLevel != "user") { // Check if admin`, but the comment is inside the string,
  // so the test is always true. github.com/nickboucher/trojan-source, JavaScript/stretched-string.js (commit e3dc153);
  // the issue quotes it.
  stretchedString: {
    language: 'js',
    code: 'var accessLevel = "user";\nif (accessLevel != "user\u202E \u2066// Check if admin\u2069 \u2066") {\n    console.log("You are an admin.");\n}',
    codePoints: ['U+202E', 'U+2066', 'U+2069'],
  },
  // "Commenting out": shows `if (isAdmin)` as code, but it is inside the comment, so the admin line always runs.
  // github.com/nickboucher/trojan-source, JavaScript/commenting-out.js (commit e3dc153).
  commentingOut: {
    language: 'js',
    code: 'var isAdmin = false;\n/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */\n    console.log("You are an admin.");\n/* end admins only \u202E { \u2066*/',
    codePoints: ['U+202E', 'U+2066', 'U+2069'],
  },
  // "Early return": shows a docstring, but `;return` after it is code. github.com/nickboucher/trojan-source,
  // Python/early-return.py (commit e3dc153).
  earlyReturn: {
    language: 'python',
    code: "def subtract_funds(account: str, amount: int):\n    ''' Subtract funds from bank account then \u2067''' ;return\n    bank[account] -= amount\n    return",
    codePoints: ['U+2067'],
  },
  // "Invisible function": two functions that look alike, one with a ZERO WIDTH SPACE in its name.
  // github.com/nickboucher/trojan-source, JavaScript/invisible-function.js (commit e3dc153).
  invisibleFunction: {
    language: 'js',
    code: 'function isAdmin() {\n    return false;\n}\n\nfunction is\u200BAdmin() {\n    return true;\n}\n\nif (is\u200BAdmin()) {\n    console.log("You are an admin");\n}',
    codePoints: ['U+200B'],
  },
  // Ours: "ASCII smuggling", text spelled in TAG characters (U+E0020–U+E007E mirror ASCII), invisible in most fonts.
  // The hidden words here spell "rm -rf ~".
  tagSmuggling: {
    language: 'sh',
    code: `echo "all clean"${[...'rm -rf ~'].map((character) => String.fromCodePoint(0xe0000 + character.charCodeAt(0))).join('')}`,
    codePoints: ['U+E0072', 'U+E006D', 'U+E0020', 'U+E002D', 'U+E0066', 'U+E007E'],
  },
  // Ours: a byte order mark and a LINE SEPARATOR inside code (a JavaScript line terminator in old engines, and a
  // break a reader does not see), and a RIGHT-TO-LEFT MARK.
  separators: {
    language: '',
    code: '\uFEFFconst ok = true;\u2028const admin = true; // \u200Fnot really',
    codePoints: ['U+FEFF', 'U+2028', 'U+200F'],
  },
};

/** A fenced block as markdown, with a fence long enough for the code. */
export function fenced({ language, code }: DeceptiveBlock): string {
  return `\`\`\`${language}\n${code}\n\`\`\``;
}

/**
 * Links that claim another target (ours): a CommonMark link title naming a trusted URL, and a homoglyph domain
 * (Cyrillic а, U+0430, in `exаmple`: the classic IDN homograph) under link text that names the real one.
 */
export const SPOOFED_LINKS = {
  titled: { markdown: '[the docs](https://evil.example/steal "https://example.com/ok")', href: 'https://evil.example/steal' },
  imageTitled: { markdown: '![logo](https://evil.example/p.png "https://example.com/logo.png")', href: 'https://evil.example/p.png' },
  // markdown-it turns the host name to punycode in the href (and so in the hover), while the text shows the lookalike.
  homoglyph: { markdown: '[https://example.com/](https://ex\u0430mple.com/)', href: 'https://xn--exmple-4nf.com/' },
} as const;
