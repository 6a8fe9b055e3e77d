// An answer that edited two files, in the real workbench: the reference server's tool calls change hello.ts and
// README.md (auto-approved), the answer shows "Edited 2 files" with View changes and Revert this answer's edits;
// View changes opens one multi-file diff; the user types in README.md, Revert puts hello.ts back and names README.md
// as left alone; History's Export writes the conversation as Markdown through the save dialog.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { button, lastFinishedAnswer, openChat, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, openFile, quickInput, quickInputBox, waitForNotification } from '../support/e2e/workbenchUi';
import { textTurn, toolCallsTurn } from '../support/referenceServer';

const OLD = '  return `Hello, ${name}!`;';
const NEW = '  return `Hello there, ${name}!`;';

describe('An answer’s edits: revert, view changes, export (e2e)', function () {
  const server = useReferenceServer({ model: 'edit-model' });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': 'edit-model', 'askModel.tools.autoApprove': ['replace_in_file', 'create_file'] },
    waitForActivation: false, // opening the chat activates the extension
  }));
  const chat = useChatPanel(workbench);

  it('shows the answer’s edits with View changes and Revert; revert restores the untouched file and names the changed one; History exports it', async function () {
    this.timeout(150_000);
    const { page } = workbench;
    await openChat(page);
    server().script(
      toolCallsTurn([
        { name: 'replace_in_file', arguments: JSON.stringify({ path: 'hello.ts', old_text: OLD, new_text: NEW }), id: 'c_hello' },
        { name: 'replace_in_file', arguments: JSON.stringify({ path: 'README.md', old_text: '# Fixture workspace', new_text: '# Fixture workspace, greeted' }), id: 'c_readme' },
      ]),
      textTurn('Warmed the greeting and noted it in the README.'),
    );
    await sendMessage(chat.view, 'Make the greeting warmer and say so in the README.');
    const answer = await lastFinishedAnswer(chat.view, 40_000);
    assert.match(await answer.innerText(), /Edited 2 files/);

    // View changes: one diff of both files, as they were and as the answer left them.
    await button(answer, 'View changes').click();
    const changesTab = page.locator('.tab', { hasText: 'Ask Model’s changes' });
    await changesTab.first().waitFor({ timeout: 20_000 });
    await until(async () => (await page.getByText('Hello there, ${name}!').count()) > 0, 'the diff shows the new greeting');
    await screenshot(page, 'chat-view-changes');

    // The user goes on writing in README.md; hello.ts stays as the answer left it.
    await openFile(page, 'README.md');
    const readme = editorGroupWithTab(page, 'README.md');
    await readme.locator('.view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('A line of my own.');
    await until(async () => (await editorText(readme)).includes('A line of my own.'), 'the user’s line in README.md');

    await button(answer, 'Revert this answer’s edits').click();
    await waitForNotification(page, /Reverted hello\.ts\. Left alone: README\.md \(changed since the answer\)\./);
    await screenshot(page, 'chat-revert-answer');
    await openFile(page, 'hello.ts');
    const hello = editorGroupWithTab(page, 'hello.ts');
    await until(async () => (await editorText(hello)).includes('Hello, ${name}!'), 'hello.ts back as before the answer');
    await openFile(page, 'README.md');
    await until(async () => {
      const text = await editorText(editorGroupWithTab(page, 'README.md'));
      return text.includes('# Fixture workspace, greeted') && text.includes('A line of my own.');
    }, 'README.md left as the user has it');

    // History: Export the conversation as Markdown through the save dialog.
    await button(chat.view, 'History').click();
    await chat.view.getByRole('button', { name: /^Export Make the greeting warmer/ }).click();
    await quickInput(page).locator('.monaco-list-row', { hasText: 'Markdown' }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'chat-export');
    await quickInput(page).locator('.monaco-list-row', { hasText: 'Markdown' }).first().click();
    // The save dialog (the workbench's own, a quick input) proposes the workspace folder and a name from the title.
    const box = quickInputBox(page);
    await until(async () => /\.md$/.test(await box.inputValue()), 'the save dialog with a .md name');
    const proposed = await box.inputValue();
    await box.press('Enter');
    await waitForNotification(page, /exported “Make the greeting warmer/);
    const file = path.join(workbench.session.workspaceDir, path.basename(proposed));
    await until(async () => existsSync(file), `the export at ${file}`);
    const markdown = readFileSync(file, 'utf8');
    assert.match(markdown, /^# Make the greeting warmer/);
    assert.match(markdown, /<summary>Tool calls \(2\)<\/summary>/);
    assert.match(markdown, /<summary>Files changed \(2\)<\/summary>\n\n- hello\.ts\n- README\.md/);
  });
});
