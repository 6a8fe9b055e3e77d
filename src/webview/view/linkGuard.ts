// The webview never navigates. Every link click (any button, any modifier) is cancelled and handed to the host as
// `openLink`; the host checks the target again and opens it through VS Code's link confirmation. Listening on the
// document in the capture phase covers every link, present and future, with one listener.
import type { ViewMessage } from '../../core/chat/webviewProtocol';

export function guardLinks(root: Document, post: (message: ViewMessage) => void): void {
  const onActivate = (event: MouseEvent): void => {
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link) return;
    event.preventDefault();
    // Only a plain or middle click opens; right-clicks and the like are just cancelled.
    if (event.type === 'auxclick' && event.button !== 1) return;
    const href = link.getAttribute('href');
    if (href) post({ type: 'openLink', href: href.slice(0, 8_192) });
  };
  root.addEventListener('click', onActivate, true);
  root.addEventListener('auxclick', onActivate, true);
  // Dragging a link out would hand its URL to whatever it is dropped on.
  root.addEventListener('dragstart', (event) => {
    if ((event.target as Element | null)?.closest?.('a')) event.preventDefault();
  }, true);
}
