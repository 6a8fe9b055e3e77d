// The webview never navigates, and nothing in it opens a link by itself. Every link click (any button, any modifier)
// is cancelled and handed to the host as `openLink`; the host checks the target again (isOpenableLink) and opens it
// through VS Code's link confirmation, so the host's check decides even if the renderer's link policy had a bug.
// Cancelling is not enough: the workbench's page around the view listens for clicks on the view's window (bubble
// phase, without looking at defaultPrevented) and opens the link itself, in VS Code for the Web `file:` and `vscode:`
// ones too. So the guard listens on the window in the capture phase, the first listener any click reaches, and stops
// the event there: no later listener, ours or the workbench's, sees a click on a link.
import type { ViewMessage } from '../../core/chat/webviewProtocol';

/** The link a click landed in (HTML `<a>`, SVG `<a>` or an image map's `<area>`), if any. */
function linkOf(target: EventTarget | null): Element | null {
  return (target as Element | null)?.closest?.('a, area') ?? null;
}

/** What the link points at as written: `href`, or an SVG link's `xlink:href`. */
function hrefOf(link: Element): string | null {
  return link.getAttribute('href') ?? link.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
}

export function guardLinks(root: Window, post: (message: ViewMessage) => void): void {
  const onActivate = (event: MouseEvent): void => {
    const link = linkOf(event.target);
    if (!link) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // Only a plain or middle click opens; right-clicks and the like are just cancelled.
    if (event.type === 'auxclick' && event.button !== 1) return;
    const href = hrefOf(link);
    if (href) post({ type: 'openLink', href: href.slice(0, 8_192) });
  };
  root.addEventListener('click', onActivate, true);
  root.addEventListener('auxclick', onActivate, true);
  // Dragging a link out would hand its URL to whatever it is dropped on.
  root.addEventListener('dragstart', (event) => {
    if (linkOf(event.target)) event.preventDefault();
  }, true);
}
