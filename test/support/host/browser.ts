// Debian's chromium driven by playwright-core: never a downloaded browser (this machine cannot fetch one).
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

/** The flags measured to work headless as root (shared/test-host.md). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface ChromiumOptions {
  readonly executablePath: string;
  /** A fresh, empty folder this run owns. */
  readonly userDataDir: string;
}

export function launchChromium(options: ChromiumOptions): Promise<BrowserContext> {
  const home = path.join(options.userDataDir, 'xdg'); // its crash reporter writes ~/.config/chromium otherwise
  return chromium.launchPersistentContext(options.userDataDir, {
    executablePath: options.executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_CACHE_HOME: path.join(home, 'cache') },
    viewport: { width: 1280, height: 800 },
    // The launcher's own signal handlers close the browser in order with everything else; Playwright's would exit first.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
