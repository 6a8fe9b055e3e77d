// Turns the render runs into table rows and BENCH figures. Goals: the streamed answer costs ≤ 2× the main-thread time
// of rendering it once, and as the extension sends it no more than 0.3× above the least any renderer can cost (below); the 95th-percentile main-thread work per frame while
// streaming is ≤ 16 ms; the JS heap with a 200-turn conversation is ≤ 50 MB. Each is judged on medians over the
// rounds. Beside them, for reading the ratio: the transport floor (the same 10,000 messages posted to a page without
// the view), and the same stream as the extension sends it: the chat controller coalesces deltas per 16 ms
// (DeltaCoalescer), so those rows are the product's own figures, and the per-token rows are what a host that did not
// coalesce would cost the view.
// The render floor turns the as-sent ratio into a bound: once + the as-sent messages alone + (frames that changed the
// page) × (the browser's cost of such a frame) is the least any renderer changing the page that often can cost. A
// fixed ratio for the as-sent stream (it was ≤ 1.5×) sat below that bound on this machine, so no renderer could meet
// it; the goal is now the bound plus a margin for the view's own work. How it compares with VS Code's own chat for the
// same stream is the side-by-side suite's (sideBySide/).
import { median, round } from '../stats';
import type { SuiteReport, TableRow } from '../suite';
import { percentile, type FrameWork } from './frameWork';
import type { RenderFloorRun } from './renderFloor';
import type { HeapRun, MainThreadCost, RenderedRun } from './renderRuns';

const GOAL_RATIO = 2;
/** The stream as users get it (coalesced by the extension) may cost this much above the least it can cost. */
const GOAL_MARGIN_AS_SENT = 0.3;
const GOAL_FRAME_MS = 16;
const GOAL_HEAP_MB = 50;

export type RunKind = 'once' | 'fast' | 'steady' | 'coalesced' | 'floor' | 'floor-as-sent' | 'render-floor' | 'frames-fast' | 'frames-steady' | 'frames-coalesced';

export interface RenderResults {
  answer: { bytes: number; codeBlocks: number; deltas: number; coalescedMessages: number };
  paces: { fast: number; steady: number };
  coalesceWindowMs: number;
  rounds: number;
  rendered: Record<'fast' | 'steady' | 'once' | 'coalesced', RenderedRun[]>;
  floors: MainThreadCost[];
  /** The as-sent messages posted to a page without the view. */
  floorsAsSent: MainThreadCost[];
  renderFloors: RenderFloorRun[];
  frames: Record<'fast' | 'steady' | 'coalesced', FrameWork[]>;
  heap: HeapRun[];
}

function costFigures(costs: readonly MainThreadCost[]) {
  const of = (pick: (cost: MainThreadCost) => number): number => round(median(costs.map(pick)), 1);
  return { taskMs: of((cost) => cost.taskMs), scriptMs: of((cost) => cost.scriptMs), layoutMs: of((cost) => cost.layoutMs), styleMs: of((cost) => cost.styleMs), taskSamplesMs: costs.map((cost) => round(cost.taskMs, 1)) };
}

function frameFigures(runs: readonly FrameWork[]) {
  const perRun = runs.map((run) => {
    const quarter = Math.max(1, Math.floor(run.workMs.length / 4));
    return {
      frames: run.workMs.length,
      workP50: percentile(run.workMs, 0.5),
      workP95: percentile(run.workMs, 0.95),
      workMax: Math.max(...run.workMs),
      intervalP95: percentile(run.intervalMs, 0.95),
      firstQuarterP50: percentile(run.workMs.slice(0, quarter), 0.5),
      lastQuarterP50: percentile(run.workMs.slice(-quarter), 0.5),
    };
  });
  const of = (pick: (run: (typeof perRun)[number]) => number): number => round(median(perRun.map(pick)), 2);
  return {
    frames: of((run) => run.frames),
    workP50Ms: of((run) => run.workP50),
    workP95Ms: of((run) => run.workP95),
    workMaxMs: of((run) => run.workMax),
    intervalP95Ms: of((run) => run.intervalP95),
    firstQuarterP50Ms: of((run) => run.firstQuarterP50),
    lastQuarterP50Ms: of((run) => run.lastQuarterP50),
    workP95SamplesMs: perRun.map((run) => round(run.workP95, 2)),
  };
}

/** The view's own script, from the harness hooks: µs per delta in its message listener, its frame callbacks' p95. */
function viewScriptFigures(runs: readonly RenderedRun[]) {
  return {
    listenerUsPerMessage: round(median(runs.map((run) => (run.timing.messageMs * 1000) / Math.max(1, run.timing.messageCount))), 1),
    frameCallbacks: round(median(runs.map((run) => run.timing.frameCallbackMs.length)), 0),
    frameCallbackP95Ms: round(median(runs.map((run) => percentile(run.timing.frameCallbackMs, 0.95))), 2),
  };
}

