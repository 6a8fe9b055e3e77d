// Restore to here in the chat view (Chromium, host CSP): every user message has the button and it posts that
// message's id; the host's setInput puts the message back in the box (and takes it out again only while the box still
// holds it); Redo restore shows while the state says a redo is possible, and posts redoRestore.
import assert from 'node:assert/strict';
import type { ChatViewState } from '../../src/core/chat/webviewProtocol';
import { sampleConversation } from '../support/webviewHarness/sampleConversation';
import { useHarnessPage, type HarnessPageHandle } from '../support/webviewHarness/useHarnessPage';

let view: HarnessPageHandle;
const state = (): ChatViewState => sampleConversation(Date.UTC(2026, 0, 1));

describe('chat view: Restore to here (Chromium, host CSP)', function () {
  view = useHarnessPage({ first: () => ({ type: 'state', state: state() }) });

  it('each user message has Restore to here, posting its id; no answer has it', async () => {
    const users = view.page.getByRole('article', { name: 'User message' });
    assert.equal(await users.getByRole('button', { name: 'Restore to here' }).count(), 2);
    assert.equal(await view.page.getByRole('article', { name: 'Assistant message' }).getByRole('button', { name: 'Restore to here' }).count(), 0);
    await users.nth(1).getByRole('button', { name: 'Restore to here' }).click();
    assert.deepEqual(await view.posted(), [{ type: 'restoreToHere', turnId: 'u2' }]);
  });

  it('setInput puts the message in the box; with onlyIf it clears the box only while it still holds that text', async () => {
    const box = view.page.getByRole('textbox', { name: 'Message' });
    await view.post({ type: 'setInput', text: 'Now add tests.' });
    assert.equal(await box.inputValue(), 'Now add tests.');
    await view.post({ type: 'setInput', text: '', onlyIf: 'Now add tests.' });
    assert.equal(await box.inputValue(), '');
    await box.fill('something new');
    await view.post({ type: 'setInput', text: '', onlyIf: 'Now add tests.' });
    assert.equal(await box.inputValue(), 'something new', 'what the user typed since is kept');
  });

  it('Redo restore is shown only while the state offers it, and posts redoRestore', async () => {
    const redo = view.page.getByRole('button', { name: 'Redo restore' });
    assert.equal(await redo.isVisible(), false);
    await view.post({ type: 'state', state: { ...state(), redoRestore: true } });
    await redo.click();
    assert.deepEqual(await view.posted(), [{ type: 'redoRestore' }]);
    await view.post({ type: 'state', state: state() });
    assert.equal(await redo.isVisible(), false);
  });
});
