// VS Code's own Chat view from the outside, as the UI tier and the side-by-side bench drive it: its model picker (where
// our models are offered) and its input. The selectors are VS Code 1.139's markup; the picker's quirks on a busy
// machine are handled here, once.
import type { Locator, Page } from 'playwright-core';
import { until } from './until';
import { exactly } from './workbenchUi';

/** The drop-down of the Chat view's model picker (an action widget in a context view). */
export const pickerDropdown = (page: Page): Locator => page.locator('.context-view .action-widget-dropdown').first();
export const pickerRows = (page: Page): Locator => pickerDropdown(page).locator('.monaco-list-row.action');
export const pickerRow = (page: Page, model: string): Locator => pickerRows(page).filter({ has: page.locator('.title', { hasText: exactly(model) }) });
/** The chat input's model picker: what it shows as the current model. */
export const pickerLabel = (page: Page): Locator => page.locator('.interactive-input-part .model-picker-item .chat-input-picker-label');
/** The last answer in VS Code's Chat view. */
export const lastVsCodeChatAnswer = (page: Page): Locator => page.locator('.interactive-item-container.interactive-response').last();

/**
 * Opens the Chat view's model picker and waits until it lists `model`, expanding "Other Models" (where all but the
 * current model sit) if it starts collapsed. Once, in a full e2e run, the drop-down opened right after "Chat: Open
 * Chat" stayed empty in the window's top-left corner, as one anchored to an element no longer on the page would (the
 * Chat view still settling); so a drop-down without the model is closed and the picker opened again.
 */
export async function openModelPicker(page: Page, model: string): Promise<void> {
  const others = pickerRows(page).filter({ hasText: exactly('Other Models') });
  for (let attempt = 1; ; attempt++) {
    const picker = page.locator('.interactive-input-part .model-picker-item a.model-picker-name').first();
    await picker.waitFor();
    await picker.click();
    await pickerDropdown(page).waitFor();
    try {
      await pickerRows(page).first().waitFor({ timeout: 5_000 });
      if ((await others.count()) > 0 && (await others.getAttribute('aria-expanded')) === 'false') await others.click();
      await pickerRow(page, model).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
      await pickerDropdown(page).waitFor({ state: 'hidden' });
    }
  }
}

/**
 * Clicks `model` in the open drop-down and waits until the picker's label names it. Once in a cold CI run the label
 * did not name it 15 s after the click, and once here it still named the model VS Code's chat had chosen first (its
 * model selection re-applies a default as the chat's model list and session settle); so the label shown is logged and
 * the model picked again, at most 3 times in all.
 */
export async function pickModel(page: Page, model: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await pickerRow(page, model).click();
    await pickerDropdown(page).waitFor({ state: 'hidden' });
    try {
      await pickerLabel(page).filter({ hasText: exactly(model) }).first().waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      const shown = (await pickerLabel(page).first().textContent({ timeout: 1_000 }).catch(() => null)) ?? '(no label)';
      console.log(`      [e2e] picked ${model}, the picker still shows ${JSON.stringify(shown)} (attempt ${attempt})`);
      if (attempt === 3) throw error;
      await openModelPicker(page, model);
    }
  }
}

/**
 * Types `question` into VS Code's chat input (not sending it). A decoration layer over the input takes the pointer,
 * so the click is forced onto the input's editor; and the question is typed again if the first keys went elsewhere
 * while the focus was on its way.
 */
export async function typeVsCodeChatQuestion(page: Page, question: string): Promise<void> {
  const inputText = page.locator('.interactive-input-part .view-lines').first();
  await page.keyboard.press('Escape');
  await until(async () => {
    await page.locator('.interactive-input-part .monaco-editor').first().click({ force: true });
    await page.keyboard.press('Control+A');
    await page.keyboard.type(question);
    return (await inputText.innerText()).replace(/\s+/g, ' ').trim() === question;
  }, 'the question typed in VS Code’s chat input');
}
