// Issue 16, the pure parts: invisible and bidirectional characters marked in code (blocks and inline) while the code's
// text stays exact, the host's question before Insert/Apply, the view's and the host's lists agreeing, and link hovers
// that name the real target.
import assert from 'node:assert/strict';
import { countInvisibleCharacters, invisibleCharactersQuestion } from '../../../src/core/text/invisibleCharacters';
import { renderMarkdown } from '../../../src/webview/markdown/markdownRenderer';
import { INVISIBLE_CHARACTER, describeInvisibleCharacter, invisibleCharactersIn, markInvisibleCharacters } from '../../../src/webview/markdown/invisibleCharacters';
import { StableSplitter } from '../../../src/webview/markdown/stableSplit';
import { MARKED_CODE_POINTS, SPOOFED_LINKS, TROJAN_SOURCE, fenced } from '../../support/deceptiveText';

/** The text of an HTML fragment as the DOM's textContent would read it: tags dropped, the entities we write undone. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The `<code>` inside the (only) code block of `html`. */
function codeBlockCode(html: string): string {
  const match = /<pre><code[^>]*>([\s\S]*)<\/code><\/pre>/.exec(html);
  assert.ok(match, `a code block in ${html}`);
  return match[1]!;
}

/** The text that is drawn, as a reader sees it: the hidden characters left out. */
function shownText(html: string): string {
  return textOf(html.replace(/<span hidden>[^<]*<\/span>/g, ''));
}

