// Runs in the harness page before dist/webview.js: stands in for VS Code around the webview. It applies a theme's
// variables (as VS Code does, on <html>), provides `acquireVsCodeApi` (once only, like VS Code; setState serializes
// to JSON as VS Code does, so its cost is counted), and exposes `window.askModelHarness` to the bench and screenshots.
import { isThemeName, THEMES } from '../themes';
import type { HarnessApi, StreamSource } from './harnessApi';

const query = new URLSearchParams(location.search);
const themeName = query.get('theme');
const theme = THEMES[isThemeName(themeName) ? themeName : 'dark'];
/** `?persist=1` keeps the cached state across reloads (sessionStorage); off for timing runs, where it would cost. */
const persist = query.get('persist') === '1';
for (const [name, value] of Object.entries(theme.variables)) document.documentElement.style.setProperty(name, value);
document.documentElement.style.background = 'var(--vscode-sideBar-background)';
document.body.classList.add(theme.bodyClass);

const posts: unknown[] = [];
const stateWrites = { count: 0, lastBytes: 0 };
const cspViolations: string[] = [];
let stateJson: string | undefined = (persist ? sessionStorage.getItem('askModelHarness.state') : null) ?? undefined;
let acquired = false;

// Measurement hooks, installed before the view loads: time its `message` listeners and its animation-frame callbacks
// (two performance.now() calls each, well under a microsecond), so a run can say how much of its main-thread time was
// the view's own script without a trace, whose instrumentation would inflate ten thousand small tasks.
const timing = { messageCount: 0, messageMs: 0, frameCallbackMs: [] as number[] };
const addEventListener = window.addEventListener.bind(window);
window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
  if (type !== 'message' || typeof listener !== 'function') return addEventListener(type, listener, options);
  return addEventListener(
    type,
    (event: Event) => {
      const started = performance.now();
      try {
        listener.call(window, event);
      } finally {
        timing.messageCount++;
        timing.messageMs += performance.now() - started;
      }
    },
    options,
  );
}) as typeof window.addEventListener;
const requestFrame = window.requestAnimationFrame.bind(window);
let harnessFrame = false;
window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
  harnessFrame
    ? requestFrame(callback)
    : requestFrame((time) => {
    const started = performance.now();
    try {
      callback(time);
    } finally {
      timing.frameCallbackMs.push(performance.now() - started);
    }
  });

document.addEventListener('securitypolicyviolation', (event) => cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`));

Object.assign(window, {
  acquireVsCodeApi() {
    if (acquired) throw new Error('acquireVsCodeApi may be called only once');
    acquired = true;
    return {
      postMessage: (message: unknown) => posts.push(structuredClone(message)),
      getState: (): unknown => (stateJson === undefined ? undefined : JSON.parse(stateJson)),
      setState: (state: unknown) => {
        stateJson = JSON.stringify(state);
        stateWrites.count++;
        stateWrites.lastBytes = stateJson.length;
        // Survives a reload of the harness page, as VS Code keeps it across the view being hidden and shown.
        if (persist) sessionStorage.setItem('askModelHarness.state', stateJson);
      },
    };
  },
});

const loaded = new Map<string, readonly unknown[]>();

function stream(source: StreamSource): Promise<void> {
  const messages = 'loaded' in source ? loaded.get(source.loaded) : source.messages;
  if (!messages) return Promise.reject(new Error(`nothing loaded as ${'loaded' in source ? source.loaded : '?'}`));
  const { perMs } = source;
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    const tick = (): void => {
      const due = Math.min(messages.length, Math.floor((performance.now() - started) * perMs) + 1);
      while (sent < due) window.postMessage(messages[sent++], '*');
      if (sent === messages.length) return resolve();
      // Wake when the next message is due, not sooner: a tick that posts nothing is the harness's own work, and at a
      // slow pace (one message per 16 ms) waking every millisecond would charge it to the view.
      setTimeout(tick, Math.max(1, sent / perMs - (performance.now() - started)));
    };
    tick();
  });
}

function frames(count: number): Promise<void> {
  return new Promise((resolve) => {
    const next = (left: number): void => {
      if (left === 0) return resolve();
      // The harness's own frames are not the view's work: keep them out of frameCallbackMs.
      harnessFrame = true;
      requestAnimationFrame(() => next(left - 1));
      harnessFrame = false;
    };
    next(count);
  });
}

// Without the view, something must still take each message off the queue and read it, as the view's listener does.
if (query.get('view') === 'none') {
  window.addEventListener('message', (event) => void (event as MessageEvent<unknown>).data);
  window.addEventListener('load', () => posts.push({ type: 'ready' }));
}

const api: HarnessApi = {
  posts,
  stateWrites,
  cspViolations,
  timing,
  resetTiming: () => {
    timing.messageCount = 0;
    timing.messageMs = 0;
    timing.frameCallbackMs.length = 0;
  },
  post: (message) => window.postMessage(message, '*'),
  load: (name, messages) => void loaded.set(name, messages),
  stream,
  frames,
};
window.askModelHarness = api;
