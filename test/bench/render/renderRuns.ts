// One measured run of each kind, each in a fresh tab of the harness. Before a timed run, the tab renders a warm-up
// answer (every code language of the bench answer, so highlight.js has compiled its grammars, as it has after a
// user's first answers) both streamed and at once, clears it and collects garbage; then the bench question is shown
// and the messages of the run are loaded into the page, outside the timed window.
import type { CDPSession, Page } from 'playwright-core';
import type { HostMessage } from '../../../src/core/chat/webviewProtocol';
import type { Harness } from '../../support/webviewHarness/openHarness';
import type { ScriptTiming } from '../../support/webviewHarness/browser/harnessApi';
import { buildBenchAnswer, CODE_LANGUAGES } from './benchAnswer';
import { BENCH_ANSWER_ID, benchMessages, type BenchMessages } from './benchMessages';
import { frameWork, startTrace, type FrameWork } from './frameWork';
import { longConversation } from './longConversation';

const EMPTY_STATE: HostMessage = { type: 'state', state: { conversationId: 'bench', turns: [], pendingContext: [], busy: false, model: 'bench-model', profile: 'Default', profiles: ['Default'], history: [] } };

/** Main-thread time of the page's renderer, from CDP Performance.getMetrics deltas (ms). */
export interface MainThreadCost {
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

export interface RenderedRun {
  cost: MainThreadCost;
  /** The view's own script time, from the harness's hooks (its message listener and animation-frame callbacks). */
  timing: ScriptTiming;
  /** The answer's article, serialized, for the exactness check (empty in a run without the view). */
  articleHtml: string;
  cspViolations: string[];
}

/** What to post in a timed run, and at which pace. */
export interface Delivery {
  readonly messages: readonly HostMessage[];
  readonly perMs: number;
}

type Metrics = Record<string, number>;

export async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

export function costBetween(before: Metrics, after: Metrics): MainThreadCost {
  const ms = (name: string): number => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return { taskMs: ms('TaskDuration'), scriptMs: ms('ScriptDuration'), layoutMs: ms('LayoutDuration'), styleMs: ms('RecalcStyleDuration') };
}

export async function post(page: Page, message: HostMessage): Promise<void> {
  await page.evaluate((value) => window.askModelHarness.post(value), message);
}

export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => window.askModelHarness.frames(3));
}

async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
}

const warmupAnswer = buildBenchAnswer(99, 12_000, CODE_LANGUAGES.length);
const warmup = benchMessages(warmupAnswer, 1_000, 'a-warmup');
const warmupOnce = benchMessages(warmupAnswer, 1_000, 'a-warmup-once').once;

/** A fresh tab, warmed up, with the bench question shown and `delivery` loaded: ready for the timed part. */
export async function preparedTab(harness: Harness, delivery: Delivery, messages: BenchMessages): Promise<{ page: Page; cdp: CDPSession }> {
  const tab = await harness.openPage();
  const { page, cdp } = tab;
  await cdp.send('Performance.enable');
  await post(page, EMPTY_STATE);
  await page.evaluate((options) => window.askModelHarness.stream(options), { messages: [warmup.question, ...warmup.streamed], perMs: delivery.perMs });
  await settle(page);
  await post(page, warmupOnce);
  await settle(page);
  await post(page, EMPTY_STATE);
  await settle(page);
  await collectGarbage(cdp);
  await page.evaluate((loaded) => window.askModelHarness.load('run', loaded), delivery.messages);
  await post(page, messages.question);
  await settle(page);
  await page.evaluate(() => window.askModelHarness.resetTiming());
  return tab;
}

async function timedDelivery(page: Page, cdp: CDPSession, perMs: number): Promise<MainThreadCost> {
  const before = await metrics(cdp);
  await page.evaluate((options) => window.askModelHarness.stream(options), { loaded: 'run', perMs });
  await settle(page);
  return costBetween(before, await metrics(cdp));
}

