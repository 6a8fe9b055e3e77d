// Ask Model's walkthrough on VS Code's Welcome page: opened as a person would ("Ask Model: Get Started"), and each
// step's tick as VS Code draws it (the step's button carries aria-checked).
import type { Locator, Page } from 'playwright-core';
import { until } from './until';
import { runCommand } from './workbenchUi';

/** The walkthrough's step buttons, one per step, in order. */
export const walkthroughSteps = (page: Page): Locator => page.locator('.gettingStartedContainer button.getting-started-step');

/** Runs "Ask Model: Get Started" and waits for the walkthrough's steps. */
export async function openWalkthrough(page: Page): Promise<void> {
  await runCommand(page, 'Ask Model: Get Started');
  await walkthroughSteps(page).first().waitFor({ timeout: 15_000 });
}

/**
 * Closes the walkthrough with Ctrl+W, as a person does, once its page is the active editor (Ctrl+W closes whatever
 * editor is active: pressed while another one still is, it closes that one), and waits until it is gone.
 */
export async function closeWalkthrough(page: Page): Promise<void> {
  await page.locator('.editor-group-container.active .tab.active', { hasText: 'Welcome' }).waitFor({ state: 'visible' });
  await page.keyboard.press('Control+W');
  await walkthroughSteps(page).first().waitFor({ state: 'detached' });
}

/** Each step's id (package.json's, without the extension's prefix) and whether VS Code shows it done. */
export async function walkthroughProgress(page: Page): Promise<Record<string, boolean>> {
  const steps = walkthroughSteps(page);
  const progress: Record<string, boolean> = {};
  for (let i = 0; i < (await steps.count()); i++) {
    const step = steps.nth(i);
    const id = ((await step.getAttribute('data-step-id')) ?? '').split('#').pop() ?? '';
    progress[id] = (await step.getAttribute('aria-checked')) === 'true';
  }
  return progress;
}

/** Waits until VS Code shows `step` done (Get Started tells it of done steps just after the page opens). */
export async function waitForStepDone(page: Page, step: string, timeoutMs = 10_000): Promise<void> {
  await until(async () => (await walkthroughProgress(page))[step] === true, `the walkthrough's step ${step} ticked`, timeoutMs);
}
