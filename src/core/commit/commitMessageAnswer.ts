// One commit message answer as it streams: the text so far, cleaned for the input box on every batch (so the box
// never shows a fence the model opened), how the answer ended (for the log and the day's spend), and the finished
// message. Reasoning is not part of a commit message and is dropped; no tools are offered, so none are expected.
import type { ChatDone, ChatEvent } from '../stream/events';
import { EmptyCommitMessageError } from './commitErrors';
import { cleanCommitMessage } from './commitMessageText';

export class CommitMessageAnswer {
  private text = '';
  private shown = '';
  /** How the answer ended, once it did: what every surface logs and counts. */
  done: ChatDone | undefined;

  /** Folds a batch of events in; the message to show when it changed, else undefined. */
  add(events: readonly ChatEvent[]): string | undefined {
    for (const event of events) {
      if (event.type === 'text') this.text += event.text;
      else if (event.type === 'done') this.done = event.done;
    }
    const next = cleanCommitMessage(this.text, { partial: this.done === undefined });
    if (next === this.shown) return undefined;
    this.shown = next;
    return next;
  }

  /** The finished message; an EmptyCommitMessageError naming `model` when the answer held none. */
  message(model: string): string {
    const message = cleanCommitMessage(this.text);
    if (message === '') throw new EmptyCommitMessageError(model);
    return message;
  }
}
