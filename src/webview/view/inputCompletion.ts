// Completion in the message box: when the word under the caret is an @-mention or a first-word slash command, asks
// the host for items (after a pause in typing, at most one question in flight counted by id, a late answer dropped)
// and shows them in the popup. Arrows move, Enter or Tab accept, Escape closes. Accepting a mention swaps the word
// for `@name` and asks the host to attach it as a chip; accepting a command swaps it for `/name`.
import { replaceToken, tokenAtCaret, type InputToken, type InputTrigger } from '../../core/chat/mentions/inputToken';
import type { CompletionItem } from '../../core/chat/webviewProtocol';
import { toggleAttribute } from '../dom';
import { COMPLETION_LIST_ID, CompletionPopup } from './completionPopup';

/** How long typing pauses before the host is asked: one question per pause, not per key. */
export const COMPLETION_DEBOUNCE_MS = 120;

export interface InputCompletionEvents {
  complete(requestId: number, trigger: InputTrigger, query: string): void;
  attachMention(itemId: string): void;
  /** The box's text changed by an accepted item (the draft is cached). */
  edited(text: string): void;
}

export class InputCompletion {
  readonly popup: CompletionPopup;
  private requestId = 0;
  private asked: InputToken | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly textarea: HTMLTextAreaElement,
    private readonly events: InputCompletionEvents,
  ) {
    this.popup = new CompletionPopup((item) => this.accept(item));
    textarea.setAttribute('aria-autocomplete', 'list');
    textarea.setAttribute('aria-controls', COMPLETION_LIST_ID);
    textarea.addEventListener('input', () => this.caretMoved());
    textarea.addEventListener('click', () => this.caretMoved());
    textarea.addEventListener('blur', () => this.close());
  }

  /** The box's keydown, before the composer's own: true when completion used the key. */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.popup.isOpen) {
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') setTimeout(() => this.caretMoved(), 0);
      return false;
    }
    if (event.isComposing) return false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        this.popup.move(event.key === 'ArrowDown' ? 1 : -1);
        this.showActive();
        break;
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey) return false;
        const item = this.popup.activeItem;
        if (!item) return false;
        this.accept(item);
        break;
      }
      case 'Escape':
        this.close();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  }

  /** The host's answer: shown only when it answers the latest question and the word is still there. */
  showItems(requestId: number, items: readonly CompletionItem[]): void {
    if (requestId !== this.requestId || !this.asked) return;
    const now = tokenAtCaret(this.textarea.value, this.textarea.selectionStart);
    if (!now || now.start !== this.asked.start || now.trigger !== this.asked.trigger) return;
    this.popup.show(items, this.asked.trigger);
    this.showActive();
  }

  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.asked = undefined;
    // A later answer to the question asked is not shown.
    this.requestId++;
    this.popup.close();
    this.showActive();
  }

  private caretMoved(): void {
    const token = this.textarea.selectionStart === this.textarea.selectionEnd ? tokenAtCaret(this.textarea.value, this.textarea.selectionStart) : undefined;
    if (!token) {
      if (this.asked || this.popup.isOpen) this.close();
      return;
    }
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.asked = token;
      this.events.complete(++this.requestId, token.trigger, token.query);
    }, COMPLETION_DEBOUNCE_MS);
  }

  private accept(item: CompletionItem): void {
    const token = tokenAtCaret(this.textarea.value, this.textarea.selectionStart) ?? this.asked;
    const trigger = this.asked?.trigger ?? token?.trigger ?? '@';
    this.close();
    if (token) {
      const replaced = replaceToken(this.textarea.value, token, `${trigger}${item.label}`);
      this.textarea.value = replaced.text;
      this.textarea.setSelectionRange(replaced.caret, replaced.caret);
      this.events.edited(replaced.text);
    }
    if (trigger === '@') this.events.attachMention(item.id);
  }

  private showActive(): void {
    const id = this.popup.activeOptionId;
    toggleAttribute(this.textarea, 'aria-activedescendant', id !== undefined, id);
  }
}
