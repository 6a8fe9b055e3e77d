// Driving the VS Code 1.139 workbench the way a person does: the Command Palette, Quick Open, Go to Line, editors,
// the status bar and notifications. Selectors are the workbench's own classes and ARIA (checked against 1.139).
import type { Locator, Page } from 'playwright-core';

/** The extension's model item in the status bar: it appears once `activate()` ran, so it marks the extension ready. */
export const MODEL_STATUS_ITEM = '[id="ask-model.ask-model.askModel.model"]';
/**
 * The extension's activity-bar entry: it appears once the workbench registered the extension's contributions (its
 * commands are in the Command Palette from then on), before the extension activates.
 */
export const ACTIVITY_BAR_ENTRY = '.part.activitybar .action-item [aria-label="Ask Model"]';

/**
 * Waits for the workbench to show Ask Model's contributions and, unless `activated: false`, for Ask Model to have
 * activated (which it does `onStartupFinished`, some seconds later, or at once when its view opens).
 */
export async function waitForWorkbenchReady(page: Page, { activated = true, timeoutMs = 60_000 } = {}): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  try {
    await page.locator(ACTIVITY_BAR_ENTRY).first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch (error) {
    throw new Error(`the workbench loaded but shows no Ask Model in the activity bar (is the extension installed?): ${String(error)}`, { cause: error });
  }
  if (!activated) return;
  try {
    await page.locator(MODEL_STATUS_ITEM).waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    throw new Error(`the workbench loaded but Ask Model did not activate within ${timeoutMs / 1000} s (its status-bar item never appeared)`);
  }
}

export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

/** The text box of the open quick input (Command Palette, Quick Open, a quick pick of the extension). */
export function quickInputBox(page: Page): Locator {
  return quickInput(page).locator('input.input');
}

/** Opens the Command Palette. Keys go to whatever has focus; a webview forwards F1 to the workbench too. */
async function openCommandPalette(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.keyboard.press('F1');
    try {
      await quickInputBox(page).waitFor({ state: 'visible', timeout: 3_000 });
      return;
    } catch {
      await page.keyboard.press('Escape'); // whatever swallowed F1 (a menu, a hover) goes away
    }
  }
  await quickInputBox(page).waitFor({ state: 'visible', timeout: 3_000 });
}

/**
 * Runs a command by its title as the palette shows it, e.g. `Ask Model: Test Connection`. The palette orders by fuzzy
 * score and recent use, so the exact title is picked by its label and clicked (Enter would run the focused row). A
 * palette opened just before an extension's commands were registered never lists them: close it and look again.
 */
export async function runCommand(page: Page, title: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const exact = exactly(title);
  for (;;) {
    await openCommandPalette(page);
    const box = quickInputBox(page);
    await box.fill(`>${title}`);
    const row = quickInput(page).locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exact }) }).first();
    try {
      await row.waitFor({ state: 'visible', timeout: Math.min(5_000, Math.max(500, deadline - Date.now())) });
    } catch {
      if (Date.now() < deadline) {
        await page.keyboard.press('Escape');
        continue;
      }
      const shown = await quickInput(page).locator('.monaco-list-row .label-name').allInnerTexts();
      throw new Error(`the Command Palette does not offer "${title}"; it shows: ${JSON.stringify(shown.slice(0, 5))}`);
    }
    // Callers wait for what the command shows (it may be a quick input of its own, in this same widget).
    await row.click();
    return;
  }
}

/** Opens a workspace file with Quick Open (Ctrl+P) and waits until its editor is active and focused. */
export async function openFile(page: Page, relativePath: string): Promise<void> {
  const name = relativePath.split('/').pop() ?? relativePath;
  await page.keyboard.press('Control+P');
  const box = quickInputBox(page);
  await box.waitFor({ state: 'visible' });
  await box.fill(relativePath);
  await quickInput(page).locator('.monaco-list-row.focused', { hasText: name }).waitFor({ state: 'visible' });
  await box.press('Enter');
  await activeTab(page, name).waitFor({ state: 'visible' });
  await page.locator('.editor-group-container.active .monaco-editor.focused').waitFor({ state: 'visible' });
}

/** The active tab of the active editor group, if its title contains `title`. */
export function activeTab(page: Page, title: string): Locator {
  return page.locator('.editor-group-container.active .tab.active', { hasText: title });
}

/**
 * Selects whole lines `from`..`to` (1-based, inclusive) in the focused editor with Go to Line and Shift+arrows, as a
 * person would; the last line is selected to its end, without the line break.
 */
export async function selectLines(page: Page, from: number, to: number): Promise<void> {
  await page.keyboard.press('Control+G');
  const box = quickInputBox(page);
  await box.waitFor({ state: 'visible' });
  await box.fill(`:${from}`);
  await box.press('Enter');
  await box.waitFor({ state: 'hidden' });
  await page.keyboard.press('Home');
  await page.keyboard.press('Home'); // the first Home stops at the indentation
  for (let line = from; line < to; line++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
}

/** The editor group (a column of editors) whose active tab's title contains `title`. */
export function editorGroupWithTab(page: Page, title: string): Locator {
  return page.locator('.editor-group-container').filter({ has: page.locator('.tab.active', { hasText: title }) });
}

/**
 * The text an editor shows, read from its rendered lines in screen order (Monaco renders only what is in view, so
 * this is for documents that fit on screen; e2e settings turn word wrap off so a model line is one screen line).
 */
export async function editorText(editor: Locator): Promise<string> {
  return editor.locator('.view-lines').first().evaluate((lines) => {
    const rendered = [...lines.querySelectorAll<HTMLElement>('.view-line')].map((line) => ({ top: parseFloat(line.style.top) || 0, text: line.textContent ?? '' }));
    rendered.sort((a, b) => a.top - b.top);
    return rendered.map((line) => line.text.replace(/\u00a0/g, ' ')).join('\n');
  });
}

/** The notification toasts on screen; each toast's text is its message, source and buttons. */
export function notificationToasts(page: Page): Locator {
  return page.locator('.notifications-toasts .notification-toast');
}

/** Waits for a toast whose text matches and returns it. */
export async function waitForNotification(page: Page, text: string | RegExp, timeoutMs = 15_000): Promise<Locator> {
  const toast = notificationToasts(page).filter({ hasText: text }).first();
  await toast.waitFor({ state: 'visible', timeout: timeoutMs });
  return toast;
}

/**
 * Matches exactly `text` (a label, a model name), every character that is special in a RegExp escaped; whitespace
 * around it is allowed (a label beside an icon keeps a space).
 */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
