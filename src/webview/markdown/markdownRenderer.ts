// Markdown to HTML for answers. Model output is untrusted input: raw HTML is off (it shows as text), links are
// limited to web pages and e-mail (linkPolicy), images become plain links (an <img> would load a remote URL by
// itself: a tracking pixel could carry your code out), a link's hover names its real target (never the model's
// title), code blocks get a toolbar, and invisible or bidirectional characters in code are shown as marked
// placeholders (invisibleCharacters.ts; prose keeps them, isolated by chat.css). The HTML goes into the DOM with
// innerHTML; the CSP (no inline scripts, nonce-only) is the second wall behind `html: false`.
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { codeBlockHtml } from './codeBlockHtml';
import { escapeHtml } from './escapeHtml';
import { highlightCode } from './highlightCode';
import { invisibleCharactersIn, markInvisibleCharacters } from './invisibleCharacters';
import { isAllowedLink } from './linkPolicy';

/** What one render call needs to know; markdown-it passes it to every rule as `env`. (A type, not an interface, so it
 * fits markdown-it's index-signature `Env`.) */
export type RenderEnv = {
  /**
   * Highlighted code by language and text. While streaming, blocks frozen into the finished prefix are highlighted
   * once and remembered here, so the final whole-answer render does not highlight them again.
   */
  highlights?: Map<string, string>;
  /** Remember new highlights (frozen blocks only: blocks in the tail change every frame and would pile up). */
  rememberHighlights?: boolean;
  /** Render code toolbars disabled (the streaming tail). */
  inertToolbars?: boolean;
};

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.validateLink = isAllowedLink;

// `[text]()` reaches the renderer with an empty href that validateLink already refused: show its text, not a link.
markdown.core.ruler.push('refuse_empty_links', (state) => {
  for (const block of state.tokens) {
    const refused: boolean[] = [];
    for (const token of block.children ?? []) {
      if (token.type === 'link_open') {
        const refuse = !isAllowedLink(attribute(token, 'href'));
        refused.push(refuse);
        if (refuse) Object.assign(token, { tag: 'span', attrs: null });
      } else if (token.type === 'link_close' && refused.pop() === true) {
        token.tag = 'span';
      }
    }
  }
});

// Table alignment as a class: markdown-it writes `style="text-align:…"`, which the CSP (rightly) refuses.
markdown.core.ruler.push('alignment_classes', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const alignment = /text-align:(left|center|right)/.exec(attribute(token, 'style'))?.[1];
    if (alignment === undefined) continue;
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    token.attrJoin('class', `align-${alignment}`);
  }
});

// A link says where it really goes on hover (the webview has no status bar to show it). The model's own title is
// dropped: `[text](https://evil.example/ "https://example.com/ok")` would otherwise show a target it does not have.
markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  if (token.tag === 'a') token.attrSet('title', attribute(token, 'href'));
  return self.renderToken(tokens, index, options);
};

markdown.renderer.rules.code_inline = (tokens, index, _options, _env, self) => {
  const token = tokens[index]!;
  return `<code${self.renderAttrs(token)}>${markInvisibleCharacters(markdown.utils.escapeHtml(token.content))}</code>`;
};

markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const src = attribute(token, 'src');
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  if (!isAllowedLink(src)) return escapeHtml(alt);
  return `<a href="${escapeHtml(src)}" class="image-link" title="${escapeHtml(src)}">Image: ${escapeHtml(alt || src)}</a>`;
};

markdown.renderer.rules.fence = (tokens, index, _options, env) => {
  const token = tokens[index]!;
  const tag = markdown.utils.unescapeAll(token.info).trim().split(/\s+/)[0] ?? '';
  return codeBlock(token.content, tag, env as RenderEnv);
};
markdown.renderer.rules.code_block = (tokens, index, _options, env) => codeBlock(tokens[index]!.content, '', env as RenderEnv);

function attribute(token: Token, name: string): string {
  const value = token.attrGet(name);
  return value === null ? '' : String(value);
}

function codeBlock(content: string, tag: string, env: RenderEnv): string {
  // The fence's last line break closes the block; it is not part of the code (nor of what Copy copies).
  const code = content.endsWith('\n') ? content.slice(0, -1) : content;
  const key = `${tag}\n${code}`;
  let codeHtml = env.highlights?.get(key);
  if (codeHtml === undefined) {
    codeHtml = markInvisibleCharacters(highlightCode(code, tag));
    if (env.rememberHighlights) env.highlights?.set(key, codeHtml);
  }
  return codeBlockHtml({ tag, codeHtml, invisibleCharacters: invisibleCharactersIn(code), inert: env.inertToolbars === true });
}

export function renderMarkdown(text: string, env: RenderEnv = {}): string {
  return markdown.render(text, env);
}
