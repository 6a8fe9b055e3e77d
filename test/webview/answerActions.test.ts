// An answer's edit actions and History's Export / Import in the chat view, in Chromium under the host's CSP: the
// buttons show only under a finished answer that applied edits, say which files, and post what the host acts on.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { HostMessage } from '../../src/core/chat/webviewProtocol';
import { openHarness, type Harness } from '../support/webviewHarness/openHarness';
import { sampleConversation } from '../support/webviewHarness/sampleConversation';

let harness: Harness;
let page: Page;

async function post(message: HostMessage): Promise<void> {
  await page.evaluate((value) => window.askModelHarness.post(value), message);
  await page.evaluate(() => window.askModelHarness.frames(2));
}

async function posted(): Promise<unknown[]> {
  return page.evaluate(() => window.askModelHarness.posts.splice(0).filter((post) => (post as { type: string }).type !== 'ready'));
}

describe('answer edit actions and export/import (Chromium, host CSP)', function () {
  before(async () => {
    harness = await openHarness();
  });
  after(async () => {
    await harness.close();
  });
  beforeEach(async () => {
    ({ page } = await harness.openPage({ persist: true }));
    await post({ type: 'state', state: sampleConversation(Date.UTC(2026, 0, 1)) });
    await posted();
  });
  afterEach(async () => {
    const violations = await page.evaluate(() => window.askModelHarness.cspViolations);
    await page.close();
    assert.deepEqual(violations, [], 'no CSP violations');
  });

  it('an answer that applied edits offers View changes and Revert (not while it streams); each posts its turn', async () => {
    const turn = { id: 'edited', role: 'assistant' as const, text: 'Changed two files.', reasoning: '', status: 'streaming' as const, editedFiles: ['src/a.ts', 'b.md'] };
    await post({ type: 'turn', turn, busy: true });
    const answer = page.locator('article[data-turn-id="edited"]');
    assert.equal(await answer.getByRole('button', { name: 'View changes' }).count(), 0, 'no actions while the answer streams');
    await post({ type: 'turn', turn: { ...turn, status: 'done' }, busy: false });
    assert.match(await answer.innerText(), /Edited 2 files/);
    assert.equal(await answer.getByRole('group').getAttribute('aria-label'), 'Edits of this answer: src/a.ts, b.md');
    await answer.getByRole('button', { name: 'View changes' }).click();
    await answer.getByRole('button', { name: 'Revert this answer’s edits' }).click();
    assert.deepEqual(await posted(), [
      { type: 'viewAnswerChanges', turnId: 'edited' },
      { type: 'revertAnswerEdits', turnId: 'edited' },
    ]);
    // An answer without edits has neither.
    assert.equal(await page.locator('article[data-turn-id]:not([data-turn-id="edited"])').getByRole('button', { name: 'View changes' }).count(), 0);
  });

  it('History: Export names the conversation and posts its id; Import posts', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Export Explain the retry policy' }).click();
    await page.getByRole('button', { name: 'Import…' }).click();
    assert.deepEqual(await posted(), [{ type: 'exportConversation', id: 'c-2' }, { type: 'importConversation' }]);
    assert.equal(await page.locator('#history-panel').isVisible(), true, 'exporting leaves the panel open');
  });
});
