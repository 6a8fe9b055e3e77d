// What any streaming renderer pays per render in this page, whatever it renders: the browser's style, layout,
// pre-paint, paint and commit for a frame that changes the page. Measured as frames that each add one word at the end
// of an answer already on screen (the view follows the end, as it does while streaming), against the same frames
// changing nothing, once with a short answer (the start of a stream) and once with the whole bench answer (its end).
// With the number of frames in which the stream as sent changed the page, this gives the least the stream can cost
// beyond rendering the answer once, for the render cadence the view has.
import type { CDPSession, Page } from 'playwright-core';
import type { Harness } from '../../support/webviewHarness/openHarness';
import { buildBenchAnswer } from './benchAnswer';
import { BENCH_ANSWER_ID, benchMessages, type BenchMessages } from './benchMessages';
import { costBetween, metrics, post, preparedTab, settle, type Delivery } from './renderRuns';

/** The start of a stream: an answer of a few short blocks, no code. */
const SHORT_ANSWER = benchMessages(buildBenchAnswer(5, 600, 0), 10).once;

export interface RenderFloorRun {
  /** Frames in which the stream as sent changed the page, less the one frame a once-render needs. */
  extraFrames: number;
  /** Main-thread ms per frame that adds one word, with a short answer on screen and with the whole answer. */
  startMs: number;
  endMs: number;
}

/**
 * Counts the batches of changes to the message log while `delivery` streams: a mutation observer's callback runs once
 * per task or frame that changed the DOM, so this is the number of frames the stream changed the page in.
 */
async function streamCountingChanges(page: Page, delivery: Delivery): Promise<number> {
  const counter = await page.evaluateHandle(() => {
    const count = { batches: 0 };
    const log = document.querySelector('.message-log');
    if (!log) throw new Error('the view has no message log');
    new MutationObserver(() => void count.batches++).observe(log, { subtree: true, childList: true, characterData: true, attributes: true });
    return count;
  });
  await page.evaluate((options) => window.askModelHarness.stream(options), { loaded: 'run', perMs: delivery.perMs });
  await settle(page);
  const batches = await counter.evaluate((count) => count.batches);
  await counter.dispose();
  return batches;
}

/** `frames` frames `intervalMs` apart, each adding a word at the end of the answer when `change`. */
async function wordFrames(page: Page, frames: number, intervalMs: number, change: boolean): Promise<void> {
  await page.evaluate(
    async ({ id, frames, intervalMs, change }) => {
      // The answer's last word is in its deepest last element (a list item, a paragraph, a code token).
      let last = document.querySelector(`[data-turn-id="${id}"] .markdown`);
      if (!last) throw new Error('the answer is not on the page');
      while (last.lastElementChild) last = last.lastElementChild;
      const text = last.appendChild(document.createTextNode(''));
      for (let frame = 0; frame < frames; frame++) {
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
        await new Promise<void>((resolve) =>
          requestAnimationFrame(() => {
            if (change) text.data += ' word';
            resolve();
          }),
        );
      }
      text.remove();
    },
    { id: BENCH_ANSWER_ID, frames, intervalMs, change },
  );
  await settle(page);
}

/** Main-thread ms per changing frame: the frames with a change less the same frames without one. */
async function floorPerFrame({ page, cdp }: { page: Page; cdp: CDPSession }, frames: number, intervalMs: number): Promise<number> {
  const before = await metrics(cdp);
  await wordFrames(page, frames, intervalMs, false);
  const idle = await metrics(cdp);
  await wordFrames(page, frames, intervalMs, true);
  const changed = await metrics(cdp);
  return (costBetween(idle, changed).taskMs - costBetween(before, idle).taskMs) / frames;
}

/** `asSent` streamed (counting the frames it changes the page in), then the floor at its end and at a short answer. */
export async function renderFloorRun(harness: Harness, messages: BenchMessages, asSent: Delivery): Promise<RenderFloorRun> {
  const streamMs = (asSent.messages.length - 1) / asSent.perMs;
  const end = await preparedTab(harness, asSent, messages);
  const extraFrames = Math.max(1, (await streamCountingChanges(end.page, asSent)) - 1);
  const intervalMs = streamMs / extraFrames;
  const endMs = await floorPerFrame(end, extraFrames, intervalMs);
  await end.page.close();
  const start = await preparedTab(harness, asSent, messages);
  await post(start.page, SHORT_ANSWER);
  await settle(start.page);
  const startMs = await floorPerFrame(start, extraFrames, intervalMs);
  await start.page.close();
  return { extraFrames, startMs, endMs };
}
