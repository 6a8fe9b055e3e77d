// Completion in the chat's message box, in Chromium under the host's CSP through the harness: `@` and a first-word
// `/` ask the host (debounced, by request id), the answer shows as a listbox the keyboard drives with the box keeping
// the focus (aria-activedescendant), accepting swaps the word and (for a mention) asks the host to attach it, and an
// answer to an older question is dropped. `npx mocha --config test/webview/.mocharc.json`.
import assert from 'node:assert/strict';
import type { CompletionItem } from '../../src/core/chat/webviewProtocol';
import { sampleConversation } from '../support/webviewHarness/sampleConversation';
import { useHarnessPage, type HarnessPageHandle } from '../support/webviewHarness/useHarnessPage';

let view: HarnessPageHandle;

/** Waits past the debounce for the view's question, and returns it. */
async function question(): Promise<{ type: string; requestId: number; trigger: string; query: string }> {
  await view.page.waitForFunction(() => window.askModelHarness.posts.some((post) => (post as { type: string }).type === 'completeInput'));
  const asked = (await view.posted()).filter((message) => message.type === 'completeInput');
  assert.equal(asked.length, 1, `one question per pause in typing: ${JSON.stringify(asked)}`);
  return asked[0] as { type: string; requestId: number; trigger: string; query: string };
}

const FILES: CompletionItem[] = [
  { id: 'm1', kind: 'file', label: 'hello.ts', detail: 'src/hello.ts' },
  { id: 'm2', kind: 'folder', label: 'src/', detail: 'src' },
  { id: 'm3', kind: 'problems', label: 'problems', detail: "The workspace's errors and warnings" },
];

describe('message box completion (Chromium, host CSP)', function () {
  view = useHarnessPage({ first: () => ({ type: 'state', state: sampleConversation(Date.UTC(2026, 0, 1)) }) });

  it('@ asks the host once per pause; the list is a listbox the arrows drive; Enter swaps the word and attaches', async () => {
    const box = view.page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('explain @hel');
    const asked = await question();
    assert.deepEqual({ trigger: asked.trigger, query: asked.query }, { trigger: '@', query: 'hel' });
    await view.post({ type: 'completionItems', requestId: asked.requestId, items: FILES });
    const list = view.page.getByRole('listbox', { name: 'Suggestions' });
    assert.equal(await list.isVisible(), true);
    assert.deepEqual(await list.getByRole('option').allTextContents(), ['@hello.tsFile · src/hello.ts', '@src/Folder · src', "@problemsProblems · The workspace's errors and warnings"]);
    assert.equal(await box.getAttribute('aria-activedescendant'), 'input-completions-0');
    assert.equal(await box.evaluate((element) => document.activeElement === element), true, 'the box keeps the focus');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    assert.equal(await box.getAttribute('aria-activedescendant'), 'input-completions-2');
    assert.equal(await list.getByRole('option', { selected: true }).textContent(), "@problemsProblems · The workspace's errors and warnings");
    await box.press('ArrowDown');
    assert.equal(await box.getAttribute('aria-activedescendant'), 'input-completions-0', 'wraps to the first');
    await box.press('Enter');
    assert.equal(await box.inputValue(), 'explain @hello.ts ');
    assert.equal(await list.isVisible(), false);
    assert.equal(await box.getAttribute('aria-activedescendant'), null);
    assert.deepEqual(await view.posted(), [{ type: 'attachMention', itemId: 'm1' }], 'Enter accepted the item and did not send the message');
  });

  it('Tab accepts too; Escape closes without touching the text; a click on an option accepts it', async () => {
    const box = view.page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('@');
    let asked = await question();
    await view.post({ type: 'completionItems', requestId: asked.requestId, items: FILES });
    await box.press('Escape');
    assert.equal(await suggestions(view).isVisible(), false);
    assert.equal(await box.inputValue(), '@');
    assert.deepEqual(await view.posted(), [], 'Escape with nothing streaming only closes the list');
    await box.pressSequentially('s');
    asked = await question();
    await view.post({ type: 'completionItems', requestId: asked.requestId, items: FILES });
    await suggestions(view).getByRole('option').nth(1).click();
    assert.equal(await box.inputValue(), '@src/ ');
    assert.deepEqual(await view.posted(), [{ type: 'attachMention', itemId: 'm2' }]);
    await box.pressSequentially('and @p');
    asked = await question();
    await view.post({ type: 'completionItems', requestId: asked.requestId, items: FILES.slice(2) });
    await box.press('Tab');
    assert.equal(await box.inputValue(), '@src/ and @problems ');
    assert.deepEqual(await view.posted(), [{ type: 'attachMention', itemId: 'm3' }]);
  });

  it('/ as the first word lists commands; accepting inserts the command and attaches nothing; Enter then sends it', async () => {
    const box = view.page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('/ex');
    const asked = await question();
    assert.deepEqual({ trigger: asked.trigger, query: asked.query }, { trigger: '/', query: 'ex' });
    await view.post({ type: 'completionItems', requestId: asked.requestId, items: [{ id: 'm9', kind: 'command', label: 'explain', detail: 'Explain the selected code' }] });
    assert.deepEqual(await suggestions(view).getByRole('option').allTextContents(), ['/explainExplain the selected code']);
    await box.press('Enter');
    assert.equal(await box.inputValue(), '/explain ');
    assert.deepEqual(await view.posted(), []);
    await box.pressSequentially('briefly');
    await box.press('Enter');
    assert.deepEqual((await view.posted()).filter((message) => message.type === 'send'), [{ type: 'send', text: '/explain briefly' }]);
  });

  it('drops an answer to an older question, and one that comes after the word is gone; / later in the text asks nothing', async () => {
    const box = view.page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('@he');
    const first = await question();
    await box.pressSequentially('l');
    const second = await question();
    assert.ok(second.requestId > first.requestId);
    await view.post({ type: 'completionItems', requestId: first.requestId, items: FILES });
    assert.equal(await suggestions(view).isVisible(), false, 'the older answer is not shown');
    await box.press('Space');
    await view.post({ type: 'completionItems', requestId: second.requestId, items: FILES });
    assert.equal(await suggestions(view).isVisible(), false, 'the word was finished before the answer came');
    await box.pressSequentially('see a/b and /fix');
    await view.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    assert.deepEqual((await view.posted()).filter((message) => message.type === 'completeInput'), []);
  });

  it('shows a mention chip by its kind, with the exact text in its tooltip', async () => {
    await view.post({ type: 'pendingContext', chips: [{ id: 'c1', kind: 'changes', label: 'changes', path: '', languageId: 'diff', startLine: 0, endLine: 0, text: '# Not staged\ndiff --git a/x b/x', truncatedCharacters: 0 }] });
    const label = view.page.locator('.pending-context .chip-label');
    assert.equal(await label.textContent(), 'Changes: changes');
    assert.equal(await label.getAttribute('title'), '# Not staged\ndiff --git a/x b/x');
  });
});

/** The message box's suggestion list (the header's mode switch has options of its own). */
function suggestions(handle: HarnessPageHandle) {
  return handle.page.getByRole('listbox', { name: 'Suggestions' });
}