/** Delivers `delivery` to the view and measures the main thread (the answer streamed, coalesced, or at once). */
export async function renderedRun(harness: Harness, messages: BenchMessages, delivery: Delivery): Promise<RenderedRun> {
  const { page, cdp } = await preparedTab(harness, delivery, messages);
  const cost = await timedDelivery(page, cdp, delivery.perMs);
  const result = await page.evaluate((id) => ({
    articleHtml: document.querySelector(`[data-turn-id="${id}"]`)?.outerHTML ?? '',
    timing: window.askModelHarness.timing,
    cspViolations: [...window.askModelHarness.cspViolations],
  }), BENCH_ANSWER_ID);
  await page.close();
  return { cost, ...result };
}

/** The same messages to a page without the view: what posting and receiving them costs by itself. */
export async function transportFloorRun(harness: Harness, delivery: Delivery): Promise<MainThreadCost> {
  const { page, cdp } = await harness.openPage({ withoutView: true });
  await cdp.send('Performance.enable');
  await page.evaluate((loaded) => window.askModelHarness.load('run', loaded), delivery.messages);
  const cost = await timedDelivery(page, cdp, delivery.perMs);
  await page.close();
  return cost;
}

/** The streamed delivery again, under a minimal trace, for the main-thread work in each frame. */
export async function tracedRun(harness: Harness, messages: BenchMessages, delivery: Delivery): Promise<FrameWork> {
  const { page, cdp } = await preparedTab(harness, delivery, messages);
  const stopTrace = await startTrace(cdp);
  await page.evaluate(() => void performance.mark('askModel-stream-start'));
  await page.evaluate((options) => window.askModelHarness.stream(options), { loaded: 'run', perMs: delivery.perMs });
  await settle(page);
  await page.evaluate(() => void performance.mark('askModel-stream-end'));
  const events = await stopTrace();
  await page.close();
  return frameWork(events, 'askModel-stream-start', 'askModel-stream-end');
}

export interface HeapRun {
  /** JS heap in use after load with an empty conversation, after forced GC. */
  baselineBytes: number;
  /** … with the 200-turn conversation rendered. */
  loadedBytes: number;
  /** … after switching to an empty conversation and back twice: what a long conversation leaves behind. */
  clearedBytes: number;
  clearedAgainBytes: number;
  domNodes: number;
  articles: number;
  stateJsonBytes: number;
  /** Main-thread time to render the 200 turns from one `state` message (a view shown again, fresh), back-fill included. */
  renderMs: number;
  /** From posting that message to the first animation frame after it: when the newest turns are painted. */
  firstFrameMs: number;
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  await collectGarbage(cdp);
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

export async function heapRun(harness: Harness): Promise<HeapRun> {
  const { page, cdp } = await harness.openPage();
  await cdp.send('Performance.enable');
  await post(page, EMPTY_STATE);
  await settle(page);
  const baselineBytes = await heapUsed(cdp);
  const state = longConversation();
  await page.evaluate((loaded) => window.askModelHarness.load('state', loaded), [{ type: 'state', state }]);
  const load = async (): Promise<{ cost: MainThreadCost; firstFrameMs: number }> => {
    const before = await metrics(cdp);
    const firstFrameMs = await page.evaluate(async () => {
      const started = performance.now();
      await window.askModelHarness.stream({ loaded: 'state', perMs: 1 });
      // Posting only queues the message: wait for the first frame that runs after the view has handled it.
      do await window.askModelHarness.frames(1);
      while (document.querySelectorAll('[role="article"]').length === 0);
      return performance.now() - started;
    });
    await page.waitForFunction((turns) => document.querySelectorAll('[role="article"]').length === turns, state.turns.length);
    await settle(page);
    return { cost: costBetween(before, await metrics(cdp)), firstFrameMs };
  };
  const { cost, firstFrameMs } = await load();
  const loadedBytes = await heapUsed(cdp);
  const domNodes = (await metrics(cdp)).Nodes ?? Number.NaN;
  const articles = await page.evaluate(() => document.querySelectorAll('[role="article"]').length);
  await post(page, EMPTY_STATE);
  await settle(page);
  const clearedBytes = await heapUsed(cdp);
  await load();
  await post(page, EMPTY_STATE);
  await settle(page);
  const clearedAgainBytes = await heapUsed(cdp);
  await page.close();
  return { baselineBytes, loadedBytes, clearedBytes, clearedAgainBytes, domNodes, articles, stateJsonBytes: JSON.stringify(state).length, renderMs: cost.taskMs, firstFrameMs };
}
