// What the workspace brings to the chat, in the real workbench (one workbench for the three, on one workspace):
// - @-mentions: `@` opens the completion list with the workspace's files (never a deny glob's); picking a file puts
//   its chip above the box and its text into the request.
// - Slash commands: `/` lists the commands and the workspace's prompt files, and /explain sends its prompt with the
//   file.
// - Project rules: with AGENTS.md, .github/copilot-instructions.md and a CLAUDE.md that hides a reordering character,
//   an answer's message shows a Rules chip per file sent (the one with the hidden character marked, its tooltip
//   naming it), the reference server got them in the system message, and clicking a chip opens that file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lastFinishedAnswer, messageBox, sendMessage, userMessages } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { FIXTURE_WORKSPACE } from '../support/e2e/workbenchSession';
import { activeTab, editorGroupWithTab, editorText } from '../support/e2e/workbenchUi';
import { textTurn } from '../support/referenceServer';

const MODEL = 'workspace-model';
const RULES = {
  'AGENTS.md': '# Agents\n\nRun npm test before you say it works.\n',
  '.github/copilot-instructions.md': 'Prefer named exports.\n',
  // U+202E RIGHT-TO-LEFT OVERRIDE: the text reads differently from what it is.
  'CLAUDE.md': 'Never run \u202Erm -rf\u202C without asking.\n',
};

