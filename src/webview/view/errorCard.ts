// The card under an answer that failed: the server's own words (people act on those, not on a status code), a button
// for each remedy the host offers, and Retry. Buttons carry data attributes; the message list handles their clicks.
import type { ViewAssistantTurn } from '../../core/chat/webviewProtocol';
import { element } from '../dom';

type TurnError = NonNullable<ViewAssistantTurn['error']>;
export type ErrorAction = TurnError['actions'][number];

const ACTION_LABELS: Record<ErrorAction, string> = {
  'set-api-key': 'Set API Key',
  'open-settings': 'Open Settings',
  'select-model': 'Select Model',
  'show-log': 'Show Log',
  retry: 'Retry',
};

export function isErrorAction(value: string | undefined): value is ErrorAction {
  return value !== undefined && Object.hasOwn(ACTION_LABELS, value);
}

export function errorCardElement(error: TurnError): HTMLElement {
  const actions = element('div', { class: 'error-actions' });
  // Retry has its own button (it posts `retry`, not `errorAction`), so a `retry` action would only duplicate it.
  for (const action of error.actions) {
    if (action !== 'retry') actions.append(element('button', { type: 'button', class: 'secondary', 'data-error-action': action }, ACTION_LABELS[action]));
  }
  actions.append(element('button', { type: 'button', class: 'retry-button', 'data-turn-action': 'retry' }, 'Retry'));
  return element('div', { class: 'error-card', role: 'alert' }, element('p', { class: 'error-message' }, error.message), actions);
}
