// Drives the web workbench through one extension test run: the URL that names the extension under development and
// the test index, and the exit code the workbench hands to window.codeAutomationExit when the index's run() settles.
import type { Page } from 'playwright-core';

/** `/?folder=…&payload=…`: the query code-server's workbench reads extensionDevelopmentPath/extensionTestsPath from. */
export function testWorkbenchUrl(origin: string, extensionDir: string, testIndexFile: string, folder: string): string {
  const remote = `vscode-remote://${new URL(origin).host}`;
  const payload = [
    ['extensionDevelopmentPath', `${remote}${extensionDir}`],
    ['extensionTestsPath', `${remote}${testIndexFile}`],
  ];
  return `${origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

export interface WorkbenchTestRun {
  /** The suite's exit code; rejects if the page crashes or closes first. */
  readonly exitCode: Promise<number>;
  /** The last lines the page logged, for a time-out message. */
  consoleTail(lines?: number): string;
}

/** Opens `url` in `page` and resolves with the code the workbench reports when the extension tests end. */
export async function runWorkbenchTests(
  page: Page,
  url: string,
  onConsole?: (line: string) => void,
): Promise<WorkbenchTestRun> {
  const consoleLines: string[] = [];
  const remember = (line: string): void => {
    consoleLines.push(line);
    if (consoleLines.length > 500) consoleLines.shift();
    onConsole?.(line);
  };
  page.on('console', (message) => remember(`[browser ${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => remember(`[browser pageerror] ${error.message}`));

  let reportExit: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve, reject) => {
    reportExit = resolve;
    page.on('crash', () => reject(new Error('the workbench page crashed')));
    page.on('close', () => reject(new Error('the workbench page closed before the tests finished')));
  });
  exitCode.catch(() => undefined); // the caller may stop waiting (time-out); a later close must not go unhandled
  await page.exposeFunction('codeAutomationExit', (code: unknown) => {
    reportExit(typeof code === 'number' && Number.isInteger(code) ? code : 1);
  });
  await page.goto(url);
  return { exitCode, consoleTail: (lines = 20) => consoleLines.slice(-lines).join('\n') };
}
