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

  it('a pasted image becomes a chip with its size (scaled down when over the longest side); Send posts it; a PDF is named, not attached', async () => {
    const box = view.page.getByRole('textbox', { name: 'Message' });
    // A real 3000×1000 PNG drawn in the page, pasted as a file with a PDF beside it.
    await box.evaluate(async (target) => {
      const canvas = document.createElement('canvas');
      canvas.width = 3000;
      canvas.height = 1000;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c00';
      context.fillRect(0, 0, 3000, 1000);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([blob], 'screenshot.png', { type: 'image/png' }));
      data.items.add(new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const chip = view.page.getByRole('list', { name: 'Images to send' }).getByRole('listitem');
    await chip.waitFor();
    assert.match(await chip.innerText(), /Image: screenshot\.png/);
    assert.match(await chip.innerText(), /KB · 2048×683 · scaled down from 3000×1000/);
    assert.equal(await chip.locator('img.image-thumbnail').count(), 1);
    assert.match(await view.page.locator('#composer-problem').innerText(), /notes\.pdf is not a PNG, JPEG, WebP or GIF image, so it was not attached\./);
    assert.equal(await box.inputValue(), '', 'a pasted file is never text in the box');
    await box.fill('What is wrong here?');
    await box.press('Enter');
    const [sent] = (await view.posted()) as { type: string; text: string; images: { name: string; mimeType: string; dataUrl: string; width: number; height: number; note?: string }[] }[];
    assert.equal(sent?.type, 'send');
    assert.equal(sent?.images.length, 1);
    assert.deepEqual({ ...sent!.images[0], dataUrl: sent!.images[0]!.dataUrl.startsWith('data:image/png;base64,iVBORw0KGgo') }, { name: 'screenshot.png', mimeType: 'image/png', dataUrl: true, width: 2048, height: 683, note: 'scaled down from 3000×1000' });
    assert.equal(await view.page.getByRole('list', { name: 'Images to send' }).count(), 0, 'the chips went with the message');
  });

  it('an answer whose images did not reach the model offers Send anyway and Send without images; a refusal only the latter', async () => {
    const turn = { id: 'img-answer', role: 'assistant' as const, text: '', reasoning: '', status: 'error' as const, error: { message: 'qwen is not known to read images.', actions: [] }, imageProblem: 'not-known' as const };
    await view.post({ type: 'turn', turn, busy: false });
    const answer = view.page.locator('article[data-turn-id="img-answer"]');
    await answer.getByRole('button', { name: 'Send anyway' }).click();
    await answer.getByRole('button', { name: 'Send without images' }).click();
    assert.deepEqual(await view.posted(), [
      { type: 'resendImages', turnId: 'img-answer', withImages: true },
      { type: 'resendImages', turnId: 'img-answer', withImages: false },
    ]);
    await view.post({ type: 'turn', turn: { ...turn, imageProblem: 'refused' as const }, busy: false });
    assert.equal(await answer.getByRole('button', { name: 'Send anyway' }).count(), 0);
    assert.equal(await answer.getByRole('button', { name: 'Send without images' }).count(), 1);
  });

  it('History: Export names the conversation and posts its id; Import posts', async () => {
    await view.page.getByRole('button', { name: 'History' }).click();
    await view.page.getByRole('button', { name: 'Export Explain the retry policy' }).click();
    await view.page.getByRole('button', { name: 'Import…' }).click();
    assert.deepEqual(await view.posted(), [{ type: 'exportConversation', id: 'c-2' }, { type: 'importConversation' }]);
    assert.equal(await view.page.locator('#history-panel').isVisible(), true, 'exporting leaves the panel open');
  });
});