describe('what the workspace brings to the chat: @-mentions, slash commands, project rules (e2e)', function () {
  const server = useReferenceServer({ model: MODEL });
  let workspace: string;
  before(() => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-workspace-e2e-'));
    fs.cpSync(FIXTURE_WORKSPACE, workspace, { recursive: true });
    fs.writeFileSync(path.join(workspace, '.env.hello'), 'HELLO_TOKEN=never-offered\n');
    fs.mkdirSync(path.join(workspace, '.github', 'prompts'), { recursive: true });
    fs.writeFileSync(path.join(workspace, '.github', 'prompts', 'review.prompt.md'), '---\ndescription: Review the attached code for bugs\nmode: ask\n---\nReview ${selection} for bugs.\n');
    for (const [file, text] of Object.entries(RULES)) {
      fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      fs.writeFileSync(path.join(workspace, file), text);
    }
  });
  after(() => {
    fs.rmSync(workspace, { recursive: true, force: true });
  });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0 },
    workspace,
    waitForActivation: false,
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => server().reset());

  const sentUserMessage = (): string => {
    const body = server().requests.filter((request) => request.path === '/v1/chat/completions').at(-1)?.body as { messages: { role: string; content: string }[] } | undefined;
    return body?.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  };

  it('@ lists the workspace files (not a denied one); picking one shows its chip and sends its text', async () => {
    const { view } = chat;
    const box = messageBox(view);
    await box.fill('');
    await box.pressSequentially('What does @hel');
    const list = view.getByRole('listbox', { name: 'Suggestions' });
    const hello = view.getByRole('option', { name: /^@hello\.ts/ });
    await hello.waitFor({ timeout: 15_000 });
    assert.equal(await view.getByRole('option', { name: /\.env\.hello/ }).count(), 0, 'a file the deny globs cover is not offered');
    // The symbol hello() may rank above the file once TypeScript has indexed it: the arrows reach the file.
    for (let step = 0; (await hello.getAttribute('aria-selected')) !== 'true'; step++) {
      assert.ok(step < (await view.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').count()), 'the arrows reach @hello.ts');
      await box.press('ArrowDown');
    }
    assert.equal(await box.getAttribute('aria-activedescendant'), await hello.getAttribute('id'));
    await screenshot(workbench.page, 'chat-mention-completion', workbench.page.locator('.part.sidebar'));

    await box.press('Enter');
    await list.waitFor({ state: 'hidden' });
    assert.equal(await box.inputValue(), 'What does @hello.ts ');
    const chip = view.locator('.pending-context .chip-label');
    await chip.filter({ hasText: 'File: hello.ts' }).waitFor();
    assert.match((await chip.getAttribute('title')) ?? '', /export function hello\(name: string\)/, 'the chip shows the exact text');

    server().script(textTurn('It greets by name.'));
    await box.pressSequentially('do?');
    await box.press('Enter');
    await lastFinishedAnswer(view);
    const sent = sentUserMessage();
    assert.match(sent, /^What does @hello\.ts do\?\n\nhello\.ts \(whole file\):\n```typescript\n\/\/ A small file/);
    assert.equal(await view.locator('.pending-context .chip').count(), 0, 'the chip went with the message');
  });

  it('/ lists the commands and prompt files; /explain sends its prompt with the file the user works in', async () => {
    const { view } = chat;
    const box = messageBox(view);
    await box.fill('');
    await box.pressSequentially('/');
    const options = view.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await view.getByRole('option', { name: /^\/review/ }).waitFor({ timeout: 15_000 });
    assert.deepEqual(
      (await options.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()),
      [
        '/new Start a new chat',
        '/compact Summarise the conversation so far for the model',
        '/plan Plan mode: the model only reads, and answers with a plan to act on',
        '/act Act mode: the model may use every tool the settings offer',
        '/explain Explain the selected code',
        '/fix Fix the problems in the selected code',
        '/tests Write unit tests for the selected code',
        '/review Review the attached code for bugs',
      ],
    );
    await screenshot(workbench.page, 'chat-slash-commands', workbench.page.locator('.part.sidebar'));

    await box.pressSequentially('exp');
    await until(async () => (await options.count()) === 1, 'the list narrowed to /explain');
    await box.press('Tab');
    assert.equal(await box.inputValue(), '/explain ');
    server().script(textTurn('It returns a greeting.'));
    await box.pressSequentially('in one sentence');
    await box.press('Enter');
    await lastFinishedAnswer(view);
    const sent = sentUserMessage();
    assert.match(sent, /^Explain what the attached code does[^\n]*\n\nin one sentence\n\nhello\.ts \(whole file\):\n```typescript\n/);
    assert.match(await userMessages(view).last().innerText(), /Explain what the attached code does/);
  });

  it('shows a Rules chip per file sent after an answer, marks the one with a hidden character, and a click opens the file', async () => {
    const { view } = chat;
    server().script(textTurn('I will run npm test first.'));
    await sendMessage(view, 'How do I check my change?');
    const answer = await lastFinishedAnswer(view);

    const chips = answer.getByRole('list', { name: 'Project rules sent with this answer' }).getByRole('button');
    assert.deepEqual(await chips.allInnerTexts(), ['Rules: AGENTS.md', 'Rules: .github/copilot-instructions.md', '⚠ Rules: CLAUDE.md']);
    const warned = chips.nth(2);
    assert.match((await warned.getAttribute('title')) ?? '', /holds 2 invisible or reordering characters: U\+202E RIGHT-TO-LEFT OVERRIDE, U\+202C POP DIRECTIONAL FORMATTING/);
    assert.match((await warned.getAttribute('aria-label')) ?? '', /^Open project rules file CLAUDE\.md \(warning: holds 2/);

    const sent = server().requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1)?.body as { messages: { role: string; content: string }[] };
    const system = sent.messages[0];
    assert.equal(system?.role, 'system');
    const headings = [...(system?.content ?? '').matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    assert.deepEqual(headings, ['AGENTS.md', '.github/copilot-instructions.md', 'CLAUDE.md']);
    assert.ok(system?.content.includes('Run npm test before you say it works.'));

    const shot = await screenshot(workbench.page, 'chat-project-rules');
    process.stderr.write(`      [e2e] screenshot ${shot}\n`);

    await chips.first().click();
    await activeTab(workbench.page, 'AGENTS.md').waitFor({ state: 'visible', timeout: 15_000 });
    const editor = editorGroupWithTab(workbench.page, 'AGENTS.md').locator('.monaco-editor').first();
    await editor.locator('.view-lines').first().waitFor();
    assert.equal((await editorText(editor)).trim(), RULES['AGENTS.md'].trim());
  });
});
