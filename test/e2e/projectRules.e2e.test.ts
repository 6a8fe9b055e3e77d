// Project rules in the chat, in the real workbench: a workspace with AGENTS.md, .github/copilot-instructions.md and a
// CLAUDE.md that hides a reordering character. After an answer the message shows a Rules chip per file sent (the
// one with the hidden character marked, its tooltip naming it), the reference server got them in the system message,
// and clicking a chip opens that file in an editor.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lastFinishedAnswer, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { FIXTURE_WORKSPACE } from '../support/e2e/workbenchSession';
import { activeTab, editorGroupWithTab, editorText } from '../support/e2e/workbenchUi';
import { textTurn } from '../support/referenceServer';

const MODEL = 'rules-model';
const RULES = {
  'AGENTS.md': '# Agents\n\nRun npm test before you say it works.\n',
  '.github/copilot-instructions.md': 'Prefer named exports.\n',
  // U+202E RIGHT-TO-LEFT OVERRIDE: the text reads differently from what it is.
  'CLAUDE.md': 'Never run \u202Erm -rf\u202C without asking.\n',
};

describe('project rules in the chat (e2e)', function () {
  const server = useReferenceServer({ model: MODEL });
  let workspace: string;
  before(() => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-rules-e2e-'));
    fs.cpSync(FIXTURE_WORKSPACE, workspace, { recursive: true });
    for (const [file, text] of Object.entries(RULES)) {
      fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      fs.writeFileSync(path.join(workspace, file), text);
    }
  });
  after(() => fs.rmSync(workspace, { recursive: true, force: true }));
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': MODEL, 'askModel.maxRetries': 0 },
    workspace,
    waitForActivation: false,
  }));
  const chat = useChatPanel(workbench);
  beforeEach(() => server().reset());

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
