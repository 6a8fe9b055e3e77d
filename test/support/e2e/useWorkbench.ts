// Mocha hooks for a UI test file: one workbench for the whole file (started in `before`, closed in `after` whatever
// happened), a screenshot of every failed test, and the browser's errors printed when something failed.
import type { Page } from 'playwright-core';
import { screenshotOnFailure } from './screenshots';
import { startWorkbench, type WorkbenchOptions, type WorkbenchSession } from './workbenchSession';

/** What the offline workbench always logs (gallery, GitHub sign-in, missing optional assets): not worth printing. */
const KNOWN_NOISE = /Failed to load resource|ENOTFOUND|ERR_NAME_NOT_RESOLVED|authentication provider 'github'/;

export interface WorkbenchHandle {
  readonly session: WorkbenchSession;
  readonly page: Page;
}

/** Call at the top of a `describe`; `options` runs inside `before`, after the hooks registered earlier. */
export function useWorkbench(options: () => WorkbenchOptions | Promise<WorkbenchOptions> = () => ({})): WorkbenchHandle {
  let current: WorkbenchSession | undefined;
  let failed = false;
  let startedAt = 0;
  before(async function () {
    this.timeout(180_000); // a cold vsce package, code-server, chromium and the extension's activation
    startedAt = Date.now();
    current = await startWorkbench(await options());
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') failed = true;
    await screenshotOnFailure(current?.page, this.currentTest);
  });
  after(async function () {
    this.timeout(60_000);
    const errors = current?.pageErrors.filter((line) => !KNOWN_NOISE.test(line)) ?? [];
    if (failed && errors.length > 0) {
      process.stderr.write(`      [e2e] browser errors in this file:\n${errors.slice(-15).map((line) => `        ${line.slice(0, 300)}`).join('\n')}\n`);
    }
    await current?.close();
    current = undefined;
    if (startedAt > 0) process.stderr.write(`      [e2e] this file took ${((Date.now() - startedAt) / 1000).toFixed(1)} s, start and clean-up included\n`);
  });
  const session = (): WorkbenchSession => {
    if (!current) throw new Error('the workbench is not running (its before hook failed)');
    return current;
  };
  return {
    get session() {
      return session();
    },
    get page() {
      return session().page;
    },
  };
}
