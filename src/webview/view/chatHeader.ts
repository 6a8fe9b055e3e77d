// The bar above the conversation: which model answers, the History toggle and New chat.
import { element } from '../dom';

export interface ChatHeaderEvents {
  toggleHistory(): void;
  newChat(): void;
}

export class ChatHeader {
  readonly element: HTMLElement;
  readonly historyButton: HTMLButtonElement;
  private readonly model: HTMLElement;

  constructor(events: ChatHeaderEvents, historyPanelId: string) {
    this.model = element('span', { class: 'model-name', title: 'The model that answers (Ask Model: Select Model changes it)' });
    this.historyButton = element('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false', 'aria-controls': historyPanelId }, 'History');
    const newChat = element('button', { type: 'button', class: 'secondary small' }, 'New chat');
    this.element = element('header', { class: 'chat-header' }, this.model, element('div', { class: 'header-buttons' }, this.historyButton, newChat));
    this.historyButton.addEventListener('click', () => events.toggleHistory());
    newChat.addEventListener('click', () => events.newChat());
  }

  showModel(model: string): void {
    const text = model === '' ? 'No model chosen' : `Model: ${model}`;
    if (this.model.textContent !== text) this.model.textContent = text;
  }

  setHistoryOpen(open: boolean): void {
    this.historyButton.setAttribute('aria-expanded', String(open));
  }
}
