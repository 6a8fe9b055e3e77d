// Streamed answers in Chromium end exactly as the one-shot render: the bench's ~100 KB answer, as the extension sends
// it and per token, and tricky Markdown (fences opened in one delta and closed in another, lists, tables, nested
// blockquotes, a late reference definition, an unclosed fence) cut into deltas of several sizes, each posted on a clock
// so that frames (and the view's renders, at most every 50 ms) fall between them. Also what shows while it streams.
import assert from 'node:assert/strict';
import { useHarnessPage, type HarnessPageHandle } from '../support/webviewHarness/useHarnessPage';
import type { HostMessage } from '../../src/core/chat/webviewProtocol';
import { buildBenchAnswer } from '../bench/render/benchAnswer';
import { benchMessages, coalescedStream } from '../bench/render/benchMessages';
import { LATE_REFERENCE_MARKDOWN, SPLIT_EXACT_MARKDOWN, UNCLOSED_FENCE_MARKDOWN } from '../support/trickyMarkdown';

let view: HarnessPageHandle;

const EMPTY_STATE: HostMessage = { type: 'state', state: { conversationId: 'c1', turns: [], pendingContext: [], busy: false, model: 'm', profile: 'Default', profiles: ['Default'], history: [] } };

/** Posts `messages` on a clock, `perMs` a millisecond, and waits for the view to have rendered them. */
async function stream(messages: readonly HostMessage[], perMs: number): Promise<void> {
  await view.page.evaluate((options) => window.askModelHarness.stream(options), { messages, perMs });
  await view.page.evaluate(() => window.askModelHarness.frames(3));
}

const articleHtml = (id: string): Promise<string> => view.page.locator(`[data-turn-id="${id}"]`).innerHTML();

/** Streams `text` as turn `id` in deltas of `size` characters, finishes it, and returns its article's HTML. */
async function streamedHtml(id: string, text: string, size: number, perMs = 0.5): Promise<string> {
  await view.post({ type: 'turn', turn: { id, role: 'assistant', text: '', reasoning: '', status: 'streaming' }, busy: true });
  const deltas: HostMessage[] = [];
  for (let at = 0; at < text.length; at += size) deltas.push({ type: 'delta', turnId: id, text: text.slice(at, at + size), reasoning: '' });
  await stream(deltas, perMs);
  await view.post({ type: 'turn', turn: { id, role: 'assistant', text, reasoning: '', status: 'done' }, busy: false });
  return articleHtml(id);
}

async function onceHtml(id: string, text: string): Promise<string> {
  await view.post({ type: 'turn', turn: { id, role: 'assistant', text, reasoning: '', status: 'done' }, busy: false });
  return articleHtml(id);
}

