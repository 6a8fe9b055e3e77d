// The bar above the conversation: which model answers (and, with more than one profile, a switch between them), what
// the conversation has cost so far (when any answer had a price), the History toggle and New chat.
import { formatUsd, totalCost } from '../../core/cost/answerCost';
import type { ContextUse, ViewTurn } from '../../core/chat/webviewProtocol';
import type { ChatMode } from '../../core/chat/webviewProtocol';
import { element } from '../dom';

export interface ChatHeaderEvents {
  toggleHistory(): void;
  newChat(): void;
  compactNow(): void;
  selectProfile(name: string): void;
  setMode(mode: ChatMode): void;
}

export class ChatHeader {
  readonly element: HTMLElement;
  readonly historyButton: HTMLButtonElement;
  private readonly model: HTMLElement;
  private readonly profile: HTMLSelectElement;
  private readonly cost: HTMLElement;
  private readonly contextUse: HTMLElement;
  private readonly compact: HTMLButtonElement;
  private profileNames = '';
  /** Act / Plan: the mode the next message is sent in. */
  private readonly mode: HTMLSelectElement;

  constructor(events: ChatHeaderEvents, historyPanelId: string) {
    this.model = element('span', { class: 'model-name', title: 'The model that answers (Ask Model: Select Model changes it)' });
    this.profile = element('select', { class: 'profile-switch', 'aria-label': 'Profile (the server that answers)', title: 'The server that answers: switch profile' });
    this.profile.hidden = true;
    this.cost = element('span', { class: 'conversation-cost' });
    this.cost.hidden = true;
    this.contextUse = element('span', { class: 'context-use', role: 'status' });
    this.contextUse.hidden = true;
    this.compact = element('button', { type: 'button', class: 'secondary small', title: 'Summarise the conversation so far for the model (you still see every message)' }, 'Compact');
    this.profile.addEventListener('change', () => events.selectProfile(this.profile.value));
    this.mode = element(
      'select',
      { class: 'mode-switch', 'aria-label': 'Mode', title: 'Act: the model may use every tool offered. Plan: it may only read, and answers with a plan to act on (/plan, /act)' },
      element('option', { value: 'act' }, 'Act'),
      element('option', { value: 'plan' }, 'Plan'),
    );
    this.mode.addEventListener('change', () => events.setMode(this.mode.value === 'plan' ? 'plan' : 'act'));
    this.historyButton = element('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false', 'aria-controls': historyPanelId }, 'History');
    const newChat = element('button', { type: 'button', class: 'secondary small' }, 'New chat');
    this.element = element('header', { class: 'chat-header' }, element('div', { class: 'header-server' }, this.mode, this.profile, this.model, this.contextUse, this.cost), element('div', { class: 'header-buttons' }, this.compact, this.historyButton, newChat));
    this.historyButton.addEventListener('click', () => events.toggleHistory());
    newChat.addEventListener('click', () => events.newChat());
    this.compact.addEventListener('click', () => events.compactNow());
  }

  showModel(model: string): void {
    const text = model === '' ? 'No model chosen' : `Model: ${model}`;
    if (this.model.textContent !== text) this.model.textContent = text;
  }

  showMode(mode: ChatMode): void {
    if (this.mode.value !== mode) this.mode.value = mode;
    this.element.dataset.mode = mode;
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

  /**
   * Used / window for the next request; a warning from 80%, or from where older messages start being summarised when
   * that comes first (a small window less a large answer's room), so the user is warned before it happens.
   */
  showContextUse(context: ContextUse | undefined): void {
    this.contextUse.hidden = context === undefined;
    if (!context) return;
    const share = context.usedTokens / context.windowTokens;
    const text = `${compactCount(context.usedTokens)} / ${compactCount(context.windowTokens)}`;
    if (this.contextUse.textContent !== text) this.contextUse.textContent = text;
    const warn = share >= WARN_SHARE || (context.budgetTokens !== undefined && context.usedTokens >= context.budgetTokens);
    this.contextUse.classList.toggle('warn', warn);
    this.contextUse.title = `The next request takes about ${context.usedTokens} of the model's ${context.windowTokens} tokens (${Math.round(share * 100)}%)${warn ? '; older messages will be summarised for the model when it no longer fits, or Compact now' : ''}`;
  }

  setHistoryOpen(open: boolean): void {
    this.historyButton.setAttribute('aria-expanded', String(open));
  }
}

/** From this share of the window the meter warns. */
const WARN_SHARE = 0.8;

/** `950`, `12.3K`, `128K`; a window given in binary units reads as one (32,768 is `32K`, as models name it). */
function compactCount(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens % 1024 === 0) return `${tokens / 1024}K`;
  const thousands = tokens / 1000;
  return `${thousands < 100 ? thousands.toFixed(1).replace(/\.0$/, '') : Math.round(thousands)}K`;
}
