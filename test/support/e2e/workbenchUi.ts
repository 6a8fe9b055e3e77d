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

/**
 * Waits for the quick input whose title contains `title` (a command's own question, a step of a flow). The Command
 * Palette that ran the command stays on screen for a moment after its row was clicked, in the same widget and the same
 * text box: what is typed before the command's own input has replaced it goes into the closing palette and is lost.
 */
export async function waitForQuickInputTitled(page: Page, title: string, timeoutMs = 15_000): Promise<Locator> {
  await quickInput(page).locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible', timeout: timeoutMs });
  return quickInputBox(page);
}

/**
 * Waits until the keyboard's focus is in the text of the active editor group's editor, of the file whose path ends with
 * `file` when given: the document's own focus (its active element), which is where a key press goes, rather than a
 * class the editor sets. A key pressed before that goes to whatever had the focus (a closing quick input, a webview).
 */
export async function waitForEditorFocus(page: Page, file?: string, timeoutMs = 15_000): Promise<void> {
  try {
    await page.waitForFunction(
      (suffix) => {
        const editor = document.activeElement?.closest('.editor-group-container.active .monaco-editor');
        return editor !== null && editor !== undefined && (suffix === '' || (editor.getAttribute('data-uri') ?? '').endsWith(suffix));
      },
      file ? `/${file}` : '',
      { timeout: timeoutMs, polling: 50 },
    );
  } catch (error) {
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return `${active?.tagName ?? 'nothing'}.${active?.className ?? ''} in ${active?.closest('.monaco-editor')?.getAttribute('data-uri') ?? 'no editor'}`;
    });
    throw new Error(`the keyboard's focus did not reach the editor${file ? ` of ${file}` : ''} (it is on ${focused})`, { cause: error });
  }
}

/** The status-bar item in which VS Code reports the active editor's cursor: "Ln 2, Col 3", "Ln 4, Col 2 (75 selected)". */
const CURSOR_STATUS_ITEM = '[id="status.editor.selection"]';

export interface CursorStatus {
  readonly line: number;
  readonly column: number;
  /** Characters selected; 0 when nothing is. */
  readonly selected: number;
}

/** The active editor's cursor as VS Code reports it in the status bar; undefined while it reports none. */
export async function cursorStatus(page: Page): Promise<CursorStatus | undefined> {
  const text = await page.locator(CURSOR_STATUS_ITEM).first().innerText({ timeout: 1_000 }).catch(() => '');
  const match = /Ln (\d+), Col (\d+)(?: \((\d+) selected\))?/.exec(text);
  return match ? { line: Number(match[1]), column: Number(match[2]), selected: Number(match[3] ?? 0) } : undefined;
}

/**
 * Waits until VS Code reports the cursor where `wanted` says (each field given must match; `selected: 'some'` asks for
 * a selection of any size). Keys are handled in order, but what the test does next (type, run a command on the
 * selection) needs them to have landed where it thinks: this is VS Code's word that they did.
 */
export async function waitForCursor(page: Page, wanted: { line?: number; column?: number; selected?: number | 'some' }, timeoutMs = 10_000): Promise<void> {
  let shown: CursorStatus | undefined;
  const matches = (status: CursorStatus | undefined): boolean =>
    status !== undefined &&
    (wanted.line === undefined || status.line === wanted.line) &&
    (wanted.column === undefined || status.column === wanted.column) &&
    (wanted.selected === undefined || (wanted.selected === 'some' ? status.selected > 0 : status.selected === wanted.selected));
  const deadline = Date.now() + timeoutMs;
  while (!matches((shown = await cursorStatus(page)))) {
    if (Date.now() > deadline) throw new Error(`VS Code reports the cursor at ${JSON.stringify(shown ?? 'nowhere')}, not ${JSON.stringify(wanted)}, after ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
}

/** Opens a workspace file with Quick Open (Ctrl+P) and waits until its editor is active and has the keyboard. */
export async function openFile(page: Page, relativePath: string): Promise<void> {
  const name = relativePath.split('/').pop() ?? relativePath;
  await page.keyboard.press('Control+P');
  const box = quickInputBox(page);
  await box.waitFor({ state: 'visible' });
  await box.fill(relativePath);
  await quickInput(page).locator('.monaco-list-row.focused', { hasText: name }).waitFor({ state: 'visible' });
  await box.press('Enter');
  await activeTab(page, name).waitFor({ state: 'visible' });
  await waitForEditorFocus(page, relativePath);
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
  await waitForEditorFocus(page);
  await page.keyboard.press('Control+G');
  const box = quickInputBox(page);
  await box.waitFor({ state: 'visible' });
  await box.fill(`:${from}`);
  await box.press('Enter');
  await box.waitFor({ state: 'hidden' });
  // The keys below go to the editor only once Go to Line has handed the keyboard back to it.
  await waitForEditorFocus(page);
  await waitForCursor(page, { line: from, selected: 0 });
  await page.keyboard.press('Home');
  await page.keyboard.press('Home'); // the first Home stops at the indentation
  for (let line = from; line < to; line++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await waitForCursor(page, { line: to, selected: 'some' });
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
