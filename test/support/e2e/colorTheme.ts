// Light and dark runs. VS Code 1.139's default themes are "Light 2026" and "Dark 2026" (theme-defaults' ids and
// labels; "Light Modern"/"Dark Modern" still ship, the "Default … Modern" names of older versions do not). The theme is
// picked the way a user does, with "Preferences: Color Theme", and the wait ends when the workbench and (if open) the
// chat webview have both switched.
import type { Page } from 'playwright-core';
import { CHAT_WEBVIEW, chatView } from './chatView';
import { quickInput, quickInputBox, runCommand } from './workbenchUi';

export type ThemeKind = 'light' | 'dark';
export const COLOR_THEMES: Readonly<Record<ThemeKind, string>> = { light: 'Light 2026', dark: 'Dark 2026' };
/** The class the workbench root and a webview's body carry for each kind. */
const WORKBENCH_CLASS: Readonly<Record<ThemeKind, string>> = { light: 'vs', dark: 'vs-dark' };
const WEBVIEW_BODY_CLASS: Readonly<Record<ThemeKind, string>> = { light: 'vscode-light', dark: 'vscode-dark' };

export async function setColorTheme(page: Page, kind: ThemeKind): Promise<void> {
  const theme = COLOR_THEMES[kind];
  await runCommand(page, 'Preferences: Color Theme');
  await quickInput(page).locator('input.input[placeholder^="Select Color Theme"]').waitFor();
  await quickInputBox(page).fill(theme);
  await quickInput(page).locator('.monaco-list-row.focused .label-name').filter({ hasText: new RegExp(`^${theme}$`) }).waitFor();
  await quickInputBox(page).press('Enter');
  await quickInputBox(page).waitFor({ state: 'hidden' });
  await page.locator(`.monaco-workbench.${WORKBENCH_CLASS[kind]}`).waitFor({ state: 'attached' });
  if ((await page.locator(CHAT_WEBVIEW).count()) > 0) {
    await chatView(page).locator(`body.${WEBVIEW_BODY_CLASS[kind]}`).waitFor({ state: 'attached' });
  }
  await page.waitForTimeout(300); // one more frame of paint before a screenshot
}
