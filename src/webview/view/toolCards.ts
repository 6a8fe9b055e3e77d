// Tool calls made while answering, as cards under the answer: the tool, what it was called on, its status and one
// line of result. A call waiting for the user (an edit, or a read when reads need approval) gets Accept and Reject,
// and an edit also Show diff; the buttons carry data attributes and the message list handles their clicks. A card is
// replaced whole when it changes (they are small); the keyboard stays on it.
import type { ToolCard } from '../../core/chat/webviewProtocol';
import { element } from '../dom';
import { commandCardParts } from './commandCard';

const STATUS_LABELS: Record<ToolCard['status'], string> = {
  queued: 'Queued',
  'awaiting-approval': 'Waiting for your approval',
  running: 'Running…',
  done: 'Done',
  failed: 'Failed',
  rejected: 'Rejected',
  invalid: 'Invalid arguments',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
};

export type ToolAction = 'accept' | 'reject' | 'diff';

export function isToolAction(value: string | undefined): value is ToolAction {
  return value === 'accept' || value === 'reject' || value === 'diff';
}

/** What a screen reader hears when a call starts waiting for approval. */
export function approvalRequest(call: ToolCard): string {
  if (call.command) return `Approval needed: run the command ${call.summary}. Run or Reject it on its card.`;
  return `Approval needed: ${call.name} ${call.summary}. Accept or Reject it on its card.`;
}

function cardElement(call: ToolCard): HTMLLIElement {
  const card = element(
    'li',
    { class: 'tool-card', 'data-call-id': call.id, 'data-status': call.status, tabindex: -1, 'aria-label': `Tool call ${call.name} ${call.summary}: ${STATUS_LABELS[call.status]}` },
    element('div', { class: 'tool-line' }, element('code', { class: 'tool-name' }, call.name), element('span', { class: 'tool-summary' }, call.summary), element('span', { class: 'tool-status' }, STATUS_LABELS[call.status])),
  );
  if (call.preview) card.append(element('p', { class: 'tool-preview' }, call.preview));
  // A command's card has its own parts and buttons (Run, not Accept).
  if (call.command) {
    card.classList.add('command-card');
    card.append(...commandCardParts(call, call.command));
    return card;
  }
  if (call.status === 'awaiting-approval') {
    const buttons = element(
      'div',
      { class: 'tool-actions' },
      element('button', { type: 'button', class: 'primary small', 'data-tool-action': 'accept', 'data-call-id': call.id }, 'Accept'),
      element('button', { type: 'button', class: 'secondary small', 'data-tool-action': 'reject', 'data-call-id': call.id }, 'Reject'),
    );
    if (call.isEdit) buttons.append(element('button', { type: 'button', class: 'secondary small', 'data-tool-action': 'diff', 'data-call-id': call.id }, 'Show diff'));
    card.append(buttons);
  }
  return card;
}

export class ToolCardList {
  readonly element: HTMLUListElement;
  private readonly cards = new Map<string, { call: ToolCard; element: HTMLLIElement }>();

  constructor() {
    this.element = element('ul', { class: 'tool-cards', 'aria-label': 'Tool calls', hidden: true });
  }

  show(calls: readonly ToolCard[]): void {
    const wanted = new Set(calls.map((call) => call.id));
    for (const [id, card] of this.cards) {
      if (wanted.has(id)) continue;
      card.element.remove();
      this.cards.delete(id);
    }
    for (const call of calls) this.upsert(call);
  }

  /** Adds the card, or replaces the one with the same id; returns whether it changed. */
  upsert(call: ToolCard): boolean {
    const existing = this.cards.get(call.id);
    if (existing && JSON.stringify(existing.call) === JSON.stringify(call)) return false;
    const card = cardElement(call);
    if (existing) {
      const focusedAction = existing.element.contains(document.activeElement) ? ((document.activeElement as HTMLElement).dataset.toolAction ?? '') : undefined;
      existing.element.replaceWith(card);
      // Keep the keyboard on the card: on the same button if it is still there, else on the card itself.
      if (focusedAction !== undefined) (card.querySelector<HTMLElement>(`[data-tool-action="${focusedAction}"]`) ?? card).focus();
    } else {
      this.element.append(card);
    }
    this.cards.set(call.id, { call, element: card });
    this.element.hidden = this.cards.size === 0;
    return true;
  }
}
