// The model's reasoning, collapsed under the answer. Shown as plain text: it is a working note, not the answer, and a
// single text node can grow by appending (no re-render, no node per token) however long the model thinks.
import { element } from '../dom';

export class ReasoningView {
  readonly element: HTMLDetailsElement;
  private readonly text: Text;

  constructor(initial: string) {
    this.text = document.createTextNode(initial);
    this.element = element('details', { class: 'reasoning' }, element('summary', {}, 'Reasoning'), element('div', { class: 'reasoning-text' }, this.text));
  }

  append(text: string): void {
    this.text.appendData(text);
  }

  replace(text: string): void {
    if (this.text.data !== text) this.text.data = text;
  }
}
