import assert from 'node:assert/strict';
import { renderMarkdown } from '../../../src/webview/markdown/markdownRenderer';
import { StableSplitter } from '../../../src/webview/markdown/stableSplit';
import { mayDefineReferences } from '../../../src/webview/markdown/streamingMarkdown';
import { buildBenchAnswer } from '../../bench/render/benchAnswer';
import { LATE_REFERENCE_MARKDOWN, SPLIT_EXACT_MARKDOWN, UNCLOSED_FENCE_MARKDOWN } from '../../support/trickyMarkdown';

/** Renders `text` the way the streaming view freezes it: each finished piece on its own, then the rest. */
function renderInPieces(text: string, pieceSize: number): string {
  const splitter = new StableSplitter();
  let frozen = 0;
  let html = '';
  for (let i = 0; i < text.length; i += pieceSize) {
    const end = splitter.append(text.slice(i, i + pieceSize));
    if (end > frozen) {
      html += renderMarkdown(text.slice(frozen, end));
      frozen = end;
    }
  }
  return html + renderMarkdown(text.slice(frozen));
}

const ANSWER = [
  '# Plan',
  '',
  'Call `fetch()` with a [timeout](https://developer.mozilla.org/docs/Web/API/AbortSignal/timeout_static).',
  '',
  '1. **Read** the stream.',
  '',
  '   Keep the reader open.',
  '',
  '2. Parse each event.',
  '',
  '3. Stop on `[DONE]`.',
  '',
  '- tight',
  '- list',
  '',
  '```ts',
  'const reader = body.getReader();',
  '',
  'for (;;) {',
  '  const { done } = await reader.read();',
  '',
  '  if (done) break;',
  '}',
  '```',
  'Right after the block.',
  '',
  '| Setting | Default |',
  '| --- | ---: |',
  '| timeout | 60 s |',
  '',
  '> A quote.',
  '',
  '~~~',
  'plain',
  '~~~',
  '',
  'The end.',
].join('\n');

describe('renderMarkdown', () => {
  it('keeps only http, https and mailto links; everything else stays text', () => {
    const html = renderMarkdown('[a](https://a.example) [b](http://b.example) [m](mailto:x@y.example) [j](javascript:alert(1)) [d](data:text/html,x) [v](vbscript:x) [f](file:///etc/passwd) [c](command:workbench.action.quit) [r](relative.md) <javascript:alert(1)>');
    assert.deepEqual([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]), ['https://a.example', 'http://b.example', 'mailto:x@y.example']);
    for (const text of ['[j](javascript:alert(1))', '[d](data:text/html,x)', '[v](vbscript:x)', '[f](file:///etc/passwd)', '[c](command:workbench.action.quit)', '&lt;javascript:alert(1)&gt;']) {
      assert.ok(html.includes(text), `${text} should remain as text`);
    }
  });

  it('a link with an empty or refused target renders as its text', () => {
    assert.equal(renderMarkdown('[x]()'), '<p><span>x</span></p>\n');
    assert.equal(renderMarkdown('[r]\n\n[r]: javascript:alert(1)'), '<p>[r]</p>\n<p>[r]: javascript:alert(1)</p>\n');
  });

  it('links URLs and e-mail addresses in text, and shows where a link goes', () => {
    assert.equal(renderMarkdown('see https://example.com/x'), '<p>see <a href="https://example.com/x" title="https://example.com/x">https://example.com/x</a></p>\n');
  });

  it('renders images as links (never <img>): no request leaves the view by itself', () => {
    const html = renderMarkdown('![pixel](https://tracker.example/p.png?d=secret "t") ![inline](data:image/png;base64,AAAA)');
    assert.ok(!html.includes('<img'));
    assert.ok(html.includes('<a href="https://tracker.example/p.png?d=secret" class="image-link" title="https://tracker.example/p.png?d=secret">Image: pixel</a>'), 'the hover is the target, not the model’s title');
    assert.ok(html.includes('![inline](data:image/png;base64,AAAA)'));
  });

  it('shows raw HTML as text', () => {
    assert.equal(renderMarkdown('<img src=x onerror=alert(1)> <script>x</script>'), '<p>&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;x&lt;/script&gt;</p>\n');
  });

  it('gives every code block a toolbar and highlights known languages only', () => {
    const html = renderMarkdown('```ts\nconst a = 1;\n```\n\n```brainfuck\n+[-]\n```');
    assert.equal((html.match(/data-code-action="copy"/g) ?? []).length, 2);
    assert.ok(html.includes('<span class="hljs-keyword">const</span>'));
    assert.ok(html.includes('<code class="hljs language-brainfuck">+[-]</code>'));
    assert.ok(renderMarkdown('```ts\nx\n```', { inertToolbars: true }).includes('data-code-action="copy" disabled'));
  });

  it('aligns table cells with classes, not style attributes (the CSP forbids inline styles)', () => {
    const html = renderMarkdown('| a | b | c |\n| :-- | :-: | --: |\n| 1 | 2 | 3 |');
    assert.ok(!html.includes('style='));
    assert.ok(html.includes('<th class="align-center">b</th>') && html.includes('<td class="align-right">3</td>'));
  });

  it('rendering the finished pieces one by one gives the HTML of rendering the whole answer', () => {
    const whole = renderMarkdown(ANSWER);
    for (const size of [1, 3, 17, 200]) assert.equal(renderInPieces(ANSWER, size), whole, `pieces of ${size}`);
  });

  it('… for fences, lists, tables, nested blockquotes, headings, CRLF, an unclosed fence and the bench answer', () => {
    const cases = { ...SPLIT_EXACT_MARKDOWN, unclosedFence: UNCLOSED_FENCE_MARKDOWN, benchAnswer: buildBenchAnswer(5, 20_000, 6).text };
    for (const [name, text] of Object.entries(cases)) {
      const whole = renderMarkdown(text);
      for (const size of [1, 2, 7, 64, 1000]) assert.equal(renderInPieces(text, size), whole, `${name} in pieces of ${size}`);
    }
  });

  it("… but not when a reference-style link is defined after its use (the stream's final render repairs that)", () => {
    assert.notEqual(renderInPieces(LATE_REFERENCE_MARKDOWN, 5), renderMarkdown(LATE_REFERENCE_MARKDOWN));
    assert.ok(renderMarkdown(LATE_REFERENCE_MARKDOWN).includes('<a href="https://example.com/docs"'));
  });

  it('the final render trusts the pieces only of text that cannot define a reference ("]:" is in every definition)', () => {
    for (const [name, text] of Object.entries({ ...SPLIT_EXACT_MARKDOWN, unclosedFence: UNCLOSED_FENCE_MARKDOWN, benchAnswer: buildBenchAnswer().text })) {
      assert.equal(mayDefineReferences(text), false, `${name} takes the fast path, which the tests above prove exact`);
    }
    const url = 'https://example.com/x';
    const definitions = [LATE_REFERENCE_MARKDOWN, `[a]:${url}`, `> [a]: ${url}`, `- [a]: ${url}`, `[a\\]b]: ${url}`, `[multi\nline]: ${url}`, `   [a]:\n   ${url} "title"`];
    for (const text of definitions) {
      // A definition renders to nothing: its `]:` is not in the HTML.
      assert.ok(!renderMarkdown(text).includes(']:'), `${JSON.stringify(text)} defines a reference`);
      assert.equal(mayDefineReferences(text), true, JSON.stringify(text));
    }
  });
});
