// Summaries of timing samples. The median, not the mean: on a shared machine one run stalled by a neighbour must not
// move the figure. The minimum is shown beside it as the least-disturbed run.

export interface SampleSummary {
  medianMs: number;
  minMs: number;
  maxMs: number;
  samplesMs: number[];
}

export function summarize(samplesMs: readonly number[]): SampleSummary {
  return { medianMs: round(median(samplesMs)), minMs: round(Math.min(...samplesMs)), maxMs: round(Math.max(...samplesMs)), samplesMs: samplesMs.map((sample) => round(sample)) };
}

export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Three decimals: more than the timer's noise, few enough to read. */
export function round(value: number, decimals = 3): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
