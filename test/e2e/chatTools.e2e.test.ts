// Tools in the chat, in the real workbench. The five read-only tools in one round: each card shows the summary line its
// tool's record gives, and each result reaches the model. An edit: the reference server asks to change a function with
// replace_in_file, the tool card waits with Accept / Reject, the diff preview opens beside the code, Accept applies it,
// the preview closes, and the editor shows the new text (one undo step brings the old one back). A command: the
// reference server asks to run a check with run_command, its card shows the command and waits for Run, and once run
// it shows the output and the exit code, which reach the model too.
import assert from 'node:assert/strict';
import { assistantMessages, button, lastFinishedAnswer, messageBox, newChat, openChat, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { editorGroupWithTab, editorText, openFile } from '../support/e2e/workbenchUi';
import { textTurn, toolCallsTurn } from '../support/referenceServer';

const OLD = '  return `Hello, ${name}!`;';
const NEW = '  return `Hello there, ${name}!`;';

describe('Tools in the chat (e2e)', function () {
  const server = useReferenceServer({ model: 'edit-model' });
  const workbench = useWorkbench(() => ({
    settings: { 'askModel.baseUrl': server().url, 'askModel.model': 'edit-model' },
    waitForActivation: false, // opening the chat activates the extension
  }));
  const chat = useChatPanel(workbench);

  it('runs the read-only tools in one round, each card with its summary line, and sends each result to the model', async function () {
    this.timeout(90_000);
    const { page } = workbench;
    await openFile(page, 'hello.ts');
    await openChat(page);
    const calls = [
      { name: 'read_file', arguments: JSON.stringify({ path: 'hello.ts', start_line: 2, end_line: 3 }), id: 'c_read' },
      { name: 'list_files', arguments: JSON.stringify({ glob: '**/*.ts' }), id: 'c_list' },
      { name: 'search_text', arguments: JSON.stringify({ query: 'Hello', mode: 'literal' }), id: 'c_search' },
      { name: 'get_diagnostics', arguments: JSON.stringify({ path: 'hello.ts' }), id: 'c_problems' },
      { name: 'get_editor_context', arguments: '{}', id: 'c_editor' },
    ];
    server().script(toolCallsTurn(calls), textTurn('Looked around the workspace.'));
    await sendMessage(chat.view, 'Look around the workspace.');
    const done = await lastFinishedAnswer(chat.view, 30_000);
    assert.match(await done.innerText(), /Looked around the workspace\./);

    const cards = chat.view.locator('.tool-card');
    const lines = await cards.evaluateAll((elements) =>
      elements.map((card) => `${card.querySelector('.tool-name')?.textContent ?? ''} ${card.querySelector('.tool-summary')?.textContent ?? ''} ${card.getAttribute('data-status') ?? ''}`),
    );
    assert.deepEqual(lines, ['read_file hello.ts:2-3 done', 'list_files **/*.ts done', 'search_text "Hello" done', 'get_diagnostics hello.ts done', 'get_editor_context active editor done']);
    await screenshot(page, 'chat-read-tool-cards');

    const messages = (server().requests.at(-1)?.body as { messages: { role: string; content: string; tool_call_id?: string }[] }).messages;
    const result = (id: string): string => messages.find((message) => message.role === 'tool' && message.tool_call_id === id)?.content ?? '';
    assert.match(result('c_read'), /^2 \| export function hello/m);
    assert.match(result('c_list'), /hello\.ts/);
    assert.match(result('c_search'), /hello\.ts:3:/);
    assert.match(result('c_problems'), /hello\.ts/);
    assert.match(result('c_editor'), /Active file: "hello\.ts" \(typescript/);
  });

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

  it('Plan mode offers only the read tools and the plan prompt; Act on this plan goes back to every tool', async function () {
    this.timeout(90_000);
    const { page } = workbench;
    await openChat(page);
    await newChat(chat.view);
    await chat.view.getByRole('combobox', { name: 'Mode' }).selectOption('plan');
    server().script(textTurn('- [ ] Change the greeting in hello.ts\n- [ ] Run the tests'));
    await sendMessage(chat.view, 'Plan a warmer greeting.');
    const plan = await lastFinishedAnswer(chat.view, 30_000);
    await plan.getByRole('button', { name: 'Act on this plan' }).waitFor();
    type Sent = { tools?: { function: { name: string } }[]; messages: { role: string; content: string }[] };
    const planRequest = server().requests.at(-1)?.body as Sent;
    assert.deepEqual(
      (planRequest.tools ?? []).map((tool) => tool.function.name),
      ['read_file', 'list_files', 'search_text', 'get_diagnostics', 'get_editor_context'],
      'only the read tools were offered',
    );
    assert.match(planRequest.messages[0]?.content ?? '', /Plan mode: do not change anything/);
    assert.equal(await plan.locator('.mode-label').innerText(), 'Plan');
    await screenshot(page, 'chat-plan-mode');

    server().script(textTurn('Carried it out.'));
    const answersBefore = await assistantMessages(chat.view).count();
    await plan.getByRole('button', { name: 'Act on this plan' }).click();
    await assistantMessages(chat.view).nth(answersBefore).waitFor({ state: 'attached', timeout: 20_000 });
    const acted = await lastFinishedAnswer(chat.view, 30_000);
    assert.match(await acted.innerText(), /Carried it out\./);
    assert.equal(await chat.view.getByRole('combobox', { name: 'Mode' }).inputValue(), 'act');
    const actRequest = server().requests.at(-1)?.body as Sent;
    assert.ok((actRequest.tools ?? []).some((tool) => tool.function.name === 'replace_in_file'), 'Act offers the edit tools again');
    assert.doesNotMatch(actRequest.messages[0]?.content ?? '', /Plan mode/);
    assert.equal(actRequest.messages.at(-1)?.content, 'Carry out the plan above, step by step. Check each step as you go.');
  });

  it('a pasted image goes with the message: a chip with its size, then an image_url part the server receives', async function () {
    this.timeout(90_000);
    const { page } = workbench;
    await openChat(page);
    await newChat(chat.view);
    const box = messageBox(chat.view);
    await box.evaluate(async (target) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0a0';
      context.fillRect(0, 0, 64, 48);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([blob], 'screenshot.png', { type: 'image/png' }));
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const chip = chat.view.getByRole('list', { name: 'Images to send' }).getByRole('listitem');
    await chip.waitFor({ timeout: 15_000 });
    assert.match(await chip.innerText(), /screenshot\.png[\s\S]*B · 64×48/);
    server().script(textTurn('A green rectangle.'));
    await box.fill('What is in this picture?');
    await screenshot(page, 'chat-image-chip');
    await sendMessage(chat.view, 'What is in this picture?');
    const done = await lastFinishedAnswer(chat.view, 30_000);
    assert.match(await done.innerText(), /A green rectangle\./);
    type Part = { type: string; text?: string; image_url?: { url: string } };
    const sent = server().requests.at(-1)?.body as { messages: { role: string; content: string | Part[] }[] };
    const content = sent.messages.at(-1)?.content as Part[];
    assert.ok(Array.isArray(content), 'the message went as content parts');
    assert.deepEqual(content[0], { type: 'text', text: 'What is in this picture?' });
    assert.equal(content[1]?.type, 'image_url');
    assert.match(content[1]?.image_url?.url ?? '', /^data:image\/png;base64,iVBORw0KGgo/);
    await chat.view.getByRole('list', { name: 'Images sent' }).getByRole('listitem').waitFor();
    await screenshot(page, 'chat-image-sent');
  });

  it('runs a command after Run on its card, and the card shows its output and exit code', async function () {
    this.timeout(120_000);
    const { page } = workbench;
    await openChat(page);
    // The fixture workspace has no test runner: its "test" is a shell check of hello.ts, printed TAP-style.
    const command = `grep -q 'Hello' hello.ts && echo 'ok 1 - greets' || { echo 'not ok 1 - greets'; exit 1; }`;
    const chatRequests = (): number => server().requests.filter((request) => request.path.endsWith('/chat/completions')).length;
    const requestsBefore = chatRequests();
    server().script(toolCallsTurn([{ name: 'run_command', arguments: JSON.stringify({ command, reason: 'Check that the greeting test passes.' }), id: 'c_run' }]), textTurn('The check passes.'));
    await sendMessage(chat.view, 'Run the greeting check.');

    const card = chat.view.locator('.tool-card[data-call-id="c_run"]');
    const run = button(card, 'Run');
    await run.waitFor({ timeout: 30_000 });
    assert.equal(await card.locator('pre.command-line').innerText(), command, 'the card shows exactly what runs');
    assert.equal(await card.locator('.command-reason').innerText(), 'Why: Check that the greeting test passes.');
    assert.equal(chatRequests(), requestsBefore + 1, 'the model waits: nothing ran before Run');
    assert.equal(await card.getAttribute('data-status'), 'awaiting-approval');
    await screenshot(page, 'chat-command-waiting-for-run');

    await run.click();
    const done = await lastFinishedAnswer(chat.view, 60_000);
    assert.match(await done.innerText(), /The check passes\./);
    assert.equal(await card.getAttribute('data-status'), 'done');
    assert.equal(await card.locator('.command-output').innerText(), 'ok 1 - greets');
    assert.match(await card.locator('.command-end').innerText(), /^exit code 0 · \d+\.\d s · 1 line$/);
    await button(card, 'Open full output').waitFor();
    const result = (server().requests.at(-1)?.body as { messages: { role: string; content: string; tool_call_id?: string }[] }).messages.find((message) => message.tool_call_id === 'c_run');
    assert.match(result?.content ?? '', /^\$ grep -q .*\n\(in \.\)\nExit code 0 after [\d.]+ s\.\nOutput \(1 line, ANSI codes removed\):\nok 1 - greets$/);
    await screenshot(page, 'chat-command-ran');
  });
});
