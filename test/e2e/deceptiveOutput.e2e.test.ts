// Issue 16 in the real workbench (code-server + Chromium, the .vsix installed): model output that deceives, streamed
// by the reference server. The Trojan Source corpus (test/support/deceptiveText.ts, each string's source there) is
// drawn in the order its bytes run, each hidden character a placeholder naming it; Copy puts the exact bytes on the
// clipboard; Insert and Apply ask in VS Code's own modal dialog, naming the characters, and write nothing unless
// told to. A link's hover is its real target. And a bad link forced into the view's DOM (as a renderer bug would
// let through) is refused by the host and opened by nobody, the workbench's own webview click handling included.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { askModelLogLines } from '../support/e2e/askModelLog';
import { button, chatFrame, lastFinishedAnswer, openChat, sendMessage } from '../support/e2e/chatView';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, openFile, runCommand, selectLines } from '../support/e2e/workbenchUi';
import { SPOOFED_LINKS, TROJAN_SOURCE, fenced } from '../support/deceptiveText';
import { reorderedCharacters } from '../support/drawnOrder';
import { textTurn } from '../support/referenceServer';

const MODEL = 'deceive-model';
const REFUSED_LINK = /chat: refused to open a link/;
const BLOCKS = Object.entries(TROJAN_SOURCE);
const CORPUS_ANSWER = BLOCKS.map(([name, block]) => `${name}:\n\n${fenced(block)}`).join('\n\n');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Model output that deceives, in the workbench (e2e, issue 16)', function () {
  this.timeout(120_000);
  const server = useReferenceServer({ model: MODEL });
  const workbench = useWorkbench(() => ({
    // Auto-save off: the disk shows only what a test saved itself.
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0, 'files.autoSave': 'off' },
    waitForActivation: false,
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => server().reset());

  /** VS Code's modal dialog (in VS Code for the Web, part of the workbench's DOM). */
  const modal = () => workbench.page.locator('.monaco-dialog-box');
  const helloOnDisk = (): string => fs.readFileSync(path.join(workbench.session.workspaceDir, 'hello.ts'), 'utf8');
  afterEach(async () => {
    // A failed test must not leave its dialog over the workbench for the next one.
    if (await modal().isVisible()) await modal().getByRole('button', { name: 'Cancel' }).click();
  });

  it('the Trojan Source corpus: every block drawn as its bytes run, each character named, the block warns; Copy copies the exact bytes', async () => {
    const { page, session } = workbench;
    await session.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.origin });
    server().script(textTurn(CORPUS_ANSWER, { chunks: 40 }));
    await sendMessage(chat.view, 'Show me the corpus.');
    const done = await lastFinishedAnswer(chat.view);
    const blocks = done.locator('.code-block');
    assert.equal(await blocks.count(), BLOCKS.length);
    for (const [index, [name, block]] of BLOCKS.entries()) {
      const codeBlock = blocks.nth(index);
      assert.deepEqual(await codeBlock.locator('pre code').evaluate(reorderedCharacters), [], `${name} reads as its bytes run`);
      const named = await codeBlock.locator('.invisible-char').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-code-point')));
      assert.deepEqual([...new Set(named)], block.codePoints, `${name}: each character has its placeholder`);
      const warning = (await codeBlock.getByRole('note').textContent()) ?? '';
      for (const codePoint of block.codePoints.slice(0, 6)) assert.ok(warning.includes(codePoint), `${name}: the warning names ${codePoint}`);
      await button(codeBlock, 'Copy').click();
      await until(async () => (await page.evaluate(() => navigator.clipboard.readText())) === block.code, `${name}: the exact bytes on the clipboard`);
    }
  });

  it('Insert and Apply ask first, naming the characters; Cancel writes nothing, "Insert Anyway" writes the exact bytes', async () => {
    const { page } = workbench;
    const block = TROJAN_SOURCE.stretchedString!;
    server().script(textTurn(`Use this:\n\n${fenced(block)}\n`));
    const before = helloOnDisk();
    await openFile(page, 'hello.ts');
    await selectLines(page, 3, 3);
    await openChat(page);
    await sendMessage(chat.view, 'Check the access level.');
    const done = await lastFinishedAnswer(chat.view);
    const editor = editorGroupWithTab(page, 'hello.ts');
    const shownBefore = await editorText(editor);

    for (const action of ['Apply', 'Insert'] as const) {
      await button(done, action).click();
      await modal().waitFor({ state: 'visible' });
      const text = (await modal().innerText()).replace(/\s+/g, ' ');
      assert.match(text, new RegExp(`${action} code that holds 4 invisible or reordering characters\\?`));
      for (const line of ['U+202E RIGHT-TO-LEFT OVERRIDE', 'U+2066 LEFT-TO-RIGHT ISOLATE ×2', 'U+2069 POP DIRECTIONAL ISOLATE']) assert.ok(text.includes(line), `${action}: the dialog names ${line}: ${text}`);
      await modal().getByRole('button', { name: 'Cancel' }).click();
      await modal().waitFor({ state: 'hidden' });
      await sleep(500);
      assert.equal(await editorText(editor), shownBefore, `${action} cancelled: the editor is unchanged`);
      assert.equal(await page.locator('.tabs-container .tab.dirty').count(), 0, `${action} cancelled: nothing unsaved`);
    }

    await button(done, 'Insert').click();
    await modal().getByRole('button', { name: 'Insert Anyway' }).click();
    await until(async () => (await page.locator('.tabs-container .tab.dirty').count()) === 1, 'hello.ts changed in its buffer');
    await openFile(page, 'hello.ts');
    await runCommand(page, 'File: Save');
    // Waits for the bytes themselves: a save truncates the file before writing it, and a read in between sees neither.
    await until(async () => helloOnDisk().includes(block.code), 'hello.ts saved with the exact bytes, controls and all');
    await page.keyboard.press('Control+Z');
    await runCommand(page, 'File: Save');
    await until(async () => helloOnDisk() === before, 'hello.ts back as it was');
    await openChat(page);
  });

  it('a link’s hover names its real target, whatever title or text the model gave it', async () => {
    server().script(textTurn(`${SPOOFED_LINKS.titled.markdown}, ${SPOOFED_LINKS.imageTitled.markdown} and ${SPOOFED_LINKS.homoglyph.markdown}.`));
    await sendMessage(chat.view, 'Links, please.');
    const done = await lastFinishedAnswer(chat.view);
    const links = await done.locator('.markdown a').evaluateAll((anchors) => anchors.map((anchor) => [anchor.getAttribute('href'), anchor.getAttribute('title')]));
    assert.deepEqual(links, [SPOOFED_LINKS.titled.href, SPOOFED_LINKS.imageTitled.href, SPOOFED_LINKS.homoglyph.href].map((href) => [href, href]));
  });

  it('a bad link forced into the view’s DOM goes to the host, which refuses it; neither the view nor the workbench opens it', async () => {
    const { page } = workbench;
    server().script(textTurn('Nothing to click here.'));
    await sendMessage(chat.view, 'Say something harmless.');
    await lastFinishedAnswer(chat.view);
    const userData = workbench.session.server.userDataDir;
    const refusedBefore = askModelLogLines(userData, REFUSED_LINK).length;
    const pagesBefore = workbench.session.browser.pages().length;
    const tabsBefore = await page.locator('.tabs-container .tab').allInnerTexts();
    // Targets the renderer never lets through, which VS Code for the Web acts on itself if a click reaches its
    // handler: a file, the vscode: URL handler, a command, and a script URL.
    const hrefs = ['file:///etc/passwd', `vscode://file${path.join(workbench.session.workspaceDir, 'hello.ts')}`, 'command:workbench.action.terminal.new', 'javascript:void(0)'];
    const frame = await chatFrame(page);
    await frame.evaluate((targets) => {
      const body = [...document.querySelectorAll('[role="article"][aria-label="Assistant message"] .markdown')].at(-1)!;
      for (const [index, href] of targets.entries()) {
        const link = document.createElement('a');
        link.href = href;
        link.textContent = `forced link ${index}`;
        body.append(' ', link);
      }
    }, hrefs);
    for (const [index] of hrefs.entries()) {
      await chat.view.getByText(`forced link ${index}`).click();
      await chat.view.getByText(`forced link ${index}`).click({ button: 'middle' });
    }
    await until(async () => askModelLogLines(userData, REFUSED_LINK).length >= refusedBefore + 2 * hrefs.length, 'the host refused each click', 20_000);
    await sleep(2_000); // time for anything else to happen: an editor, a terminal, a window
    assert.equal(askModelLogLines(userData, REFUSED_LINK).length - refusedBefore, 2 * hrefs.length, 'every click reached the host, and was refused');
    assert.equal(workbench.session.browser.pages().length, pagesBefore, 'no window opened');
    assert.deepEqual(await page.locator('.tabs-container .tab').allInnerTexts(), tabsBefore, 'no editor opened');
    assert.equal(await page.locator('.terminal-tab, .terminal-wrapper').count(), 0, 'no terminal opened');
    assert.deepEqual(chat.dialogs, [], 'no alert, confirm or prompt');
  });
});
