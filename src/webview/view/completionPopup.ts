// The message box's completion list: a listbox under the box whose options are the host's items (an @-mention or
// a slash command, its name and a detail). The box keeps the focus; the active option is told to screen readers by
// the box's aria-activedescendant, and the options are clicked with the mouse without taking the focus away.
import type { CompletionItem } from '../../core/chat/webviewProtocol';
import { element } from '../dom';

export const COMPLETION_LIST_ID = 'input-completions';

const KIND_NAMES: Record<CompletionItem['kind'], string> = {
  file: 'File',
  folder: 'Folder',
  symbol: 'Symbol',
  problems: 'Problems',
  selection: 'Selection',
  changes: 'Changes',
  terminal: 'Terminal',
  command: 'Command',
};

export class CompletionPopup {
  readonly element: HTMLUListElement;
  private items: readonly CompletionItem[] = [];
  private active = 0;
  private prefix: '@' | '/' = '@';

  constructor(private readonly picked: (item: CompletionItem) => void) {
    this.element = element('ul', { id: COMPLETION_LIST_ID, class: 'completion-list', role: 'listbox', 'aria-label': 'Suggestions', hidden: true });
    // mousedown, not click: the box must not lose the focus (and the caret) before the item is accepted.
    this.element.addEventListener('mousedown', (event) => {
      const option = (event.target as Element | null)?.closest<HTMLElement>('[data-index]');
      if (!option) return;
      event.preventDefault();
      const item = this.items[Number(option.dataset.index)];
      if (item) this.picked(item);
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** The id of the active option (for aria-activedescendant); undefined while closed. */
  get activeOptionId(): string | undefined {
    return this.isOpen && this.items.length > 0 ? optionId(this.active) : undefined;
  }

  get activeItem(): CompletionItem | undefined {
    return this.isOpen ? this.items[this.active] : undefined;
  }

  show(items: readonly CompletionItem[], prefix: '@' | '/'): void {
    this.items = items;
    this.prefix = prefix;
    this.active = 0;
    this.element.replaceChildren(...items.map((item, index) => this.option(item, index)));
    this.element.hidden = items.length === 0;
    this.markActive();
  }

  close(): void {
    this.items = [];
    this.element.hidden = true;
    this.element.replaceChildren();
  }

  /** Moves the active option by `step`, wrapping at either end. */
  move(step: number): void {
    if (this.items.length === 0) return;
    this.active = (this.active + step + this.items.length) % this.items.length;
    this.markActive();
  }

  private option(item: CompletionItem, index: number): HTMLLIElement {
    const kind = KIND_NAMES[item.kind];
    return element(
      'li',
      { id: optionId(index), class: `completion-option completion-${item.kind}`, role: 'option', 'aria-selected': 'false', 'data-index': index, title: item.detail ?? '' },
      element('span', { class: 'completion-label' }, `${this.prefix}${item.label}`),
      element('span', { class: 'completion-detail' }, item.kind === 'command' ? (item.detail ?? '') : `${kind}${item.detail ? ` · ${item.detail}` : ''}`),
    );
  }

  private markActive(): void {
    for (const [index, option] of [...this.element.children].entries()) {
      option.setAttribute('aria-selected', index === this.active ? 'true' : 'false');
      if (index === this.active) option.scrollIntoView?.({ block: 'nearest' });
    }
  }
}

function optionId(index: number): string {
  return `${COMPLETION_LIST_ID}-${index}`;
}
