// The Ask Model chat view from the outside. VS Code 1.139 renders a webview view as two nested iframes over the side
// bar: the outer `iframe.webview` (its src names the extension) hosts VS Code's pre/index.html, which loads our HTML
// into the inner `iframe#active-frame`. Locators go through both; `chatFrame` returns the inner Frame for evaluate().
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { until } from './until';
import { runCommand } from './workbenchUi';

export const CHAT_WEBVIEW = 'iframe.webview[src*="extensionId=ask-model.ask-model"]';
const CONTENT_FRAME = 'iframe#active-frame';

export function chatView(page: Page): FrameLocator {
  return page.frameLocator(CHAT_WEBVIEW).frameLocator(CONTENT_FRAME);
}

/**
 * "Ask Model: Open Chat", then waits until the view rendered its message box and the box has the keyboard, which is
 * what the command does last. The host asks the view to focus the box once the view says it is ready (after a reload,
 * a second or more after the box shows): a quick input opened before that focus lands closes under it, as the
 * Command Palette did in a cold run (the click on its row then found the row hidden).
 */
export async function openChat(page: Page): Promise<FrameLocator> {
  await runCommand(page, 'Ask Model: Open Chat');
  const view = chatView(page);
  const box = messageBox(view);
  await box.waitFor({ state: 'visible', timeout: 20_000 });
  await until(async () => box.evaluate((element) => element === document.activeElement && document.hasFocus()).catch(() => false), 'the message box to have the keyboard after Open Chat', 20_000);
  return view;
}

/** The inner frame itself, for `frame.evaluate` (it is replaced when the view's HTML is set again: ask again). */
export async function chatFrame(page: Page): Promise<Frame> {
  const outer = await page.locator(CHAT_WEBVIEW).first().elementHandle();
  const outerFrame = await outer?.contentFrame();
  const inner = await outerFrame?.locator(CONTENT_FRAME).elementHandle();
  const frame = await inner?.contentFrame();
  if (!frame) throw new Error('the Ask Model chat webview is not on the page (run "Ask Model: Open Chat" first)');
  return frame;
}

// The view's accessibility contract: what a screen reader (and these tests) can find.
export const messageBox = (view: FrameLocator): Locator => view.getByRole('textbox', { name: 'Message' });
export const button = (view: FrameLocator | Locator, name: string): Locator => view.getByRole('button', { name, exact: true });
export const userMessages = (view: FrameLocator): Locator => view.getByRole('article', { name: 'User message' });
export const assistantMessages = (view: FrameLocator): Locator => view.getByRole('article', { name: 'Assistant message' });
export const alerts = (view: FrameLocator | Locator): Locator => view.getByRole('alert');

/** The assistant message still streaming (the contract: `aria-busy="true"` until it is done). */
export const busyAssistantMessage = (view: FrameLocator): Locator => view.locator('[role="article"][aria-label="Assistant message"][aria-busy="true"]');

/**
 * The rendered answer of an assistant message, without its author line, tool cards, notes and footer; '' when the
 * message is gone. While it streams the view keeps the finished blocks and the unfinished tail in sibling `.markdown`
 * elements (the view's own class, not the accessibility contract: the one place these tests lean on the markup).
 */
export async function answerText(message: Locator): Promise<string> {
  try {
    return await message.evaluate(
      (article) => [...article.querySelectorAll<HTMLElement>(':scope > .markdown')].map((part) => part.innerText.trim()).filter(Boolean).join('\n\n'),
      undefined,
      { timeout: 2_000 },
    );
  } catch {
    return '';
  }
}

/** Waits until the last assistant message is done (not busy) and returns it. */
export async function lastFinishedAnswer(view: FrameLocator, timeoutMs = 20_000): Promise<Locator> {
  const last = assistantMessages(view).last();
  await last.waitFor({ state: 'visible', timeout: timeoutMs });
  await busyAssistantMessage(view).first().waitFor({ state: 'detached', timeout: timeoutMs });
  return last;
}

/**
 * Types a message into the box, presses Send and waits until its answer's message is on the list, so that
 * `lastFinishedAnswer` afterwards finds this answer and not the one before it (still the last, and finished, for the
 * moment between the click and the host's first post).
 */
export async function sendMessage(view: FrameLocator, text: string, timeoutMs = 20_000): Promise<void> {
  const answersBefore = await assistantMessages(view).count();
  const box = messageBox(view);
  await box.fill(text);
  await button(view, 'Send').click();
  await assistantMessages(view).nth(answersBefore).waitFor({ state: 'attached', timeout: timeoutMs });
}

/** Starts a new conversation and waits until the list is empty. */
export async function newChat(view: FrameLocator): Promise<void> {
  await button(view, 'New chat').click();
  await assistantMessages(view).first().waitFor({ state: 'detached' });
  await userMessages(view).first().waitFor({ state: 'detached' });
}
