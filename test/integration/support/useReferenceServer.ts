// The integration suites' set-up, once: a reference server per describe block (as the e2e tier's useReferenceServer,
// with its record cleared before each test) and the askModel.* user settings each test starts from, restored to what
// they were when the block ends.
import * as vscode from 'vscode';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../../support/referenceServer';
import { configure, resetSettings, settingKeys } from './extensionFixture';

/** Registers the server's hooks; the returned function gives the running server inside hooks and tests. */
export function useReferenceServer(options: ReferenceServerOptions): () => ReferenceServer {
  let server: ReferenceServer | undefined;
  before(async () => {
    server = await startReferenceServer(options);
  });
  beforeEach(() => server?.reset());
  after(async () => {
    await server?.close();
    server = undefined;
  });
  return () => {
    if (!server) throw new Error('the reference server is not running (its before hook failed)');
    return server;
  };
}

/**
 * Before each test, every askModel.* user setting back at its default and then `settings` written (a function is
 * called then, so it can name a server's URL); after the block, the user settings as they were before it.
 */
export function useSettings(settings: Record<string, unknown> | (() => Record<string, unknown>) = {}): void {
  let saved: Record<string, unknown> = {};
  before(() => {
    const config = vscode.workspace.getConfiguration('askModel');
    saved = Object.fromEntries(settingKeys().map((key) => [key, config.inspect(key)?.globalValue]));
  });
  beforeEach(async () => {
    await resetSettings();
    await configure(typeof settings === 'function' ? settings() : settings);
  });
  after(async () => {
    await configure(saved);
  });
}
