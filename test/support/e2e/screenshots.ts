// Screenshots go to test-results/e2e/ (git-ignored): named ones the tests take on purpose, and one per failed test.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { repoRoot } from '../host/buildIntegrationTests';

export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'e2e');

function fileFor(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '').slice(0, 120)}.png`);
}

/** The whole window, or one element of it (`target`). Returns the file written. */
export async function screenshot(page: Page, name: string, target?: Locator): Promise<string> {
  const file = fileFor(name);
  await page.mouse.move(1, 1).catch(() => undefined); // no hover tooltip from the last click in the picture
  if (target) await target.screenshot({ path: file, animations: 'disabled' });
  else await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** For an afterEach hook: a screenshot of a failed test, never throwing (the page may be gone). */
export async function screenshotOnFailure(page: Page | undefined, test: Mocha.Test | undefined): Promise<void> {
  if (!page || !test || test.state !== 'failed') return;
  try {
    const file = await screenshot(page, `FAILED ${test.fullTitle()}`);
    process.stderr.write(`      [e2e] screenshot of the failure: ${path.relative(repoRoot, file)}\n`);
  } catch {
    // The page crashed or closed: the error itself says more.
  }
}
