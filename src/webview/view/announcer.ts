// A visually hidden live region for the few things a screen reader must hear even while the answer around them is
// still streaming (the streaming message is aria-busy, so changes inside it are not announced until it is done).
import { element } from '../dom';

export class Announcer {
  readonly element: HTMLElement;

  constructor() {
    this.element = element('div', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  }

  announce(text: string): void {
    // Clearing first makes the same text announced again when it repeats.
    this.element.textContent = '';
    requestAnimationFrame(() => (this.element.textContent = text));
  }
}
