// An answer's edit actions and History's Export / Import in the chat view, in Chromium under the host's CSP: the
// buttons show only under a finished answer that applied edits, say which files, and post what the host acts on.
import assert from 'node:assert/strict';
import { sampleConversation } from '../support/webviewHarness/sampleConversation';
import { useHarnessPage, type HarnessPageHandle } from '../support/webviewHarness/useHarnessPage';

let view: HarnessPageHandle;

describe('answer edit actions and export/import (Chromium, host CSP)', function () {
  view = useHarnessPage({ persist: true, first: () => ({ type: 'state', state: sampleConversation(Date.UTC(2026, 0, 1)) }) });

  it('an answer that applied edits offers View changes and Revert (not while it streams); each posts its turn', async () => {
    const turn = { id: 'edited', role: 'assistant' as const, text: 'Changed two files.', reasoning: '', status: 'streaming' as const, editedFiles: ['src/a.ts', 'b.md'] };
    await view.post({ type: 'turn', turn, busy: true });
    const answer = view.page.locator('article[data-turn-id="edited"]');
    assert.equal(await answer.getByRole('button', { name: 'View changes' }).count(), 0, 'no actions while the answer streams');
    await view.post({ type: 'turn', turn: { ...turn, status: 'done' }, busy: false });
    assert.match(await answer.innerText(), /Edited 2 files/);
    assert.equal(await answer.getByRole('group').getAttribute('aria-label'), 'Edits of this answer: src/a.ts, b.md');
    await answer.getByRole('button', { name: 'View changes' }).click();
    await answer.getByRole('button', { name: 'Revert this answer’s edits' }).click();
    assert.deepEqual(await view.posted(), [
      { type: 'viewAnswerChanges', turnId: 'edited' },
      { type: 'revertAnswerEdits', turnId: 'edited' },
    ]);
    // An answer without edits has neither.
    assert.equal(await view.page.locator('article[data-turn-id]:not([data-turn-id="edited"])').getByRole('button', { name: 'View changes' }).count(), 0);
  });

  it('the Act / Plan switch posts setMode and shows the state\'s mode; a Plan answer is labelled and offers Act on this plan', async () => {
    const mode = view.page.getByRole('combobox', { name: 'Mode' });
    assert.equal(await mode.inputValue(), 'act', 'a state without a mode is Act');
    await mode.selectOption('plan');
    assert.deepEqual(await view.posted(), [{ type: 'setMode', mode: 'plan' }]);
    await view.post({ type: 'state', state: { ...sampleConversation(Date.UTC(2026, 0, 1)), mode: 'plan' } });
    assert.equal(await mode.inputValue(), 'plan');
    await view.post({ type: 'turn', turn: { id: 'u-plan', role: 'user', text: 'Plan a README', context: [], mode: 'plan' }, busy: true });
    const plan = { id: 'plan', role: 'assistant' as const, text: '- [ ] write README.md', reasoning: '', status: 'streaming' as const, mode: 'plan' as const };
    await view.post({ type: 'turn', turn: plan, busy: true });
    const answer = view.page.locator('article[data-turn-id="plan"]');
    assert.equal(await answer.getByRole('button', { name: 'Act on this plan' }).count(), 0, 'not while the plan streams');
    await view.post({ type: 'turn', turn: { ...plan, status: 'done' }, busy: false });
    assert.equal(await answer.locator('.turn-author .mode-label').innerText(), 'Plan');
    assert.equal(await view.page.locator('article[data-turn-id="u-plan"] .turn-author .mode-label').innerText(), 'Plan');
    await answer.getByRole('button', { name: 'Act on this plan' }).click();
    assert.deepEqual(await view.posted(), [{ type: 'actOnPlan', turnId: 'plan' }]);
    assert.equal(await view.page.locator('article[data-turn-id]:not([data-turn-id="plan"]):not([data-turn-id="u-plan"]) .mode-label').count(), 0, 'Act turns carry no label');
  });

  it('History: Export names the conversation and posts its id; Import posts', async () => {
    await view.page.getByRole('button', { name: 'History' }).click();
    await view.page.getByRole('button', { name: 'Export Explain the retry policy' }).click();
    await view.page.getByRole('button', { name: 'Import…' }).click();
    assert.deepEqual(await view.posted(), [{ type: 'exportConversation', id: 'c-2' }, { type: 'importConversation' }]);
    assert.equal(await view.page.locator('#history-panel').isVisible(), true, 'exporting leaves the panel open');
  });
});