export function renderReport(results: RenderResults): SuiteReport {
  const once = costFigures(results.rendered.once.map((run) => run.cost));
  const fast = costFigures(results.rendered.fast.map((run) => run.cost));
  const steady = costFigures(results.rendered.steady.map((run) => run.cost));
  const coalesced = costFigures(results.rendered.coalesced.map((run) => run.cost));
  const floor = costFigures(results.floors);
  const ratios = {
    fast: round(fast.taskMs / once.taskMs, 2),
    steady: round(steady.taskMs / once.taskMs, 2),
    coalesced: round(coalesced.taskMs / once.taskMs, 2),
    fastWithoutTransport: round((fast.taskMs - floor.taskMs) / once.taskMs, 2),
  };
  const floorAsSent = costFigures(results.floorsAsSent);
  const renderFloor = {
    extraFrames: median(results.renderFloors.map((run) => run.extraFrames)),
    startMs: round(median(results.renderFloors.map((run) => run.startMs)), 2),
    endMs: round(median(results.renderFloors.map((run) => run.endMs)), 2),
  };
  // The floor grows with the page between the two points; their mean stands for a frame of the stream.
  const meanFloorMs = (renderFloor.startMs + renderFloor.endMs) / 2;
  const leastAsSentRatio = round((once.taskMs + floorAsSent.taskMs + renderFloor.extraFrames * meanFloorMs) / once.taskMs, 2);
  const frames = { fast: frameFigures(results.frames.fast), steady: frameFigures(results.frames.steady), coalesced: frameFigures(results.frames.coalesced) };
  const viewScript = { fast: viewScriptFigures(results.rendered.fast), steady: viewScriptFigures(results.rendered.steady) };
  const mb = (bytes: number): number => round(bytes / 1048576, 2);
  const heap = {
    loadedMB: mb(median(results.heap.map((run) => run.loadedBytes))),
    baselineMB: mb(median(results.heap.map((run) => run.baselineBytes))),
    clearedMB: mb(median(results.heap.map((run) => run.clearedBytes))),
    clearedAgainMB: mb(median(results.heap.map((run) => run.clearedAgainBytes))),
    domNodes: median(results.heap.map((run) => run.domNodes)),
    articles: results.heap[0]?.articles ?? 0,
    stateJsonKB: round((results.heap[0]?.stateJsonBytes ?? 0) / 1024, 0),
    renderMs: round(median(results.heap.map((run) => run.renderMs)), 0),
    firstFrameMs: round(median(results.heap.map((run) => run.firstFrameMs)), 0),
  };
  const goals = {
    ratioFast: { max: GOAL_RATIO, pass: ratios.fast <= GOAL_RATIO },
    ratioSteady: { max: GOAL_RATIO, pass: ratios.steady <= GOAL_RATIO },
    ratioAsSent: { max: round(leastAsSentRatio + GOAL_MARGIN_AS_SENT, 2), pass: ratios.coalesced <= leastAsSentRatio + GOAL_MARGIN_AS_SENT },
    frameP95Fast: { max: GOAL_FRAME_MS, pass: frames.fast.workP95Ms <= GOAL_FRAME_MS },
    frameP95Steady: { max: GOAL_FRAME_MS, pass: frames.steady.workP95Ms <= GOAL_FRAME_MS },
    frameP95AsSent: { max: GOAL_FRAME_MS, pass: frames.coalesced.workP95Ms <= GOAL_FRAME_MS },
    heap: { max: GOAL_HEAP_MB, pass: heap.loadedMB <= GOAL_HEAP_MB },
  };

  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  const times = (value: number): string => `${value.toFixed(2)}×`;
  const { paces } = results;
  const fastLabel = `${paces.fast}/ms`;
  const steadyLabel = `${paces.steady}/ms`;
  const rows: TableRow[] = [
    { measure: 'answer', value: `${(results.answer.bytes / 1024).toFixed(0)} KB, ${results.answer.codeBlocks} code blocks, ${results.answer.deltas.toLocaleString('en-US')} deltas; medians of ${results.rounds} rounds` },
    { measure: 'once: main thread', value: `${ms(once.taskMs)} (script ${ms(once.scriptMs)}, layout ${ms(once.layoutMs)}, style ${ms(once.styleMs)})` },
    { measure: `streamed ${fastLabel}: main thread`, value: `${ms(fast.taskMs)} (script ${ms(fast.scriptMs)}, layout ${ms(fast.layoutMs)}, style ${ms(fast.styleMs)})` },
    { measure: `per token ${fastLabel} / once`, value: times(ratios.fast), goal: `≤ ${times(GOAL_RATIO)}`, pass: goals.ratioFast.pass },
    { measure: `per token ${steadyLabel} / once`, value: `${times(ratios.steady)}  (${ms(steady.taskMs)})`, goal: `≤ ${times(GOAL_RATIO)}`, pass: goals.ratioSteady.pass },
    { measure: `transport floor ${fastLabel}`, value: `${ms(floor.taskMs)}: the 10,000 posts with no view; streamed minus it / once ${times(ratios.fastWithoutTransport)}` },
    {
      measure: `as the extension sends it (per ${results.coalesceWindowMs} ms) / once`,
      value: `${times(ratios.coalesced)}  (${results.answer.coalescedMessages} messages, ${ms(coalesced.taskMs)})`,
      goal: `≤ the least + ${GOAL_MARGIN_AS_SENT}× (${times(goals.ratioAsSent.max)})`,
      pass: goals.ratioAsSent.pass,
    },
    {
      measure: 'render floor per frame',
      value: `${renderFloor.startMs.toFixed(1)} ms with a short answer, ${renderFloor.endMs.toFixed(1)} ms with the whole answer (a frame that adds one word, the view following); the stream as sent changes the page in ${renderFloor.extraFrames} frames more than a once-render`,
    },
    {
      measure: 'as sent, the least it can cost / once',
      value: `${times(leastAsSentRatio)}  (once ${ms(once.taskMs)} + the messages alone ${ms(floorAsSent.taskMs)} + ${renderFloor.extraFrames} frames × ${meanFloorMs.toFixed(1)} ms, the floor's mean)`,
    },
    {
      measure: 'frame work p95 as sent',
      value: `${frames.coalesced.workP95Ms.toFixed(1)} ms (p50 ${frames.coalesced.workP50Ms.toFixed(1)}, ${frames.coalesced.frames} frames; p50 first/last quarter ${frames.coalesced.firstQuarterP50Ms.toFixed(1)}/${frames.coalesced.lastQuarterP50Ms.toFixed(1)})`,
      goal: `≤ ${GOAL_FRAME_MS} ms`,
      pass: goals.frameP95AsSent.pass,
    },
    { measure: `frame work p95 ${steadyLabel}`, value: `${frames.steady.workP95Ms.toFixed(1)} ms (p50 ${frames.steady.workP50Ms.toFixed(1)}, ${frames.steady.frames} frames; p50 first/last quarter ${frames.steady.firstQuarterP50Ms.toFixed(1)}/${frames.steady.lastQuarterP50Ms.toFixed(1)})`, goal: `≤ ${GOAL_FRAME_MS} ms`, pass: goals.frameP95Steady.pass },
    { measure: `frame work p95 ${fastLabel}`, value: `${frames.fast.workP95Ms.toFixed(1)} ms (p50 ${frames.fast.workP50Ms.toFixed(1)}, ${frames.fast.frames} frames)`, goal: `≤ ${GOAL_FRAME_MS} ms`, pass: goals.frameP95Fast.pass },
    { measure: 'view script per delta / per frame p95', value: `${viewScript.steady.listenerUsPerMessage} µs / ${viewScript.steady.frameCallbackP95Ms.toFixed(1)} ms (${steadyLabel}), ${viewScript.fast.listenerUsPerMessage} µs / ${viewScript.fast.frameCallbackP95Ms.toFixed(1)} ms (${fastLabel})` },
    { measure: `JS heap, ${heap.articles} turns`, value: `${heap.loadedMB.toFixed(1)} MB (empty ${heap.baselineMB.toFixed(1)}, cleared ${heap.clearedMB.toFixed(1)} then ${heap.clearedAgainMB.toFixed(1)}; ${heap.domNodes.toLocaleString('en-US')} DOM nodes)`, goal: `≤ ${GOAL_HEAP_MB} MB`, pass: goals.heap.pass },
    { measure: `${heap.articles} turns from one state message`, value: `newest painted after ${ms(heap.firstFrameMs)}; all rendered in ${ms(heap.renderMs)} of main thread (${heap.stateJsonKB} KB of state)` },
  ];
  return {
    rows,
    figures: { answer: results.answer, paces, coalesceWindowMs: results.coalesceWindowMs, rounds: results.rounds, once, fast, steady, coalesced, floor, floorAsSent, renderFloor, leastAsSentRatio, ratios, frames, viewScript, heap, goals, exact: true },
  };
}
