// The user settings of a UI run: written to User/settings.json before code-server starts, and changed while it runs
// through the settings editor (applySettings), because the workbench does not notice edits made behind its back.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Page } from 'playwright-core';
import { runCommand } from './workbenchUi';

/** What every UI run sets besides the launcher's quiet settings: nothing that pops up, nothing that moves. */
export const E2E_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.secondarySideBar.defaultVisibility': 'hidden', // an empty chat side bar otherwise opens on the right
  'workbench.editor.useModal': 'off', // 1.139 opens settings.json in a floating editor otherwise
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.reduceMotion': 'on',
  'extensions.ignoreRecommendations': true,
  'extensions.autoCheckUpdates': false,
  'git.enabled': false,
  'editor.minimap.enabled': false,
  'editor.accessibilitySupport': 'off',
  'editor.quickSuggestions': { other: false, comments: false, strings: false },
  'editor.suggestOnTriggerCharacters': false,
  'editor.parameterHints.enabled': false,
  'editor.hover.enabled': 'off',
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoIndent': 'none',
  'editor.autoSurround': 'never',
  'editor.formatOnType': false,
  // The answer editor is read back from the DOM line by line: one model line must be one screen line.
  'editor.wordWrap': 'off',
  '[markdown]': { 'editor.wordWrap': 'off' },
  'window.confirmBeforeClose': 'never',
  'security.workspace.trust.enabled': false,
};

export class SettingsFile {
  constructor(readonly file: string) {}

  static inUserDataDir(userDataDir: string): SettingsFile {
    return new SettingsFile(path.join(userDataDir, 'User', 'settings.json'));
  }

  read(): Record<string, unknown> {
    return JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, unknown>;
  }

  /** undefined while the file is being written (empty or cut short). */
  tryRead(): Record<string, unknown> | undefined {
    try {
      return this.read();
    } catch {
      return undefined;
    }
  }
}

let applied = 0;

/** A title suffix no one sees in a screenshot: a word joiner, the number in zero-width spaces/non-joiners, a joiner. */
function invisibleMarker(n: number): string {
  return `\u2060${[...n.toString(2)].map((bit) => (bit === '0' ? '\u200b' : '\u200c')).join('')}\u200d`;
}

/**
 * Changes user settings the way a user does: "Preferences: Open User Settings (JSON)", the new JSON typed over the
 * old, saved, closed. (Writing the file behind the workbench's back is not enough: code-server 4.139 does not notice
 * changes to the user settings file it did not make.) Waits until the workbench has applied them: `window.title`
 * gets a fresh marker in the same save, and the page title shows it. The extension host hears of a configuration
 * change before any later command or webview message, so the next action runs with the new settings.
 */
export async function applySettings(page: Page, settings: SettingsFile, patch: Readonly<Record<string, unknown>>): Promise<void> {
  const marker = invisibleMarker(++applied);
  const wanted: Record<string, unknown> = { ...settings.read(), 'window.title': `\${rootName}${marker}` };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete wanted[key];
    else wanted[key] = value;
  }
  await runCommand(page, 'Preferences: Open User Settings (JSON)');
  const editor = page.locator('.monaco-editor.focused[data-uri$="/User/settings.json"]');
  await editor.waitFor({ state: 'visible' });
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(wanted)); // one line: nothing to auto-indent
  await page.keyboard.press('Control+S');
  const deadline = Date.now() + 10_000;
  while (!isDeepStrictEqual(settings.tryRead(), wanted)) {
    if (Date.now() > deadline) assert.deepEqual(settings.tryRead(), wanted, 'the settings editor saved exactly the settings typed into it');
    await page.waitForTimeout(100);
  }
  // The file holds exactly what was typed; close without a second save. With auto-save off (the test host's setting)
  // the buffer can be dirty again by now (seen after a window reload), and Ctrl+W would stop at "Save changes?".
  await runCommand(page, 'View: Revert and Close Editor');
  await page.locator('.monaco-editor[data-uri$="/User/settings.json"]').waitFor({ state: 'detached' });
  await page.waitForFunction((expected) => document.title.includes(expected), marker, { timeout: 10_000, polling: 100 });
}
