// The HTML of one code block: a toolbar (language, Copy, Insert, Apply) over the highlighted code. The buttons carry
// no code: the click handler reads the block's `<code>` text, so the code is held once, in the DOM.
import { escapeHtml } from './escapeHtml';

export interface CodeBlockParts {
  /** The fence's language tag as written (may be empty); shown, and used as a class after sanitizing. */
  readonly tag: string;
  /** Already highlighted (or escaped) HTML of the code. */
  readonly codeHtml: string;
  /** Disable the buttons: the streaming tail is re-rendered every frame, so a click there could land on a dead node. */
  readonly inert: boolean;
}

export type CodeAction = 'copy' | 'insert' | 'apply';
const ACTIONS: readonly { action: CodeAction; label: string }[] = [
  { action: 'copy', label: 'Copy' },
  { action: 'insert', label: 'Insert' },
  { action: 'apply', label: 'Apply' },
];

export function isCodeAction(value: string | undefined): value is CodeAction {
  return value === 'copy' || value === 'insert' || value === 'apply';
}

export function codeBlockHtml({ tag, codeHtml, inert }: CodeBlockParts): string {
  const language = tag.replace(/[^\w+#.-]/g, '').slice(0, 40);
  const groupName = language === '' ? 'Code block' : `Code block, ${language}`;
  const disabled = inert ? ' disabled' : '';
  const buttons = ACTIONS.map(({ action, label }) => `<button type="button" class="code-action" data-code-action="${action}"${disabled}>${label}</button>`).join('');
  return (
    `<div class="code-block"><div class="code-toolbar" role="group" aria-label="${escapeHtml(groupName)}">` +
    `<span class="code-language" aria-hidden="true">${escapeHtml(language)}</span>${buttons}</div>` +
    `<pre><code class="hljs${language === '' ? '' : ` language-${escapeHtml(language)}`}">${codeHtml}</code></pre></div>\n`
  );
}
