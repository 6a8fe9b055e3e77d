// The chat view's entry point (bundled to dist/webview.js): wiring only. Paint the cached state at once, then tell
// the host we are ready; it answers with the current state. Every message from the host is parsed before use.
import { parseHostMessage } from '../core/chat/webviewProtocol';
import { applyHostMessage } from './hostMessages';
import { EMPTY_STATE, readCachedView } from './state/cachedView';
import { ChatModel } from './state/chatModel';
import { StateSaver } from './state/stateSaver';
import { ChatView } from './view/chatView';
import { guardLinks } from './view/linkGuard';
import { connectToHost } from './vscodeApi';

function start(): void {
  const host = connectToHost();
  const cached = readCachedView(host.readState());
  const model = new ChatModel(cached?.state ?? structuredClone(EMPTY_STATE), cached?.draft ?? '');
  const saver = new StateSaver(() => host.writeState(model.snapshot()));
  const root = document.getElementById('app') ?? document.body;
  const view = new ChatView(root, {
    post: host.post,
    draftChanged: (draft) => {
      model.setDraft(draft);
      saver.saveSoon();
    },
  });
  guardLinks(window, host.post);
  view.showState(model.state, model.draft);

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const parsed = parseHostMessage(event.data);
    if (!parsed.ok) {
      console.warn(`Ask Model: ignored a message from the host that does not fit the protocol (${parsed.problem})`);
      return;
    }
    applyHostMessage(parsed.message, { model, view, saver });
  });
  // A hidden view is torn down (no retainContextWhenHidden): write what is pending while the page still can.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saver.flush();
  });
  window.addEventListener('pagehide', () => saver.flush());

  host.post({ type: 'ready' });
}

start();