describe('model output that deceives (issue 16)', () => {
  describe('invisible and bidirectional characters in code', () => {
    for (const [name, block] of Object.entries(TROJAN_SOURCE)) {
      it(`${name}: each one a placeholder naming it, the block warns, and the code's text is still exact`, () => {
        const html = renderMarkdown(fenced(block));
        const code = codeBlockCode(html);
        assert.equal(textOf(code), block.code, 'textContent (what Copy sends) is the exact code');
        assert.doesNotMatch(shownText(code), INVISIBLE_CHARACTER, 'no marked character is drawn');
        const placeholders = [...code.matchAll(/data-code-point="(U\+[0-9A-F]+)"/g)].map((match) => match[1]);
        assert.deepEqual([...new Set(placeholders)], block.codePoints);
        assert.equal(placeholders.length, [...block.code].filter((character) => INVISIBLE_CHARACTER.test(character)).length, 'one placeholder per character');
        assert.match(html, /<div class="code-block has-invisible-characters">/);
        const warning = /<p class="code-warning" role="note">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
        for (const codePoint of block.codePoints.slice(0, 6)) assert.ok(warning.includes(codePoint), `the warning names ${codePoint}: ${warning}`);
      });
    }

    it('every character on the list is marked, in code blocks and inline code, and nothing else is', () => {
      for (const value of MARKED_CODE_POINTS) {
        const character = String.fromCodePoint(value);
        const { codePoint } = describeInvisibleCharacter(character);
        assert.match(renderMarkdown(fenced({ language: '', code: `a${character}b`, codePoints: [] })), new RegExp(`data-code-point="${codePoint.replace('+', '\\+')}"`), codePoint);
        assert.match(renderMarkdown(`see \`a${character}b\``), /<code>a<span class="invisible-char"/, `inline ${codePoint}`);
      }
      const plain = renderMarkdown('```ts\nconst café = "naïve — ok" ; // עברית 😀\n```\n\n`x → y`');
      assert.doesNotMatch(plain, /invisible-char|code-warning|has-invisible-characters/);
    });

    it('a tag character names the ASCII it hides, so smuggled text can be read from the placeholders', () => {
      assert.deepEqual(invisibleCharactersIn(TROJAN_SOURCE.tagSmuggling!.code).map(({ name }) => name), ['TAG "r"', 'TAG "m"', 'TAG " "', 'TAG "-"', 'TAG "f"', 'TAG "~"']);
      assert.match(markInvisibleCharacters(String.fromCodePoint(0xe0022)), /title="U\+E0022 TAG &quot;&quot;&quot;"/, 'a hidden quote cannot end the title');
    });

    it('prose keeps its characters (right-to-left text needs its marks); chat.css isolates it instead', () => {
      const html = renderMarkdown('שלום\u200F world \u202Eevil');
      assert.equal(html, '<p>שלום\u200F world \u202Eevil</p>\n');
    });

    it('a streamed answer ends as the one-shot render (pieces rendered apart, then the rest)', () => {
      const answer = Object.values(TROJAN_SOURCE).map((block) => `Look:\n\n${fenced(block)}\n\nAnd \`inline\u202E\`.`).join('\n\n');
      const splitter = new StableSplitter();
      let frozen = 0;
      let pieces = '';
      for (let index = 0; index < answer.length; index += 7) {
        const end = splitter.append(answer.slice(index, index + 7));
        if (end > frozen) {
          pieces += renderMarkdown(answer.slice(frozen, end));
          frozen = end;
        }
      }
      pieces += renderMarkdown(answer.slice(frozen));
      assert.equal(pieces, renderMarkdown(answer));
    });
  });

  describe('the host’s question before Insert and Apply', () => {
    it('none for code without such characters', () => {
      assert.equal(invisibleCharactersQuestion('const a = "naïve";\n', 'Insert'), undefined);
    });

    it('names each character and how often it occurs', () => {
      const question = invisibleCharactersQuestion(TROJAN_SOURCE.commentingOut!.code, 'Apply');
      assert.deepEqual(question, {
        message: 'Apply code that holds 6 invisible or reordering characters?',
        detail:
          'They can make code do something other than what it shows (CVE-2021-42574, "Trojan Source"):\n' +
          'U+202E RIGHT-TO-LEFT OVERRIDE ×2\nU+2066 LEFT-TO-RIGHT ISOLATE ×3\nU+2069 POP DIRECTIONAL ISOLATE',
      });
    });

    it('lists at most 20 kinds, and says how many more', () => {
      const hidden = [...'abcdefghijklmnopqrstuvwxyz'].map((character) => String.fromCodePoint(0xe0000 + character.charCodeAt(0))).join('');
      const detail = invisibleCharactersQuestion(`x${hidden}`, 'Insert')!.detail.split('\n');
      assert.equal(detail.length, 1 + 20 + 1);
      assert.equal(detail.at(-1), 'and 6 more kinds');
    });

    it('the host and the view mark the same characters, with the same names, over every code point', () => {
      const differences: string[] = [];
      for (let value = 0; value <= 0x10ffff; value++) {
        if (value >= 0xd800 && value <= 0xdfff) continue;
        const character = String.fromCodePoint(value);
        const host = countInvisibleCharacters(character)[0];
        const view = INVISIBLE_CHARACTER.test(character) ? describeInvisibleCharacter(character) : undefined;
        if (JSON.stringify(host && { codePoint: host.codePoint, name: host.name }) !== JSON.stringify(view)) differences.push(`U+${value.toString(16)}`);
      }
      assert.deepEqual(differences, []);
      assert.deepEqual(MARKED_CODE_POINTS.filter((value) => countInvisibleCharacters(String.fromCodePoint(value)).length !== 1), [], 'the issue’s list, all of it');
    });
  });

  describe('links say where they really go', () => {
    it('a title naming another target is replaced by the real one', () => {
      const html = renderMarkdown(SPOOFED_LINKS.titled.markdown);
      assert.equal(html, `<p><a href="${SPOOFED_LINKS.titled.href}" title="${SPOOFED_LINKS.titled.href}">the docs</a></p>\n`);
    });

    it('so does an image’s (shown as a link)', () => {
      const html = renderMarkdown(SPOOFED_LINKS.imageTitled.markdown);
      assert.match(html, new RegExp(`title="${SPOOFED_LINKS.imageTitled.href}"`));
      assert.doesNotMatch(html, /example\.com/);
    });

    it('a lookalike domain shows its punycode on hover, whatever the text says', () => {
      const html = renderMarkdown(SPOOFED_LINKS.homoglyph.markdown);
      assert.match(html, new RegExp(`<a href="${SPOOFED_LINKS.homoglyph.href}" title="${SPOOFED_LINKS.homoglyph.href}">https://example.com/</a>`));
    });
  });
});
