// Applies one parsed host message: to the model (what is cached) and to the view (what is shown). Every message type
// is handled; the `never` check makes a new type in the protocol a compile error here until it is.
import type { HostMessage } from '../core/chat/webviewProtocol';
import type { ChatModel } from './state/chatModel';
import type { StateSaver } from './state/stateSaver';
import type { ChatView } from './view/chatView';

/** Streamed text is cached at most this often: the host re-sends the whole state when the view is shown again. */
const STREAM_SAVE_INTERVAL_MS = 1_000;

export interface HostMessageTargets {
  readonly model: ChatModel;
  readonly view: ChatView;
  readonly saver: StateSaver;
}

export function applyHostMessage(message: HostMessage, { model, view, saver }: HostMessageTargets): void {
  switch (message.type) {
    case 'state':
      model.replaceState(message.state);
      view.showState(message.state);
      saver.saveSoon();
      return;
    case 'turn':
      model.upsertTurn(message.turn, message.busy);
      view.showTurn(message.turn, message.busy, model.state.turns);
      saver.saveSoon();
      return;
    case 'delta':
      if (!model.appendDelta(message.turnId, message.text, message.reasoning) || !view.queueDelta(message.turnId, message.text, message.reasoning)) {
        console.warn(`Ask Model: a delta for ${message.turnId}, which is not a streaming answer, was ignored`);
        return;
      }
      saver.saveWithin(STREAM_SAVE_INTERVAL_MS);
      return;
    case 'toolCall':
      if (!model.upsertToolCall(message.turnId, message.call) || !view.showToolCall(message.turnId, message.call)) {
        console.warn(`Ask Model: a tool card for ${message.turnId}, which is not an answer here, was ignored`);
        return;
      }
      saver.saveSoon();
      return;
    case 'pendingContext':
      model.setPendingContext(message.chips);
      view.showPendingContext(message.chips);
      saver.saveSoon();
      return;
    case 'history':
      model.setHistory(message.history);
      view.showHistory(message.history);
      saver.saveSoon();
      return;
    case 'context':
      model.setContext(message.context, message.summarisedThrough);
      view.showContext(message.context, message.summarisedThrough);
      saver.saveSoon();
      return;
    case 'completionItems':
      // Not cached: a list for a word being typed means nothing after a reload.
      view.showCompletions(message.requestId, message.items);
      return;
    case 'imageFiles':
      // Not cached: they become the composer's pending images, which a reload does not keep.
      view.addImageFiles(message.files, message.problems);
      return;
    case 'focusInput':
      view.focusInput();
      return;
    case 'setInput':
      view.setInput(message.text, message.onlyIf);
      return;
    default: {
      const unexpected: never = message;
      console.warn('Ask Model: unhandled host message', unexpected);
    }
  }
}
