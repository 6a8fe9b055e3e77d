// What a host adapter's unit test needs around it: the vscode shim installed, the deferred parts loaded by require,
// the session's real services (src/host/platform) over a real loopback server, a text document, and the disposables
// of each test released after it.
import './installShim';
import { extensionContext, vscodeShim, type ShimState } from '../vscodeShim';
import { createPlatform, type PlatformServices } from '../../../src/host/platform/platformServices';
import { discoverServerModels } from '../../../src/core/catalogue/discoverCatalogue';
import { ServerTokenCounter } from '../../../src/core/context/serverTokenCounter';
import type { Log } from '../../../src/host/platform/log/log';
import { createLog } from '../../../src/host/platform/log/logChannel';
import { ServerNotices } from '../../../src/host/platform/notices/serverNotices';
import { ActiveRequests } from '../../../src/host/platform/requests/activeRequests';

export interface HostHarness {
  state: ShimState;
  context: ReturnType<typeof extensionContext>;
  log: Log;
  notices: ServerNotices;
  active: ActiveRequests;
  platform: PlatformServices;
  /** Each service as a feature's register… file gets it. */
  lazily<Key extends keyof PlatformServices>(key: Key): () => Promise<PlatformServices[Key]>;
  dispose(): void;
}

/** A fresh shim state and the services over it (the fetch is Node's own: loopback needs no proxy). */
export function hostHarness(): HostHarness {
  const state = vscodeShim.reset();
  const context = extensionContext();
  const log = createLog();
  const notices = new ServerNotices();
  const active = new ActiveRequests();
  const platform = createPlatform({ secrets: context.secrets as never, globalState: context.globalState as never, log, notices, fetch: globalThis.fetch, discover: async () => discoverServerModels, loadTokenCounter: async () => ServerTokenCounter });
  return {
    state,
    context,
    log,
    notices,
    active,
    platform,
    lazily: (key) => async () => platform[key],
    dispose: () => {
      for (const disposable of context.subscriptions) disposable.dispose();
      notices.dispose();
      active.dispose();
    },
  };
}

/** A text document of `text` in a language, at a workspace-relative path, as the host's adapters read one. */
export function textDocument(relativePath: string, languageId: string, text: string): unknown {
  const lines = text.split('\n');
  const offsetOf = (position: { line: number; character: number }): number => lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  return {
    uri: { scheme: 'file', path: `/workspace/${relativePath}`, fsPath: `/workspace/${relativePath}`, toString: () => `file:///workspace/${relativePath}` },
    languageId,
    lineCount: lines.length,
    isClosed: false,
    lineAt: (line: number) => ({ text: lines[line] ?? '' }),
    getText: (range?: { start: { line: number; character: number }; end: { line: number; character: number } }) => (range ? text.slice(offsetOf(range.start), offsetOf(range.end)) : text),
  };
}
