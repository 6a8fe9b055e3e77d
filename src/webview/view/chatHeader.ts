// The bar above the conversation: which model answers (and, with more than one profile, a switch between them), what
// the conversation has cost so far (when any answer had a price), the History toggle and New chat.
import { formatUsd, totalCost } from '../../core/cost/answerCost';
import type { ViewTurn } from '../../core/chat/webviewProtocol';
import { element } from '../dom';

export interface ChatHeaderEvents {
  toggleHistory(): void;
  newChat(): void;
  selectProfile(name: string): void;
}

export class ChatHeader {
  readonly element: HTMLElement;
  readonly historyButton: HTMLButtonElement;
  private readonly model: HTMLElement;
  private readonly profile: HTMLSelectElement;
  private readonly cost: HTMLElement;
  private profileNames = '';

  constructor(events: ChatHeaderEvents, historyPanelId: string) {
    this.model = element('span', { class: 'model-name', title: 'The model that answers (Ask Model: Select Model changes it)' });
    this.profile = element('select', { class: 'profile-switch', 'aria-label': 'Profile (the server that answers)', title: 'The server that answers: switch profile' });
    this.profile.hidden = true;
    this.cost = element('span', { class: 'conversation-cost' });
    this.cost.hidden = true;
    this.profile.addEventListener('change', () => events.selectProfile(this.profile.value));
    this.historyButton = element('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false', 'aria-controls': historyPanelId }, 'History');
    const newChat = element('button', { type: 'button', class: 'secondary small' }, 'New chat');
    this.element = element('header', { class: 'chat-header' }, element('div', { class: 'header-server' }, this.profile, this.model, this.cost), element('div', { class: 'header-buttons' }, this.historyButton, newChat));
    this.historyButton.addEventListener('click', () => events.toggleHistory());
    newChat.addEventListener('click', () => events.newChat());
  }

  showModel(model: string): void {
    const text = model === '' ? 'No model chosen' : `Model: ${model}`;
    if (this.model.textContent !== text) this.model.textContent = text;
  }

  /** Shown only when there is more than one profile: a user with one server sees the header as before. */
  showProfiles(active: string, names: readonly string[]): void {
    this.profile.hidden = names.length < 2;
    const key = names.join('\n');
    if (key !== this.profileNames) {
      this.profileNames = key;
      this.profile.replaceChildren(...names.map((name) => element('option', { value: name }, name)));
    }
    if (this.profile.value !== active) this.profile.value = active;
  }

  /** The sum of the answers' costs; answers without a price are counted in the tooltip, never guessed. */
  showCost(turns: readonly ViewTurn[]): void {
    const answers = turns.filter((turn) => turn.role === 'assistant' && turn.status !== 'streaming' && turn.footer !== undefined);
    const total = totalCost(answers.map((turn) => (turn.role === 'assistant' ? turn.cost : undefined)));
    const priced = answers.length - total.unpriced;
    this.cost.hidden = priced === 0;
    if (priced === 0) return;
    const text = formatUsd(total.usd, total.estimated);
    if (this.cost.textContent !== text) this.cost.textContent = text;
    const unpriced = total.unpriced > 0 ? `; ${total.unpriced} answer(s) without a price are not counted` : '';
    const basis = total.estimated ? ' (~: some from the model\'s list prices)' : '';
    this.cost.title = `This conversation so far: ${priced} answer(s)${basis}${unpriced}`;
  }

  setHistoryOpen(open: boolean): void {
    this.historyButton.setAttribute('aria-expanded', String(open));
  }
}
