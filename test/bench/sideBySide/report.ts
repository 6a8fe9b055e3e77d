// The side-by-side rows. Goal: our view's main-thread work for the stream is no more than VS Code's own chat's for the
// same stream (a ratio of medians), and its busiest renderer's frame p95 no worse. Beside them, the runs' request
// counts: VS Code's chat may ask the model for more than the answer, and a count that differs says so.
import { median, round } from '../stats';
import type { SuiteReport, TableRow } from '../suite';
import { percentile } from '../render/frameWork';
import type { RendererWork } from './rendererWork';

export type Contender = 'vscodeChat' | 'ourView';
const GOAL_RATIO = 1;

export interface SideBySideResults {
  answer: { bytes: number; codeBlocks: number; deltas: number; dripMs: number };
  rounds: number;
  runs: Record<Contender, RendererWork[]>;
  requests: Record<Contender, number[]>;
}

function figures(runs: readonly RendererWork[]) {
  return {
    totalMs: round(median(runs.map((run) => run.totalMs)), 0),
    busiestMs: round(median(runs.map((run) => run.busiest.taskMs)), 0),
    renderers: median(runs.map((run) => run.renderers)),
    frames: median(runs.map((run) => run.busiest.workMs.length)),
    frameP95Ms: round(median(runs.map((run) => percentile(run.busiest.workMs, 0.95))), 1),
    frameP50Ms: round(median(runs.map((run) => percentile(run.busiest.workMs, 0.5))), 1),
    totalSamplesMs: runs.map((run) => round(run.totalMs, 0)),
  };
}

export function sideBySideReport(results: SideBySideResults): SuiteReport {
  const vscodeChat = figures(results.runs.vscodeChat);
  const ourView = figures(results.runs.ourView);
  const ratio = round(ourView.totalMs / vscodeChat.totalMs, 2);
  const goals = {
    mainThread: { max: GOAL_RATIO, pass: ratio <= GOAL_RATIO },
    frameP95: { max: vscodeChat.frameP95Ms, pass: ourView.frameP95Ms <= vscodeChat.frameP95Ms },
  };
  const describe = (of: ReturnType<typeof figures>): string =>
    `${of.totalMs} ms on ${of.renderers} renderer(s) (busiest ${of.busiestMs} ms; frame p95 ${of.frameP95Ms.toFixed(1)} ms, p50 ${of.frameP50Ms.toFixed(1)}, ${of.frames} frames)`;
  const { answer } = results;
  const rows: TableRow[] = [
    { measure: 'stream', value: `${(answer.bytes / 1024).toFixed(0)} KB, ${answer.codeBlocks} code blocks, ${answer.deltas} deltas ${answer.dripMs} ms apart, through the reference server; medians of ${results.rounds} rounds` },
    { measure: 'VS Code’s chat (our provider): main thread', value: describe(vscodeChat) },
    { measure: 'our chat view: main thread', value: describe(ourView) },
    { measure: 'our view / VS Code’s chat', value: `${ratio.toFixed(2)}×`, goal: `≤ ${GOAL_RATIO.toFixed(2)}×`, pass: goals.mainThread.pass },
    { measure: 'frame work p95: ours vs VS Code’s', value: `${ourView.frameP95Ms.toFixed(1)} vs ${vscodeChat.frameP95Ms.toFixed(1)} ms`, goal: '≤ VS Code’s', pass: goals.frameP95.pass },
    { measure: 'chat requests per run', value: `VS Code’s chat ${median(results.requests.vscodeChat)}, ours ${median(results.requests.ourView)}` },
  ];
  return { rows, figures: { answer, rounds: results.rounds, vscodeChat, ourView, ratio, requests: results.requests, goals } };
}
