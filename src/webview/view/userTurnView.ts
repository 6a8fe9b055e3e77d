// A message the user sent: shown as typed (plain text, not Markdown), with the context that went with it.
import type { UserTurn } from '../../core/chat/webviewProtocol';
import { element } from '../dom';
import { chipListElement } from './chipList';
import { modeLabel } from './modeLabel';
import { imageListElement } from './imageAttachments';

export class UserTurnView {
  readonly role = 'user';
  readonly element: HTMLElement;
  private turn: UserTurn;

  constructor(turn: UserTurn) {
    this.turn = turn;
    this.element = element('article', { role: 'article', class: 'turn turn-user', 'data-turn-id': turn.id, 'aria-label': 'User message' });
    this.render();
  }

  update(turn: UserTurn): void {
    const previous = this.turn;
    this.turn = turn;
    if (previous.text !== turn.text || previous.mode !== turn.mode || previous.images !== turn.images || JSON.stringify(previous.context) !== JSON.stringify(turn.context)) this.render();
  }

  private render(): void {
    const { text, context, mode } = this.turn;
    this.element.replaceChildren(element('h3', { class: 'turn-author' }, 'You', ...(mode === 'plan' ? [modeLabel()] : [])), element('div', { class: 'user-text' }, text));
    if (context.length > 0) this.element.append(chipListElement(context, 'Context sent', false));
    if (this.turn.images?.length) this.element.append(imageListElement(this.turn.images, 'Images sent', false));
    // The conversation and the files go back to just before this message (the host asks before overwriting a hand edit).
    this.element.append(
      element(
        'button',
        { type: 'button', class: 'secondary small restore-here', 'data-turn-action': 'restore-here', 'data-user-turn-id': this.turn.id, title: 'Go back to just before this message: the conversation, and the files changed since' },
        'Restore to here',
      ),
    );
  }
}
