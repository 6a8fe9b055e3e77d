// Posting to the extension host from inside the chat webview, as a script that got into the view could. The view's
// own script holds the one acquireVsCodeApi() instance, and VS Code's wrapper hides the real parent frame
// (`window.parent = window`), so this takes the `parent` getter of a fresh about:blank frame and calls it on the
// view's window: that returns the real host frame, whose `__vscode_post_message__('onmessage', …)` is exactly what
// acquireVsCodeApi().postMessage calls. The messages then travel the real path: VS Code's webview host, the
// extension host, `onDidReceiveMessage`, the provider's parse.
import type { Page } from 'playwright-core';
import { chatFrame } from './chatView';

/** Posts each message, in order, from the chat view's frame; returns how many were handed to VS Code. */
export async function postFromChatView(page: Page, messages: readonly unknown[]): Promise<number> {
  const frame = await chatFrame(page);
  return frame.evaluate((forged) => {
    const blank = document.createElement('iframe');
    document.body.append(blank);
    try {
      const parentGetter = Object.getOwnPropertyDescriptor(blank.contentWindow as Window, 'parent')?.get;
      const host = parentGetter?.call(window) as { __vscode_post_message__?: (channel: string, data: unknown) => void } | undefined;
      if (!host || (host as unknown) === window || typeof host.__vscode_post_message__ !== 'function') {
        throw new Error('the webview host frame is not reachable from the chat view');
      }
      for (const message of forged) host.__vscode_post_message__('onmessage', { message, transfer: undefined });
      return forged.length;
    } finally {
      blank.remove();
    }
  }, messages as unknown[]);
}
