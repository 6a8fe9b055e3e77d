// Restore to here in the real workbench: the reference server scripts the model's replace_in_file on hello.ts
// (auto-approved); Restore to here on the user's message takes the conversation back to before it (the message back
// in the box) and hello.ts back to its text before the answer; Redo restore puts both forward again. Then a command:
// a line chained past the user's rule asks on its card, runs after Run (`sed -i` on hello.ts, a new file), and
// Restore to here brings hello.ts back and deletes the file the command created.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { button, lastFinishedAnswer, messageBox, newChat, openChat, sendMessage, userMessages, assistantMessages } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, openFile, runCommand, waitForNotification } from '../support/e2e/workbenchUi';
import { textTurn, toolCallsTurn } from '../support/referenceServer';

const OLD = '  return `Hello, ${name}!`;';
const NEW = '  return `Hello from the past, ${name}!`;';
const MESSAGE = 'Make the greeting say it comes from the past.';

describe('Restore to here (e2e)', function () {
  const server = useReferenceServer({ model: 'edit-model' });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': 'edit-model', 'askModel.tools.autoApprove': ['replace_in_file'], 'askModel.tools.commandRules': ['echo'] },
    waitForActivation: false, // opening the chat activates the extension
  }));
  const chat = useChatPanel(workbench);

  it('brings back a file replace_in_file changed and the message, and Redo restore puts both forward again', async function () {
    this.timeout(150_000);
    const { page } = workbench;
    await openChat(page);
    server().script(toolCallsTurn([{ name: 'replace_in_file', arguments: JSON.stringify({ path: 'hello.ts', old_text: OLD, new_text: NEW }), id: 'c_past' }]), textTurn('The greeting now comes from the past.'));
    await sendMessage(chat.view, MESSAGE);
    const answer = await lastFinishedAnswer(chat.view, 40_000);
    assert.match(await answer.innerText(), /Edited hello\.ts/);
    await openFile(page, 'hello.ts');
    const hello = editorGroupWithTab(page, 'hello.ts');
    await until(async () => (await editorText(hello)).includes('Hello from the past'), 'hello.ts as the answer left it');

    await button(userMessages(chat.view).first(), 'Restore to here').click();
    await waitForNotification(page, /Restored hello\.ts\./);
    await until(async () => (await editorText(hello)).includes('Hello, ${name}!') && !(await editorText(hello)).includes('from the past'), 'hello.ts back as before the message');
    await until(async () => (await userMessages(chat.view).count()) === 0 && (await assistantMessages(chat.view).count()) === 0, 'the conversation back to before the message');
    assert.equal(await messageBox(chat.view).inputValue(), MESSAGE, 'the message is back in the box');
    await screenshot(page, 'chat-restore-to-here');

    await button(chat.view, 'Redo restore').click();
    await waitForNotification(page, /Put back hello\.ts\./);
    await until(async () => (await editorText(hello)).includes('Hello from the past'), 'hello.ts as the answer left it again');
    await until(async () => (await userMessages(chat.view).count()) === 1 && (await assistantMessages(chat.view).count()) === 1, 'the conversation as it was');
    assert.equal(await messageBox(chat.view).inputValue(), '', 'the box is empty again');
    await screenshot(page, 'chat-redo-restore');
  });

  it('a command chained past the user’s rule asks; after Run, Restore to here brings back the file it changed and deletes the one it created', async function () {
    this.timeout(150_000);
    const { page, session } = workbench;
    // The first test's Redo restore left hello.ts's buffer unsaved (restores go through the buffer): saved, the command's
    // change on disk then shows in the editor.
    await runCommand(page, 'File: Save All Files');
    await openChat(page);
    await newChat(chat.view);
    const created = path.join(session.workspaceDir, 'made-by-command.txt');
    const command = `echo changing && sed -i 's/Hello/Howdy/' hello.ts && echo made > made-by-command.txt`;
    server().script(toolCallsTurn([{ name: 'run_command', arguments: JSON.stringify({ command, reason: 'Change the greeting with sed.' }), id: 'c_sed' }]), textTurn('Changed it with sed.'));
    await sendMessage(chat.view, 'Change the greeting with a command.');
    const card = chat.view.locator('.tool-card[data-call-id="c_sed"]');
    await button(card, 'Run').waitFor({ timeout: 30_000 });
    const notes = await card.getByRole('list', { name: 'Why it asks' }).innerText();
    assert.match(notes, /covers `sed/, 'the rule "echo" covers the first part only: the card says which part asks');
    assert.doesNotMatch(notes, /covers `echo changing`/);
    assert.equal(fs.existsSync(created), false, 'nothing ran before Run');
    await screenshot(page, 'chat-command-chained-asks');
    await button(card, 'Run').click();
    const answer = await lastFinishedAnswer(chat.view, 60_000);
    assert.match(await answer.innerText(), /Changed it with sed\./);
    await openFile(page, 'hello.ts');
    const hello = editorGroupWithTab(page, 'hello.ts');
    await until(async () => (await editorText(hello)).includes('Howdy'), 'hello.ts as the command left it');
    assert.equal(fs.readFileSync(created, 'utf8'), 'made\n');

    await button(userMessages(chat.view).first(), 'Restore to here').click();
    await waitForNotification(page, /Restored .*hello\.ts/);
    await until(async () => !(await editorText(hello)).includes('Howdy'), 'hello.ts back as before the command');
    await until(async () => !fs.existsSync(created), 'the file the command created is gone');
    await screenshot(page, 'chat-restore-after-command');
  });
});
