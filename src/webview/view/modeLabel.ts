// The label on a turn sent or answered in Plan mode (an Act turn has none: Act is what the chat always did).
import { element } from '../dom';

export function modeLabel(): HTMLElement {
  return element('span', { class: 'mode-label', title: 'Plan mode: the model could only read, and was asked for a plan' }, 'Plan');
}
