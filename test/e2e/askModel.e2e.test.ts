// "Ask Model" as a person uses it, in the real workbench: the Command Palette, the question quick pick, the answer
// editor beside the code, Test Connection's notification and the model in the status bar. The reference server
// answers; screenshots in light and dark land in test-results/e2e/.
import assert from 'node:assert/strict';
import { setColorTheme } from '../support/e2e/colorTheme';
import { screenshot } from '../support/e2e/screenshots';
import { applySettings } from '../support/e2e/settingsFile';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import {
  MODEL_STATUS_ITEM,
  editorGroupWithTab,
  editorText,
  openFile,
  quickInput,
  quickInputBox,
  runCommand,
  selectLines,
  waitForNotification,
} from '../support/e2e/workbenchUi';
import { textTurn } from '../support/referenceServer';

const MODEL = 'e2e-model';

describe('Ask Model in the workbench (e2e)', function () {
  const server = useReferenceServer({ model: MODEL, models: ['other-model'] });
  const workbench = useWorkbench(() => ({ settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL } }));
  beforeEach(() => server().reset());

  it('asks about the selection from the Command Palette and streams the answer into a Markdown editor beside', async () => {
    const { page } = workbench;
    const answer = 'It returns a **greeting**.\n\n```ts\nhello("Ada"); // "Hello, Ada!"\n```\n\nÜnïcödé and `code` stay as written.';
    server().script(textTurn(answer, { chunks: 12, responseMs: 42 }));
    await openFile(page, 'hello.ts');
    await selectLines(page, 2, 4);
    await runCommand(page, 'Ask Model: Ask Model');

    // The question quick pick says what is being asked about.
    const picker = quickInput(page);
    await picker.locator('.quick-input-title', { hasText: 'Ask Model' }).waitFor();
    assert.equal(await quickInputBox(page).getAttribute('placeholder'), 'Ask about hello.ts, lines 2–4');
    await quickInputBox(page).fill('What does this do?');
    await quickInputBox(page).press('Enter');

    const answerEditor = editorGroupWithTab(page, 'What does this do');
    await answerEditor.locator('.view-line', { hasText: `model ${MODEL} · tokens` }).waitFor();
    const text = await editorText(answerEditor);
    const header = '**What does this do?**\n\n_About hello.ts, lines 2–4_\n\n---\n\n';
    assert.ok(text.startsWith(header), `the answer editor starts with the question:\n${text}`);
    const footerAt = text.lastIndexOf('\n\n---\n_');
    assert.equal(text.slice(header.length, footerAt), answer, 'exactly the scripted answer, streamed into the editor');
    assert.match(
      text.slice(footerAt),
      new RegExp(`^\\n\\n---\\n_model ${MODEL} · tokens \\d+/\\d+/\\d+ \\(prompt/completion/total\\) · first token [\\d.]+ m?s · total [\\d.]+ m?s · .*server 42 ms_\\n?$`),
    );
    // Beside the code: two editor groups, hello.ts still in the first.
    assert.equal(await page.locator('.editor-group-container').count(), 2);
    assert.equal(await page.locator('.editor-group-container').first().locator('.tab.active').getAttribute('aria-label'), 'hello.ts');
    assert.equal(await page.locator('.editor-group-container').first().locator('.tab').count(), 1, 'one tab for the answer, beside: none in the code’s group');
    assert.equal(await answerEditor.locator('.tab.active.dirty').count(), 0, 'the answer is not an unsaved file');
    assert.match((await answerEditor.locator('.tab.active .monaco-icon-label').getAttribute('class')) ?? '', /\bmarkdown-lang-file-icon\b/, 'a Markdown editor');

    const sent = server().requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1)?.body as { messages: { role: string; content: string }[] };
    assert.match(sent.messages.at(-1)?.content ?? '', /^What does this do\?\n\nhello\.ts, lines 2–4:\n```typescript\nexport function hello/);

    await screenshot(page, 'ask-model-answer-light');
    await setColorTheme(page, 'dark');
    await screenshot(page, 'ask-model-answer-dark');
    await setColorTheme(page, 'light');
  });

  it('Test Connection shows a notification naming the URL, the models and the answer time', async () => {
    const { page } = workbench;
    await runCommand(page, 'Ask Model: Test Connection');
    const toast = await waitForNotification(page, 'Connected to');
    const text = await toast.innerText();
    assert.match(text, new RegExp(`Connected to ${server().url.replace(/[.]/g, '\\.')}/v1/chat/completions\\. 2 model\\(s\\): ${MODEL}, other-model`));
    assert.match(text, new RegExp(`A one-token answer from ${MODEL} took [\\d.]+ m?s`));
    // The cheap questions first (LiteLLM's readiness, the model list and the richer endpoints, each a 404 here), one
    // token last; never /health.
    const paths = server().requests.map((request) => `${request.method} ${request.path}`);
    assert.equal(paths[0], 'GET /health/readiness');
    assert.equal(paths[1], 'GET /v1/models');
    assert.deepEqual(paths.slice(2, -1).sort(), ['GET /api/tags', 'GET /api/v0/models', 'GET /model_group/info', 'GET /props', 'GET /v1/model/info']);
    assert.equal(paths.at(-1), 'POST /v1/chat/completions');
    await screenshot(page, 'test-connection-notification');
  });

  it('shows the model in the status bar, and follows the setting (last: it changes the model)', async () => {
    const { page, session } = workbench;
    const item = page.locator(MODEL_STATUS_ITEM);
    await item.filter({ hasText: MODEL }).waitFor();
    await applySettings(page, session.settings, { 'askModel.model': 'other-model' });
    await item.filter({ hasText: 'other-model' }).waitFor();
  });
});
