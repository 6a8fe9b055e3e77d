// Past conversations: open one, export it ("Export <title>": the host asks Markdown or JSON), or delete it
// ("Delete <title>"); Import… brings back a conversation exported as JSON. A disclosure panel under the header, opened by the
// History button; Escape closes it and returns focus to that button. The open conversation is marked aria-current.
import type { ConversationSummary, ViewMessage } from '../../core/chat/webviewProtocol';
import { element } from '../dom';

export const HISTORY_PANEL_ID = 'history-panel';

export interface HistoryPanelOptions {
  readonly post: (message: ViewMessage) => void;
  /** Called after the panel closes itself (Escape, or a conversation was opened). */
  readonly onClose: (returnFocus: boolean) => void;
}

export class HistoryPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly empty: HTMLElement;
  private readonly options: HistoryPanelOptions;

  constructor(options: HistoryPanelOptions) {
    this.options = options;
    this.list = element('ul', { class: 'history-list' });
    this.empty = element('p', { class: 'history-empty' }, 'No past conversations yet.');
    this.element = element(
      'section',
      { id: HISTORY_PANEL_ID, class: 'history-panel', 'aria-labelledby': 'history-heading', hidden: true },
      element('h2', { id: 'history-heading' }, 'History'),
      element('button', { type: 'button', class: 'secondary small history-import', 'data-import': 'json' }, 'Import…'),
      this.empty,
      this.list,
    );
    this.list.addEventListener('click', (event) => this.onClick(event));
    this.element.querySelector('.history-import')?.addEventListener('click', () => this.options.post({ type: 'importConversation' }));
    this.element.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      this.options.onClose(true);
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  setOpen(open: boolean): void {
    this.element.hidden = !open;
  }

  show(history: readonly ConversationSummary[], currentId: string): void {
    this.empty.hidden = history.length > 0;
    const items = [...history]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((conversation) => {
        const title = conversation.title.trim() === '' ? 'Untitled conversation' : conversation.title;
        const details = `${formatWhen(conversation.updatedAt)} · ${conversation.turns} ${conversation.turns === 1 ? 'message' : 'messages'}`;
        const open = element(
          'button',
          { type: 'button', class: 'history-open', 'data-open-id': conversation.id, 'aria-current': conversation.id === currentId ? 'true' : undefined },
          element('span', { class: 'history-title' }, title),
          element('span', { class: 'history-details' }, details),
        );
        const remove = element('button', { type: 'button', class: 'icon-button history-delete', 'data-delete-id': conversation.id, 'aria-label': `Delete ${title}`, title: `Delete ${title}` }, '×');
        const exportButton = element('button', { type: 'button', class: 'icon-button history-export', 'data-export-id': conversation.id, 'aria-label': `Export ${title}`, title: `Export ${title}` }, '⤓');
        return element('li', { class: 'history-item' }, open, exportButton, remove);
      });
    // Re-rendering drops the focused button; put the keyboard back on the same one (by data attribute) if it is still there.
    const focused = this.list.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset : undefined;
    this.list.replaceChildren(...items);
    const selector = focused?.openId !== undefined ? `[data-open-id="${CSS.escape(focused.openId)}"]` : focused?.deleteId !== undefined ? `[data-delete-id="${CSS.escape(focused.deleteId)}"]` : undefined;
    if (selector) this.list.querySelector<HTMLElement>(selector)?.focus();
  }

  focusFirst(): void {
    (this.list.querySelector('button') ?? this.element).focus();
  }

  private onClick(event: MouseEvent): void {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button');
    if (!button) return;
    const { openId, deleteId, exportId } = button.dataset;
    if (exportId !== undefined) {
      this.options.post({ type: 'exportConversation', id: exportId });
    } else if (openId !== undefined) {
      this.options.post({ type: 'openConversation', id: openId });
      this.options.onClose(false);
    } else if (deleteId !== undefined) {
      // The list is re-rendered by the host's `history` message; keep the keyboard in the list meanwhile.
      const item = button.closest('li');
      (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('button')?.focus();
      this.options.post({ type: 'deleteConversation', id: deleteId });
    }
  }
}

function formatWhen(epochMs: number): string {
  const when = new Date(epochMs);
  const sameDay = when.toDateString() === new Date().toDateString();
  return sameDay ? when.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }) : when.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
