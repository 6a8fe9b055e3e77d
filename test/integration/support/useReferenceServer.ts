// The integration suites' set-up, once: a reference server per describe block (as the e2e tier's useReferenceServer,
// with its record cleared before each test) and the askModel.* user settings each test starts from, restored to what
// they were when the block ends.
import * as vscode from 'vscode';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../../support/referenceServer';
import { configure, resetSettings, settingKeys } from './extensionFixture';

/**
 * Registers the server's hooks; the returned function gives the running server inside hooks and tests. A block may
 * call it once per server it needs. `options` may be a function, called when the server starts (for options read
 * from what the launcher prepared, such as its certificates).
 */
export function useReferenceServer(options: ReferenceServerOptions | (() => ReferenceServerOptions)): () => ReferenceServer {
  let server: ReferenceServer | undefined;
  before(async () => {
    server = await startReferenceServer(typeof options === 'function' ? options() : options);
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

export interface SettingsScope {
  /**
   * 'test' (the default): every askModel.* user setting back at its default and `settings` written before each test.
   * 'block': once, before the block's first test, for tests that share a set-up that is slow to make again (VS Code's
   * language model list is read again, and each profile's catalogue discovered again, whenever the settings change);
   * a test that changes a setting puts it back itself.
   */
  scope?: 'test' | 'block';
}

/**
 * The askModel.* user settings reset to their defaults and then `settings` written (a function is called then, so it
 * can name a server's URL), before each test or once (see SettingsScope); after the block, the user settings as they
 * were before it.
 */
export function useSettings(settings: Record<string, unknown> | (() => Record<string, unknown>) = {}, { scope = 'test' }: SettingsScope = {}): void {
  let saved: Record<string, unknown> = {};
  const apply = async (): Promise<void> => {
    await resetSettings();
    await configure(typeof settings === 'function' ? settings() : settings);
  };
  before(async () => {
    const config = vscode.workspace.getConfiguration('askModel');
    saved = Object.fromEntries(settingKeys().map((key) => [key, config.inspect(key)?.globalValue]));
    if (scope === 'block') await apply();
  });
  if (scope === 'test') beforeEach(apply);
  after(async () => {
    await configure(saved);
  });
}
