// One real workbench for a UI test file: code-server (the extension installed from a .vsix of the current build,
// user settings pre-written), headless Debian chromium on a copy of the fixture workspace, and the page ready to
// drive once the extension has activated. close() tears everything down in reverse order, exactly once, also on
// Ctrl-C; a failure while starting cleans up what had started before rethrowing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import { launchChromium } from '../host/browser';
import { repoRoot } from '../host/buildIntegrationTests';
import { Cleanup } from '../host/cleanup';
import { startCodeServer, type RunningCodeServer } from '../host/codeServer';
import { readTestHost } from '../host/testHost';
import { packageExtensionOnce } from './packageExtension';
import { E2E_SETTINGS, SettingsFile } from './settingsFile';
import { runCommand, waitForWorkbenchReady } from './workbenchUi';

export const FIXTURE_WORKSPACE = path.join(repoRoot, 'test', 'integration', 'fixtures', 'workspace');
const verbose = process.env.ASK_MODEL_TEST_VERBOSE === '1';

export interface WorkbenchOptions {
  /** User settings over the quiet and e2e defaults, e.g. `askModel.baseUrl`. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Copied to a temp folder that the workbench opens (default: test/integration/fixtures/workspace). */
  readonly workspace?: string;
  /**
   * Wait until the extension has activated (default true). Ask Model activates `onStartupFinished`, about 7 s after
   * the workbench shows; a chat file can skip that wait, because opening the chat view activates it at once.
   */
  readonly waitForActivation?: boolean;
  /**
   * Starts code-server some other way and says which URL to open, e.g. as `npm start` does for the demo's tests.
   * Default: the e2e settings on a copy of `workspace`. Whatever it starts, it stops through `cleanup`.
   */
  readonly launch?: (context: WorkbenchLaunchContext) => Promise<LaunchedWorkbench>;
}

export interface WorkbenchLaunchContext {
  /** The .vsix of the current build. */
  readonly vsix: string;
  /** A fresh folder of this session, removed at the end. */
  readonly scratchDir: string;
  readonly cleanup: Cleanup;
}

export interface LaunchedWorkbench {
  readonly server: RunningCodeServer;
  /** The folder the workbench opens. */
  readonly workspaceDir: string;
  /** The address that opens it. */
  readonly url: string;
}

export interface WorkbenchSession {
  readonly page: Page;
  readonly browser: BrowserContext;
  readonly server: RunningCodeServer;
  /** The temp copy of the workspace the workbench has open (tests may read the files it edited). */
  readonly workspaceDir: string;
  readonly settings: SettingsFile;
  /** The browser's console errors and page errors so far (webview errors included). */
  readonly pageErrors: string[];
  /** "Developer: Reload Window", then waits for the new page as at start (`waitForActivation`). */
  reload(): Promise<void>;
  /** Stops the browser and code-server and removes the temp folders; safe to call twice. */
  close(): Promise<void>;
}

function say(message: string): void {
  process.stderr.write(`      [e2e] ${message}\n`);
}

const open = new Set<Cleanup>();
let signalsHooked = false;
/** One handler for all sessions: Ctrl-C during a run stops every code-server and browser before exiting. */
function hookSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n[e2e] ${signal}: cleaning up\n`);
      void Promise.allSettled([...open].map((cleanup) => cleanup.run())).finally(() => process.exit(130));
    });
  }
}

export async function startWorkbench(options: WorkbenchOptions = {}): Promise<WorkbenchSession> {
  hookSignals();
  const started = Date.now();
  const cleanup = new Cleanup(verbose ? say : undefined);
  open.add(cleanup);
  const close = async (): Promise<void> => {
    await cleanup.run();
    open.delete(cleanup);
  };
  try {
    const host = readTestHost();
    const vsix = await packageExtensionOnce(say);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-e2e-'));
    cleanup.add('remove the scratch folder', () => fs.rmSync(scratch, { recursive: true, force: true }));
    const phases: string[] = [];
    let phaseStarted = Date.now();
    const phase = (name: string): void => {
      phases.push(`${name} ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);
      phaseStarted = Date.now();
    };
    const { server, workspaceDir, url } = await (options.launch ?? launchForE2e(options))({ vsix, scratchDir: scratch, cleanup });
    phase('code-server');
    if (verbose) cleanup.add('print the code-server log', () => say(`code-server log:\n${server.logTail(200)}`));

    const browser = await launchChromium({ executablePath: host.chromium, userDataDir: path.join(scratch, 'chromium') });
    cleanup.add('close chromium', () => browser.close());
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('console', (message) => {
      if (verbose) say(`[browser ${message.type()}] ${message.text()}`);
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    phase('browser');

    await page.goto(url, { timeout: 60_000 }); // the first load of the workbench is slow on a busy machine
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    phase('workbench');
    const ready = (): Promise<void> => waitForWorkbenchReady(page, { activated: options.waitForActivation !== false });
    try {
      await ready();
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nLast code-server log lines:\n${server.logTail(20)}`, { cause: error });
    }
    phase(options.waitForActivation === false ? 'extension' : 'activation');
    say(`workbench ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')})`);
    return {
      page,
      browser,
      server,
      workspaceDir,
      settings: SettingsFile.inUserDataDir(server.userDataDir),
      pageErrors,
      async reload() {
        // The workbench vetoes an unload while an editor is dirty and its backup is still pending (a save racing
        // the reload, say): the browser then asks "Leave site?", the dialog is dismissed, and no load ever comes.
        // Say so at once instead of timing out on the load.
        let onDialog: ((dialog: Dialog) => void) | undefined;
        const vetoed = new Promise<never>((_, reject) => {
          onDialog = (dialog) => {
            if (dialog.type() !== 'beforeunload') return;
            dialog.dismiss().catch(() => undefined);
            reject(new Error('the workbench vetoed the reload (a "Leave site?" dialog): an editor still had unsaved changes it had not backed up'));
          };
          page.on('dialog', onDialog);
        });
        vetoed.catch(() => undefined); // awaited below through the race; this only keeps an early veto from counting as unhandled
        const loaded = page.waitForEvent('load', { timeout: 60_000 });
        loaded.catch(() => undefined); // likewise, once a veto has won the race
        try {
          await runCommand(page, 'Developer: Reload Window');
          await Promise.race([loaded, vetoed]);
        } finally {
          if (onDialog) page.off('dialog', onDialog);
        }
        await ready();
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The e2e tier's own code-server: its settings, on a copy of the fixture workspace. */
function launchForE2e(options: WorkbenchOptions): (context: WorkbenchLaunchContext) => Promise<LaunchedWorkbench> {
  return async ({ vsix, scratchDir, cleanup }) => {
    const host = readTestHost();
    const workspaceDir = path.join(scratchDir, 'workspace');
    fs.cpSync(options.workspace ?? FIXTURE_WORKSPACE, workspaceDir, { recursive: true });
    const server = await startCodeServer({
      host,
      scratchDir: path.join(scratchDir, 'code-server'),
      settings: { ...E2E_SETTINGS, ...options.settings },
      installVsix: [vsix],
      // The smoke-test driver hides notification toasts, and the UI tier asserts on what a user sees.
      smokeTestDriver: false,
    });
    cleanup.add('stop code-server', () => server.stop());
    return { server, workspaceDir, url: `${server.origin}/?folder=${encodeURIComponent(workspaceDir)}` };
  };
}
