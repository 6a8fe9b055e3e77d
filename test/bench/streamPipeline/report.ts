// Turns the stream-pipeline samples into table rows and BENCH figures. The goals (ours ≤ 1.0× the SDK, ≤ 1.5× the
// floor) are judged on wall-clock medians, as the issue states them; CPU-time ratios ride along as the cross-check.
import type { Samples } from '../alternatingRounds';
import { median, round, summarize } from '../stats';
import type { SuiteReport, TableRow } from '../suite';
import type { TranscriptFacts } from './transcript';

const GOAL_OURS_TO_SDK = 1.0;
const GOAL_OURS_TO_FLOOR = 1.5;

export interface StreamPipelineResults {
  facts: TranscriptFacts;
  writeSliceBytes: number;
  rounds: { warmup: number; warmupRunsPerRound: number; measured: number };
  contenders: { name: string; label: string; samples: Samples }[];
}

export function streamPipelineReport(results: StreamPipelineResults): SuiteReport {
  const { facts } = results;
  const figuresOf = (name: string) => {
    const samples = results.contenders.find((contender) => contender.name === name)?.samples;
    if (!samples) throw new Error(`no samples for ${name}`);
    return { ...summarize(samples.wallMs), cpuMedianMs: round(median(samples.cpuMs)), cpuSamplesMs: samples.cpuMs.map((sample) => round(sample)) };
  };
  const ours = figuresOf('ours');
  const sdk = figuresOf('sdk');
  const floor = figuresOf('floor');
  const oursBatches = figuresOf('oursBatches');
  const ratios = {
    oursToSdk: round(ours.medianMs / sdk.medianMs),
    oursToFloor: round(ours.medianMs / floor.medianMs),
    oursBatchesToFloor: round(oursBatches.medianMs / floor.medianMs),
  };
  const cpuRatios = { oursToSdk: round(ours.cpuMedianMs / sdk.cpuMedianMs), oursToFloor: round(ours.cpuMedianMs / floor.cpuMedianMs) };
  const goals = {
    oursToSdk: { max: GOAL_OURS_TO_SDK, pass: ratios.oursToSdk <= GOAL_OURS_TO_SDK },
    oursToFloor: { max: GOAL_OURS_TO_FLOOR, pass: ratios.oursToFloor <= GOAL_OURS_TO_FLOOR },
  };
  const seconds = ours.medianMs / 1000;
  const oursThroughput = { chunksPerSecond: Math.round(facts.chunks / seconds), megabytesPerSecond: round(facts.bytes / 1e6 / seconds, 1) };

  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  const times = (value: number): string => `${value.toFixed(2)}×`;
  const rows: TableRow[] = [
    { measure: 'transcript', value: `${facts.chunks.toLocaleString('en-US')} chunks, ${(facts.bytes / 1e6).toFixed(2)} MB, ${facts.toolCallFragments.toLocaleString('en-US')} tool-call fragments` },
    { measure: 'method', value: `${results.rounds.measured} alternating rounds after ${results.rounds.warmup}×${results.rounds.warmupRunsPerRound} warm-up runs each` },
    ...results.contenders.map(({ name, label }) => {
      const figures = figuresOf(name);
      return { measure: label, value: `median ${ms(figures.medianMs)}  min ${ms(figures.minMs)}  max ${ms(figures.maxMs)}  cpu ${ms(figures.cpuMedianMs)}` };
    }),
    { measure: 'ours / sdk (medians)', value: `${times(ratios.oursToSdk)}  (cpu ${times(cpuRatios.oursToSdk)})`, goal: `≤ ${times(GOAL_OURS_TO_SDK)}`, pass: goals.oursToSdk.pass },
    { measure: 'ours / floor (medians)', value: `${times(ratios.oursToFloor)}  (cpu ${times(cpuRatios.oursToFloor)})`, goal: `≤ ${times(GOAL_OURS_TO_FLOOR)}`, pass: goals.oursToFloor.pass },
    { measure: 'ours batches / floor (medians)', value: times(ratios.oursBatchesToFloor), goal: `≤ ${times(GOAL_OURS_TO_FLOOR)}`, pass: ratios.oursBatchesToFloor <= GOAL_OURS_TO_FLOOR },
    { measure: 'ours throughput', value: `${oursThroughput.chunksPerSecond.toLocaleString('en-US')} chunks/s, ${oursThroughput.megabytesPerSecond} MB/s` },
  ];
  return {
    rows,
    figures: {
      transcript: { ...facts, writeSliceBytes: results.writeSliceBytes },
      rounds: results.rounds,
      ours,
      oursBatches,
      sdk,
      floor,
      ratios,
      cpuRatios,
      goals,
      oursThroughput,
      correct: true,
    },
  };
}