describe('streamed answers end as the one-shot render (Chromium)', function () {
  this.timeout(120_000);
  view = useHarnessPage({ first: () => EMPTY_STATE, framesAfterPost: 5 });

  it('tricky Markdown cut into deltas of 1 to 200 characters', async () => {
    const cases = { ...SPLIT_EXACT_MARKDOWN, lateReference: LATE_REFERENCE_MARKDOWN, unclosedFence: UNCLOSED_FENCE_MARKDOWN };
    for (const [name, text] of Object.entries(cases)) {
      const once = await onceHtml(`once-${name}`, text);
      for (const size of [1, 3, 17, 200]) assert.equal(await streamedHtml(`s-${name}-${size}`, text, size), once, `${name} in deltas of ${size}`);
    }
    assert.equal(await view.page.locator('.markdown-tail').count(), 0, 'no tail is left behind');
  });

  it('while streaming, what shows is what the text so far renders to, render after render', async () => {
    // Each render adds newly finished blocks to the frozen part and renders the tail again beside it: a block frozen
    // twice or skipped, a stale tail or a piece out of order would show here. The tail's code buttons are disabled.
    for (const name of ['fences', 'lists'] as const) {
      const text = SPLIT_EXACT_MARKDOWN[name]!;
      const id = `m-${name}`;
      await view.post({ type: 'turn', turn: { id, role: 'assistant', text: '', reasoning: '', status: 'streaming' }, busy: true });
      for (let at = 0; at < text.length; at += 23) {
        const shown = text.slice(0, at + 23);
        await view.post({ type: 'delta', turnId: id, text: text.slice(at, at + 23), reasoning: '' });
        const streamed = await view.page.locator(`[data-turn-id="${id}"]`).evaluate((turn) =>
          [...turn.querySelectorAll('.markdown')].map((part) => part.innerHTML).join('').replaceAll(' disabled=""', ''),
        );
        const prefixId = `${id}-${at}`;
        await view.post({ type: 'turn', turn: { id: prefixId, role: 'assistant', text: shown, reasoning: '', status: 'done' }, busy: true });
        const once = await view.page.locator(`[data-turn-id="${prefixId}"] .markdown`).innerHTML();
        assert.equal(streamed, once, `${name} after ${shown.length} characters`);
      }
    }
  });

  it("the bench's answer, as the extension sends it and per token", async () => {
    const answer = buildBenchAnswer();
    const messages = benchMessages(answer, 10_000, 'a-streamed');
    // The finished turn carries the reasoning and a footer too: the one-shot render gets the same turn.
    await view.post(benchMessages(answer, 10_000, 'a-once').once);
    const once = await articleHtml('a-once');
    await stream([messages.question, ...messages.streamed], 10);
    assert.equal(await articleHtml('a-streamed'), once, 'per token, 10 deltas a millisecond');
    const coalesced = coalescedStream(benchMessages(answer, 10_000, 'a-coalesced'), 10, 16);
    await stream(coalesced.messages, coalesced.perMs);
    assert.equal(await articleHtml('a-coalesced'), once, 'coalesced per 16 ms');
  });

  it('an answer that is done before a frame showed its last deltas still ends as its one-shot render', async () => {
    // The deltas' finished blocks are rendered as they arrive and wait for the next frame: the done turn comes first.
    for (const [name, text] of Object.entries(SPLIT_EXACT_MARKDOWN)) {
      const id = `quick-${name}`;
      const once = await onceHtml(`o-quick-${name}`, text);
      await view.post({ type: 'turn', turn: { id, role: 'assistant', text: '', reasoning: '', status: 'streaming' }, busy: true });
      const half = Math.floor(text.length / 2);
      const messages: HostMessage[] = [
        { type: 'delta', turnId: id, text: text.slice(0, half), reasoning: '' },
        { type: 'delta', turnId: id, text: text.slice(half), reasoning: '' },
        { type: 'turn', turn: { id, role: 'assistant', text, reasoning: '', status: 'done' }, busy: false },
      ];
      await view.page.evaluate((all) => all.forEach((message) => window.askModelHarness.post(message)), messages);
      await view.page.evaluate(() => window.askModelHarness.frames(5));
      assert.equal(await articleHtml(id), once, name);
    }
    assert.equal(await view.page.locator('.markdown-tail').count(), 0, 'no tail is left behind');
  });

  it('a finished answer that is not what streamed (the host sent other text) still ends as its one-shot render', async () => {
    // The split before "Next" was decided by that line's first character; the finished text continues the list there.
    const finished = '- item\n\n  still the item, not a paragraph of its own\n';
    const once = await onceHtml('o-changed', finished);
    await view.post({ type: 'turn', turn: { id: 'changed', role: 'assistant', text: '', reasoning: '', status: 'streaming' }, busy: true });
    await stream([{ type: 'delta', turnId: 'changed', text: '- item\n\nNext', reasoning: '' }], 1);
    assert.equal(await view.page.locator('[data-turn-id="changed"] .markdown:not(.markdown-tail)').innerHTML(), '<ul>\n<li>item</li>\n</ul>\n', 'the list was frozen');
    await view.post({ type: 'turn', turn: { id: 'changed', role: 'assistant', text: finished, reasoning: '', status: 'done' }, busy: false });
    assert.equal(await articleHtml('changed'), once);
  });

  it('while streaming: "Thinking…" until the first text, and the tail spaced as the finished answer will be', async () => {
    await view.post({ type: 'turn', turn: { id: 's', role: 'assistant', text: '', reasoning: '', status: 'streaming' }, busy: true });
    const tail = view.page.locator('[data-turn-id="s"] .markdown-tail');
    const placeholder = (): Promise<string> => tail.evaluate((element) => getComputedStyle(element, '::before').content);
    const firstBlockMargin = (): Promise<string> => tail.evaluate((element) => getComputedStyle(element.firstElementChild!).marginTop);
    assert.equal(await placeholder(), '"Thinking…"');
    await view.post({ type: 'delta', turnId: 's', text: 'First paragraph', reasoning: '' });
    assert.equal(await placeholder(), 'none');
    assert.equal(await firstBlockMargin(), '0px', 'the first block is at the top of the answer');
    await view.post({ type: 'delta', turnId: 's', text: '.\n\n```\ncode\n```\n', reasoning: '' });
    assert.equal(await tail.innerHTML(), '', 'both blocks are finished');
    assert.equal(await placeholder(), 'none', 'an empty tail after finished blocks is not "Thinking…"');
    await view.post({ type: 'delta', turnId: 's', text: 'Second paragraph', reasoning: '' });
    assert.notEqual(await firstBlockMargin(), '0px', "a later block keeps its top margin: the gap is the block's own");
  });

  it('an answer that starts with blank lines: its first block is still at the top while it streams', async () => {
    await view.post({ type: 'turn', turn: { id: 'b', role: 'assistant', text: '', reasoning: '', status: 'streaming' }, busy: true });
    const tail = view.page.locator('[data-turn-id="b"] .markdown-tail');
    // The blank lines are a finished piece of their own (rendering to nothing) once the paragraph starts.
    await view.post({ type: 'delta', turnId: 'b', text: '\n\nFirst paragraph', reasoning: '' });
    assert.equal(await tail.innerHTML(), '<p>First paragraph</p>\n');
    assert.equal(await tail.evaluate((element) => getComputedStyle(element.firstElementChild!).marginTop), '0px');
  });
});
