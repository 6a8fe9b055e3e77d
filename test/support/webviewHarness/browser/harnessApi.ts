// What the harness page offers the Node side (as `window.askModelHarness`): the fake VS Code API's records and a way
// to post host messages at a steady rate. Shared by the browser bundle and the Node side, so evaluate calls are typed.

export interface StreamOptions {
  /** Host messages to post, in order (the view receives each as its own `message` event, as from VS Code). */
  readonly messages: readonly unknown[];
  /** How many messages are due per millisecond since the start; each tick posts all that are due. */
  readonly perMs: number;
}

/** Where the messages of a stream come from: given inline, or loaded earlier under a name (see `load`). */
export type StreamSource = StreamOptions | { readonly loaded: string; readonly perMs: number };

export interface ScriptTiming {
  messageCount: number;
  messageMs: number;
  /** Duration of each animation-frame callback, in order. */
  frameCallbackMs: number[];
}

export interface HarnessApi {
  /** Everything the view posted to the "host", in order. */
  readonly posts: unknown[];
  /** How often the view called setState, and the size of the last JSON it wrote. */
  readonly stateWrites: { count: number; lastBytes: number };
  /** CSP violations seen on the page (`securitypolicyviolation` events). */
  readonly cspViolations: string[];
  /** Time spent in the view's own code: its `message` listener, and its animation-frame callbacks. */
  readonly timing: ScriptTiming;
  post(message: unknown): void;
  /**
   * Keeps messages in the page under `name`, so a timed stream does not pay for moving them into the page (handing
   * 10,000 messages to page.evaluate costs the renderer half a second of deserializing).
   */
  load(name: string, messages: readonly unknown[]): void;
  /** Posts messages on a clock (not as fast as possible): resolves when the last one is posted. */
  stream(source: StreamSource): Promise<void>;
  /** Clears `timing` (before a measured run). */
  resetTiming(): void;
  /** Resolves after `count` animation frames. */
  frames(count: number): Promise<void>;
}

declare global {
  interface Window {
    askModelHarness: HarnessApi;
  }
}
