// The one handle on VS Code the webview gets. `acquireVsCodeApi` may be called only once per page, so main.ts calls
// connectToHost() once and passes the result down; nothing else touches the global.
import type { ViewMessage } from '../core/chat/webviewProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface WebviewHost {
  post(message: ViewMessage): void;
  /** What the last `writeState` left (survives the view being hidden and shown); unchecked. */
  readState(): unknown;
  writeState(state: unknown): void;
}

export function connectToHost(): WebviewHost {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    readState: () => api.getState(),
    writeState: (state) => api.setState(state),
  };
}

export type PostToHost = WebviewHost['post'];
