// Turns the workbench starts into table rows and BENCH figures. The goal (activate() < 10 ms) is judged on the median
// of ours over the starts; the peer is the floor extension (extensionHost/floorExtension), activated in the same hosts
// right after ours, whose activate() makes the same vscode API calls and nothing else. Module evaluation (what the
// host spends in require() before activate() runs) rides along without a goal, as wall-clock and CPU time: a user
// waits for it too, and on a busy machine its wall-clock time is mostly waiting for a core.
import type { HostSession } from '../extensionHost/hostSession';
import { round, summarize } from '../stats';
import type { SuiteReport, TableRow } from '../suite';

const GOAL_ACTIVATE_MS = 10;

export function activationReport(session: HostSession): SuiteReport {
  const { starts } = session;
  const of = (pick: (start: (typeof starts)[number]) => number) => summarize(starts.map(pick));
  const ours = of((start) => start.activationMs);
  const floor = of((start) => start.floorActivationMs);
  const evaluation = {
    ours: of((start) => start.evaluation.oursMs),
    oursCpu: of((start) => start.evaluation.oursCpuMs),
    floor: of((start) => start.evaluation.floorMs),
    floorCpu: of((start) => start.evaluation.floorCpuMs),
  };
  const oursToFloor = round(ours.medianMs / floor.medianMs, 2);
  const goal = { maxMs: GOAL_ACTIVATE_MS, pass: ours.medianMs < GOAL_ACTIVATE_MS };
  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  const list = (samples: readonly number[]): string => samples.map((sample) => sample.toFixed(1)).join(', ');
  const rows: TableRow[] = [
    { measure: 'method', value: `${starts.length} workbench starts (a fresh extension host each) with the .vsix installed; the floor activated right after ours in each` },
    { measure: 'activate() ours, median', value: `${ms(ours.medianMs)} (${list(ours.samplesMs)})`, goal: `< ${GOAL_ACTIVATE_MS} ms`, pass: goal.pass },
    { measure: 'activate() floor (same API calls only)', value: `${ms(floor.medianMs)} (${list(floor.samplesMs)})` },
    { measure: 'activate() ours / floor (medians)', value: `${oursToFloor.toFixed(2)}×` },
    { measure: 'module evaluation (require) ours', value: `${ms(evaluation.ours.medianMs)}, cpu ${ms(evaluation.oursCpu.medianMs)} (${list(evaluation.ours.samplesMs)})` },
    { measure: 'module evaluation (require) floor', value: `${ms(evaluation.floor.medianMs)}, cpu ${ms(evaluation.floorCpu.medianMs)}` },
  ];
  return { rows, figures: { starts: starts.length, ours, floor, oursToFloor, evaluation, goal } };
}
