// An edit proposed in the chat, in the real workbench: the reference server asks to change a function with
// replace_in_file, the tool card waits with Accept / Reject, the diff preview opens beside the code, Accept applies it,
// the preview closes, and the editor shows the new text (one undo step brings the old one back).
import assert from 'node:assert/strict';
import { button, lastFinishedAnswer, openChat, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, openFile } from '../support/e2e/workbenchUi';
import { textTurn, toolCallsTurn } from '../support/referenceServer';

const OLD = '  return `Hello, ${name}!`;';
const NEW = '  return `Hello there, ${name}!`;';

describe('An edit proposed in the chat (e2e)', function () {
  const server = useReferenceServer({ model: 'edit-model' });
  const workbench = useWorkbench(() => ({ settings: { 'askModel.baseUrl': server().url, 'askModel.model': 'edit-model' } }));
  const chat = useChatPanel(workbench);

  it('opens the diff, waits for Accept on the tool card, closes the preview, and the editor shows the new text', async function () {
    this.timeout(90_000);
    const { page } = workbench;
    await openFile(page, 'hello.ts');
    await openChat(page);
    server().script(
      toolCallsTurn([{ name: 'replace_in_file', arguments: JSON.stringify({ path: 'hello.ts', old_text: OLD, new_text: NEW }), id: 'c_edit' }]),
      textTurn('Made the greeting warmer.'),
    );
    await sendMessage(chat.view, 'Make the greeting warmer.');

    const accept = button(chat.view, 'Accept');
    await accept.waitFor({ timeout: 30_000 });
    await button(chat.view, 'Reject').waitFor();
    // The diff preview is open in the workbench while the card waits.
    const diffTab = page.locator('.tab', { hasText: 'proposed by Ask Model' });
    await diffTab.first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'chat-edit-waiting-for-accept');

    await accept.click();
    const done = await lastFinishedAnswer(chat.view, 30_000);
    assert.match(await done.innerText(), /Made the greeting warmer\./);
    const toolResult = (server().requests.at(-1)?.body as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'tool');
    assert.match(toolResult?.content ?? '', /unsaved/, 'the model was told the edit is in the editor');
    await until(async () => (await diffTab.count()) === 0, 'the diff preview closes after Accept');

    await openFile(page, 'hello.ts');
    const editor = editorGroupWithTab(page, 'hello.ts');
    await until(async () => (await editorText(editor)).includes('Hello there, ${name}!'), 'the new text in hello.ts');
    await screenshot(page, 'chat-edit-accepted');
    // Give the editor the keyboard first: right after openFile the focus may still be on its way there.
    await editor.locator('.view-lines').first().click();
    await page.keyboard.press('Control+Z');
    await until(async () => (await editorText(editor)).includes('Hello, ${name}!'), 'one undo restores the old text');
  });
});
