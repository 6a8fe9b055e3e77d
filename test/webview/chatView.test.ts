// The chat view in Chromium, under the host's exact CSP, through the harness (a fake acquireVsCodeApi that records
// what the view posts): keyboard, IME, links, code buttons, error cards, tool cards, history, context chips, the
// cached draft, and messages that do not fit the protocol. `npx mocha --config test/webview/.mocharc.json`.
import assert from 'node:assert/strict';
import type { ChatViewState, HostMessage, ViewTurn } from '../../src/core/chat/webviewProtocol';
import { sampleConversation } from '../support/webviewHarness/sampleConversation';
import { useHarnessPage, type HarnessPageHandle } from '../support/webviewHarness/useHarnessPage';

let view: HarnessPageHandle;

const state = (): ChatViewState => sampleConversation(Date.UTC(2026, 0, 1));

describe('chat view (Chromium, host CSP)', function () {
  view = useHarnessPage({ persist: true, first: () => ({ type: 'state', state: state() }) });

  it('posts ready on load, renders the state, and labels messages for screen readers', async () => {
    const log = view.page.getByRole('log');
    assert.equal(await log.getAttribute('aria-live'), 'polite');
    assert.equal(await view.page.getByRole('article', { name: 'User message' }).count(), 2);
    assert.equal(await view.page.getByRole('article', { name: 'Assistant message' }).count(), 3);
    assert.equal(await view.page.locator('details.reasoning').getAttribute('open'), null, 'reasoning starts collapsed');
  });

  it('Enter sends and clears the box; Shift+Enter adds a line; IME composition does not send', async () => {
    const box = view.page.getByRole('textbox', { name: 'Message' });
    await box.fill('first line');
    await box.press('Shift+Enter');
    await box.pressSequentially('second');
    assert.deepEqual(await view.posted(), []);
    await box.evaluate((element) => element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true })));
    assert.deepEqual(await view.posted(), [], 'an Enter that ends a composition only commits it');
    await box.press('Enter');
    assert.deepEqual(await view.posted(), [{ type: 'send', text: 'first line\nsecond' }]);
    assert.equal(await box.inputValue(), '');
  });

  it('keeps the draft across a reload (cached with setState), and restores the cached state at once', async () => {
    await view.page.getByRole('textbox', { name: 'Message' }).fill('half-typed question');
    await view.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await view.page.reload();
    await view.page.waitForFunction(() => window.askModelHarness.posts.some((post) => (post as { type: string }).type === 'ready'));
    assert.equal(await view.page.getByRole('textbox', { name: 'Message' }).inputValue(), 'half-typed question');
    assert.equal(await view.page.getByRole('article').count(), 5, 'the cached conversation is shown before the host answers');
  });

  it('while busy: Stop is shown and posts stop, Escape in the box posts stop, Send does nothing', async () => {
    await view.post({ type: 'turn', turn: { id: 'a9', role: 'assistant', text: 'Working', reasoning: '', status: 'streaming' }, busy: true });
    const streaming = view.page.locator('[data-turn-id="a9"]');
    assert.equal(await streaming.getAttribute('aria-busy'), 'true');
    await view.page.getByRole('button', { name: 'Stop' }).click();
    const box = view.page.getByRole('textbox', { name: 'Message' });
    await box.fill('next');
    await box.press('Escape');
    await box.press('Enter');
    // Send is aria-disabled while busy (still focusable); Playwright would wait for it to be enabled without `force`.
    assert.equal(await view.page.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled'), 'true');
    await view.page.getByRole('button', { name: 'Send' }).click({ force: true });
    assert.deepEqual(await view.posted(), [{ type: 'stop' }, { type: 'stop' }]);
    await view.post({ type: 'turn', turn: { id: 'a9', role: 'assistant', text: 'Working done', reasoning: '', status: 'done', footer: 'model m' }, busy: false });
    assert.equal(await streaming.getAttribute('aria-busy'), null);
    assert.equal(await view.page.getByRole('button', { name: 'Stop' }).isVisible(), false);
  });

  it('streams deltas into the answer and ends with exactly the one-off render', async () => {
    const text = '# Title\n\nSome `code`:\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n1. one\n\n2. two\n\nDone.';
    await view.post({ type: 'turn', turn: { id: 's1', role: 'assistant', text: '', reasoning: '', status: 'streaming' }, busy: true });
    for (const piece of text.match(/[\s\S]{1,3}/g) ?? []) await view.page.evaluate((value) => window.askModelHarness.post(value), { type: 'delta', turnId: 's1', text: piece, reasoning: '' });
    await view.page.evaluate(() => window.askModelHarness.frames(2));
    await view.post({ type: 'turn', turn: { id: 's1', role: 'assistant', text, reasoning: '', status: 'done' }, busy: false });
    const streamed = await view.page.locator('[data-turn-id="s1"]').innerHTML();
    await view.post({ type: 'turn', turn: { id: 's2', role: 'assistant', text, reasoning: '', status: 'done' }, busy: false });
    assert.equal(await view.page.locator('[data-turn-id="s2"]').innerHTML(), streamed);
    assert.equal(await view.page.locator('[data-turn-id="s1"] .markdown-tail').count(), 0);
  });

  it('code buttons post the raw code; links post openLink and never navigate; unsafe links are text', async () => {
    await view.page.locator('[data-turn-id="a1"] button', { hasText: 'Copy' }).click();
    await view.page.locator('[data-turn-id="a1"] button', { hasText: 'Insert' }).click();
    await view.page.locator('[data-turn-id="a1"] button', { hasText: 'Apply' }).click();
    const code = "export function hello(name: string): string {\n  const who = name.trim() || 'world';\n  return `Hello, ${who}`; // 42 is not involved\n}";
    assert.deepEqual(await view.posted(), [{ type: 'copyCode', code }, { type: 'insertCode', code }, { type: 'applyCode', code }]);
    const url = view.page.url();
    await view.page.getByRole('link', { name: 'template literals' }).click();
    await view.page.getByRole('link', { name: 'template literals' }).click({ button: 'middle' });
    assert.equal(view.page.url(), url);
    assert.deepEqual(await view.posted(), [
      { type: 'openLink', href: 'https://developer.mozilla.org/docs/Web/JavaScript/Reference/Template_literals' },
      { type: 'openLink', href: 'https://developer.mozilla.org/docs/Web/JavaScript/Reference/Template_literals' },
    ]);
    await view.post({ type: 'turn', turn: { id: 'x1', role: 'assistant', text: '[run](command:workbench.action.quit) [js](javascript:alert(1)) ![p](https://t.example/p.png)', reasoning: '', status: 'done' }, busy: false });
    const answer = view.page.locator('[data-turn-id="x1"]');
    assert.deepEqual(await answer.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))), ['https://t.example/p.png']);
    assert.equal(await view.page.locator('img').count(), 0);
  });

  it('error cards show the server words, one button per action, and Retry (on the last answer only)', async () => {
    const card = view.page.getByRole('alert');
    assert.match((await card.textContent()) ?? '', /Incorrect API key provided/);
    await card.getByRole('button', { name: 'Set API Key' }).click();
    await card.getByRole('button', { name: 'Open Settings' }).click();
    await card.getByRole('button', { name: 'Show Log' }).click();
    await card.getByRole('button', { name: 'Retry' }).click();
    assert.deepEqual(await view.posted(), [
      { type: 'errorAction', action: 'set-api-key' },
      { type: 'errorAction', action: 'open-settings' },
      { type: 'errorAction', action: 'show-log' },
      { type: 'retry' },
    ]);
    await view.post({ type: 'turn', turn: { id: 'u3', role: 'user', text: 'again', context: [] }, busy: true });
    assert.equal(await card.getByRole('button', { name: 'Retry' }).isVisible(), false);
  });

  it('an interrupted answer keeps its text, says why it stopped, and offers Retry (on the last answer only)', async () => {
    await view.post({ type: 'turn', turn: { id: 'u9', role: 'user', text: 'go on', context: [] }, busy: false });
    await view.post({ type: 'turn', turn: { id: 'a9', role: 'assistant', text: 'Half an **answer**', reasoning: '', status: 'interrupted' }, busy: false });
    const answer = view.page.getByRole('article', { name: 'Assistant message' }).last();
    assert.match((await answer.textContent()) ?? '', /Half an answer/);
    assert.match((await answer.textContent()) ?? '', /Interrupted: the window closed or the extension host stopped/);
    await answer.getByRole('button', { name: 'Retry' }).click();
    assert.deepEqual(await view.posted(), [{ type: 'retry' }]);
    await view.post({ type: 'turn', turn: { id: 'u10', role: 'user', text: 'again', context: [] }, busy: true });
    assert.equal(await answer.getByRole('button', { name: 'Retry' }).isVisible(), false);
  });

  it('tool cards: Accept, Reject and Show diff while waiting; updates arrive as toolCall messages', async () => {
    const card = view.page.locator('.tool-card[data-call-id="t2"]');
    await card.getByRole('button', { name: 'Show diff' }).click();
    await card.getByRole('button', { name: 'Accept' }).focus();
    await view.page.keyboard.press('Enter');
    assert.deepEqual(await view.posted(), [{ type: 'showDiff', callId: 't2' }, { type: 'toolDecision', callId: 't2', approved: true }]);
    await view.post({ type: 'toolCall', turnId: 'a2-tools', call: { id: 't2', name: 'create_file', summary: 'test/hello.test.ts', status: 'done', isEdit: true } });
    assert.equal(await card.getByRole('button').count(), 0);
    assert.match((await card.textContent()) ?? '', /Done/);
    assert.equal(await view.page.evaluate(() => document.activeElement?.getAttribute('data-call-id')), 't2', 'focus stays on the card');
  });

  it('context chips: tooltip holds the exact text, the remove button is named after the chip; attach buttons post', async () => {
    const chip = view.page.locator('.pending-context .chip').first();
    assert.equal(await chip.locator('.chip-label').getAttribute('title'), 'export function hello(name: string) {\n  return `Hello, ${name}`;\n}');
    await view.page.getByRole('button', { name: 'Remove hello.ts:1-3' }).click();
    await view.page.getByRole('button', { name: 'Attach selection' }).click();
    await view.page.getByRole('button', { name: 'Attach file' }).click();
    assert.deepEqual(await view.posted(), [{ type: 'removeContext', chipId: 'chip-1' }, { type: 'attachContext', kind: 'selection' }, { type: 'attachContext', kind: 'file' }]);
  });

  it('history: keyboard-reachable, opens and deletes conversations; New chat posts', async () => {
    await view.page.getByRole('button', { name: 'History' }).press('Enter');
    assert.equal(await view.page.getByRole('button', { name: 'History' }).getAttribute('aria-expanded'), 'true');
    await view.page.getByRole('button', { name: 'Delete Explain the retry policy' }).click();
    await view.page.getByRole('button', { name: /^Why is the build slow/ }).click();
    await view.page.getByRole('button', { name: 'New chat' }).click();
    assert.deepEqual(await view.posted(), [{ type: 'deleteConversation', id: 'c-2' }, { type: 'openConversation', id: 'c-1' }, { type: 'newChat' }]);
    assert.equal(await view.page.locator('#history-panel').isVisible(), false, 'opening a conversation closes the panel');
  });

  it('the profile switch: hidden with one profile; with several, the active one is selected and a choice posts selectProfile', async () => {
    const profileSwitch = view.page.getByRole('combobox', { name: 'Profile (the server that answers)' });
    assert.equal(await profileSwitch.count(), 0, 'one profile: no switch (the header is as it was)');
    await view.post({ type: 'state', state: { ...state(), profile: 'Local', profiles: ['Default', 'Local', 'Team B'] } });
    assert.equal(await profileSwitch.inputValue(), 'Local');
    await profileSwitch.selectOption('Team B');
    assert.deepEqual(await view.posted(), [{ type: 'selectProfile', name: 'Team B' }]);
  });

  it('the conversation’s cost: none shown without prices; the sum of priced answers, with what is not counted', async () => {
    const cost = view.page.locator('.conversation-cost');
    assert.equal(await cost.isVisible(), false, 'no answer has a price: no figure');
    const answer = (id: string, priced?: { usd: number; basis: 'server' | 'prices' }): ViewTurn => ({ id, role: 'assistant', text: 'ok', reasoning: '', status: 'done', footer: 'model m', ...(priced ? { cost: priced } : {}) });
    const user = (id: string): ViewTurn => ({ id, role: 'user', text: 'q', context: [] });
    await view.post({ type: 'state', state: { ...state(), turns: [user('u1'), answer('a1', { usd: 0.01, basis: 'server' }), user('u2'), answer('a2')] } });
    assert.equal(await cost.textContent(), '$0.010');
    assert.match((await cost.getAttribute('title')) ?? '', /1 answer\(s\); 1 answer\(s\) without a price are not counted/);
    await view.post({ type: 'turn', turn: user('u3'), busy: true });
    await view.post({ type: 'turn', turn: answer('a3', { usd: 0.0042, basis: 'prices' }), busy: false });
    assert.equal(await cost.textContent(), '~$0.014', 'a finished answer adds to it; ~ as one figure is from list prices');
  });

  it('the context meter, Compact, and the line where the model’s summary ends', async () => {
    const meter = view.page.locator('.context-use');
    assert.equal(await meter.isVisible(), false, 'the window unknown: no meter');
    const turns = state().turns;
    const through = turns[1]?.id ?? '';
    await view.post({ type: 'context', context: { usedTokens: 12_345, windowTokens: 32_768 } });
    assert.equal(await meter.textContent(), '12.3K / 32K');
    assert.equal(await meter.evaluate((node) => node.classList.contains('warn')), false);
    await view.post({ type: 'context', context: { usedTokens: 30_000, windowTokens: 32_768 }, summarisedThrough: through });
    assert.equal(await meter.evaluate((node) => node.classList.contains('warn')), true, 'from 80% it warns');
    assert.match((await meter.getAttribute('title')) ?? '', /about 30000 of the model's 32768 tokens \(92%\)/);
    const marked = view.page.locator('.turn.summarised-through');
    assert.equal(await marked.count(), 1);
    assert.equal(await marked.getAttribute('data-turn-id'), through);
    assert.equal(await marked.evaluate((node) => getComputedStyle(node, '::after').content), '"Earlier messages summarised for the model"');
    await view.page.getByRole('button', { name: 'Compact', exact: true }).click();
    assert.deepEqual(await view.posted(), [{ type: 'compactNow' }]);
  });

  it('everything is reachable by Tab, with a visible focus ring', async () => {
    await view.page.locator('body').click();
    const reached = new Set<string>();
    for (let step = 0; step < 60; step++) {
      await view.page.keyboard.press('Tab');
      const focused = await view.page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active || active === document.body) return undefined;
        return { name: active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '', outline: getComputedStyle(active).outlineStyle };
      });
      if (!focused) continue;
      assert.notEqual(focused.outline, 'none', `${focused.name} shows focus`);
      reached.add(focused.name);
    }
    for (const name of ['History', 'New chat', 'Copy', 'Insert', 'Apply', 'Accept', 'Set API Key', 'Retry', 'Remove hello.ts:1-3', 'Attach selection', 'Message', 'Send']) assert.ok(reached.has(name), `${name} is reachable by Tab`);
  });

  it('a long conversation shows its newest turns at once and back-fills the rest, in order, unannounced', async () => {
    const turns: ChatViewState['turns'] = [];
    for (let index = 0; index < 40; index++) {
      turns.push({ id: `lu${index}`, role: 'user', text: `question ${index}`, context: [] });
      turns.push({ id: `la${index}`, role: 'assistant', text: `answer ${index}\n\n\`\`\`ts\nconst x = ${index};\n\`\`\``, reasoning: '', status: 'done' });
    }
    const shownAtOnce = await view.page.evaluate((message) => {
      window.askModelHarness.post(message);
      return new Promise<{ count: number; live: string | null }>((resolve) =>
        setTimeout(() => resolve({ count: document.querySelectorAll('[role="article"]').length, live: document.querySelector('[role="log"]')!.getAttribute('aria-live') }), 0),
      );
    }, { type: 'state', state: { ...state(), conversationId: 'long', turns } } as HostMessage);
    assert.ok(shownAtOnce.count >= 12 && shownAtOnce.count < 80, `${shownAtOnce.count} turns at first`);
    assert.equal(shownAtOnce.live, 'off', 'back-filled history is not announced');
    await view.page.waitForFunction(() => document.querySelectorAll('[role="article"]').length === 80);
    assert.deepEqual(await view.page.locator('[role="article"]').evaluateAll((articles) => articles.map((article) => article.getAttribute('data-turn-id'))), turns.map((turn) => turn.id));
    assert.equal(await view.page.getByRole('log').getAttribute('aria-live'), 'polite');
  });

  it('ignores (and warns about) messages that do not fit the protocol', async () => {
    const warnings: string[] = [];
    view.page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await view.page.evaluate(() => {
      window.askModelHarness.post({ type: 'state', state: { turns: 'nope' } });
      window.askModelHarness.post({ type: 'launchMissiles' });
      window.askModelHarness.post('hello');
    });
    await view.page.evaluate(() => window.askModelHarness.frames(2));
    assert.equal(warnings.filter((warning) => warning.includes('does not fit the protocol')).length, 3);
    assert.equal(await view.page.getByRole('article').count(), 5, 'the view is unchanged');
  });
});
