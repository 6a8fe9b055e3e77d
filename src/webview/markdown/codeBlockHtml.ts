// The HTML of one code block: a toolbar (language, Copy, Insert, Apply) over the highlighted code. The buttons carry
// no code: the click handler reads the block's `<code>` text, so the code is held once, in the DOM. A block holding
// invisible or bidirectional characters says so above the code, naming them (invisibleCharacters.ts).
import { escapeHtml } from './escapeHtml';
import type { InvisibleCharacter } from './invisibleCharacters';

export interface CodeBlockParts {
  /** The fence's language tag as written (may be empty); shown, and used as a class after sanitizing. */
  readonly tag: string;
  /** Already highlighted (or escaped) HTML of the code. */
  readonly codeHtml: string;
  /** The distinct invisible or bidirectional characters in the code (their placeholders are in `codeHtml`). */
  readonly invisibleCharacters: readonly InvisibleCharacter[];
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

/** How many characters the warning names; the rest are counted (each is still marked in the code). */
const NAMED_CHARACTERS = 6;

export function codeBlockHtml({ tag, codeHtml, invisibleCharacters, inert }: CodeBlockParts): string {
  const language = tag.replace(/[^\w+#.-]/g, '').slice(0, 40);
  const groupName = language === '' ? 'Code block' : `Code block, ${language}`;
  const disabled = inert ? ' disabled' : '';
  const buttons = ACTIONS.map(({ action, label }) => `<button type="button" class="code-action" data-code-action="${action}"${disabled}>${label}</button>`).join('');
  const marked = invisibleCharacters.length > 0;
  return (
    `<div class="code-block${marked ? ' has-invisible-characters' : ''}"><div class="code-toolbar" role="group" aria-label="${escapeHtml(groupName)}">` +
    `<span class="code-language" aria-hidden="true">${escapeHtml(language)}</span>${buttons}</div>` +
    (marked ? invisibleCharactersWarning(invisibleCharacters) : '') +
    `<pre><code class="hljs${language === '' ? '' : ` language-${escapeHtml(language)}`}">${codeHtml}</code></pre></div>\n`
  );
}

function invisibleCharactersWarning(characters: readonly InvisibleCharacter[]): string {
  const named = characters.slice(0, NAMED_CHARACTERS).map(({ codePoint, name }) => `${codePoint} ${name}`);
  if (characters.length > NAMED_CHARACTERS) named.push(`${characters.length - NAMED_CHARACTERS} more`);
  return (
    '<p class="code-warning" role="note">This code holds characters that are invisible or change the reading order, so ' +
    `it may not do what it shows: ${escapeHtml(named.join(', '))}. Copy copies them as they are; Insert and Apply ask first.</p>`
  );
}
