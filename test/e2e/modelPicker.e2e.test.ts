// The model picker as a person sees it, in the real workbench: Select Model from the Command Palette lists the
// server's models, each with what the server said of it (context window, output limit, price per million tokens,
// what it supports) under its name, an override shown in place of the server's figure, nothing invented for a model
// nobody described, and Refresh, which asks the server again. The reference server answers as a LiteLLM proxy, from
// the recorded discovery bodies.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/e2e/screenshots';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { exactly, MODEL_STATUS_ITEM, quickInput, runCommand } from '../support/e2e/workbenchUi';
import { lastFinishedAnswer, openChat, sendMessage } from '../support/e2e/chatView';
import { textTurn, type ReferenceServer } from '../support/referenceServer';

const rows = (page: Page): Locator => quickInput(page).locator('.monaco-list-row');
const rowFor = (page: Page, label: string): Locator => rows(page).filter({ has: page.locator('.label-name', { hasText: exactly(label) }) }).first();
const modelListRequests = (server: ReferenceServer): number => server.requests.filter((request) => request.path === '/v1/models').length;

describe('the model picker shows what the server said of each model (e2e)', function () {
  const server = useReferenceServer({ discovery: 'litellm' });
  const workbench = useWorkbench(() => ({
    settings: {
      'askModel.baseUrl': server().url,
      'askModel.model': 'rerank-english-v3.0',
      'askModel.modelOverrides': { 'llava-hf': { contextWindow: 4096 } },
    },
  }));

  it('each model with its limits, prices and capabilities; the override in place; Refresh asks again; picking saves', async () => {
    const { page } = workbench;
    await runCommand(page, 'Ask Model: Select Model');
    await quickInput(page).locator('.quick-input-title', { hasText: 'Ask Model: Select Model' }).waitFor();
    const gpt = rowFor(page, 'gpt-3.5-turbo');
    await gpt.waitFor();
    assert.match(await gpt.innerText(), /16\.4K context · 4K out · \$1\.50 \/ \$2\.00 per M · tools/);
    assert.match(await rowFor(page, 'llava-hf').innerText(), /4K context · vision/, 'the override shown with what the server said');
    const unknown = await rowFor(page, 'rerank-english-v3.0').innerText();
    assert.match(unknown, /current/);
    assert.doesNotMatch(unknown, /context|per M|tools|vision/, 'nothing invented for a model nobody described');
    assert.deepEqual(
      // Each row's first label is the model's name (the detail line under it is a label too).
      await rows(page).evaluateAll((found) => found.map((row) => row.querySelector('.label-name')?.textContent?.trim() ?? '')),
      ['fake-openai-endpoint', 'gpt-3.5-turbo', 'llava-hf', 'rerank-english-v3.0', 'Refresh'],
    );
    await screenshot(page, 'model-picker-discovered-limits', quickInput(page));
    assert.equal(server().requests.filter((request) => request.path === '/health').length, 0, 'never /health');

    const listedBefore = modelListRequests(server());
    await rowFor(page, 'Refresh').click();
    // The list may still show the old rows while the server is asked again: wait for the request, not for a row.
    for (const waitUntil = Date.now() + 15_000; modelListRequests(server()) === listedBefore && Date.now() < waitUntil; ) await new Promise((resolve) => setTimeout(resolve, 50));
    await rowFor(page, 'gpt-3.5-turbo').waitFor();
    assert.equal(modelListRequests(server()), listedBefore + 1, 'Refresh asked the server again, once');

    await rowFor(page, 'gpt-3.5-turbo').click();
    await page.locator(MODEL_STATUS_ITEM).filter({ hasText: 'gpt-3.5-turbo' }).waitFor();
  });

  it('with the model’s list prices known, each answer shows its cost and the chat header the conversation’s', async () => {
    const { page } = workbench;
    await runCommand(page, 'Ask Model: Select Model');
    await rowFor(page, 'gpt-3.5-turbo').click();
    await page.locator(MODEL_STATUS_ITEM).filter({ hasText: 'gpt-3.5-turbo' }).waitFor();
    const view = await openChat(page);
    // gpt-3.5-turbo at $1.50 / $2.00 per million tokens (LiteLLM's recorded model info): 1000 in and 500 out.
    server().script(textTurn('Priced answer.', { usage: { prompt_tokens: 1000, completion_tokens: 500 } }), textTurn('Another.', { usage: { prompt_tokens: 2000, completion_tokens: 1000 } }));
    await sendMessage(view, 'What does it cost?');
    const first = await lastFinishedAnswer(view);
    assert.match(await first.locator('.turn-footer').innerText(), / · cost ~\$0\.0025$/);
    await sendMessage(view, 'And this?');
    const second = await lastFinishedAnswer(view);
    await second.locator('.turn-footer', { hasText: 'cost ~$0.0050' }).waitFor();
    const total = view.locator('.conversation-cost');
    await total.filter({ hasText: '~$0.0075' }).waitFor();
    assert.match((await total.getAttribute('title')) ?? '', /This conversation so far: 2 answer\(s\)/);
    await screenshot(page, 'chat-cost-line', page.locator('.part.sidebar'));
  });
});
