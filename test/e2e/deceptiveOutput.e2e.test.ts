// Issue 16 in the real workbench (code-server + Chromium, the .vsix installed): code the model wrote that holds
// invisible or reordering characters (the Trojan Source corpus, test/support/deceptiveText.ts, each string's source
// there) is inserted or applied only after VS Code's own modal dialog asked, naming the characters, and nothing is
// written unless the user said so. What the view draws of such output (each block in the order its bytes run, each
// character a named placeholder, the exact bytes posted by Copy, Insert and Apply), links' hovers and a bad link forced
// into the DOM are the webview tier's (test/webview/deceptiveOutput.test.ts); the host's refusal of a link that is not
// http(s) or mailto is test/unit/chat/webviewProtocol.test.ts's and security.e2e's (forged messages of every kind).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { button, lastFinishedAnswer, openChat, sendMessage } from '../support/e2e/chatView';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, openFile, runCommand, selectLines, waitForEditorFocus } from '../support/e2e/workbenchUi';
import { TROJAN_SOURCE, fenced } from '../support/deceptiveText';
import { textTurn } from '../support/referenceServer';

const MODEL = 'deceive-model';

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
    // Undo goes to the editor that has the keyboard: hello.ts's, once the Command Palette has handed it back.
    await waitForEditorFocus(page, 'hello.ts');
    await page.keyboard.press('Control+Z');
    await runCommand(page, 'File: Save');
    await until(async () => helloOnDisk() === before, 'hello.ts back as it was');
    await openChat(page);
  });
});
