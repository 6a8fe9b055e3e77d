// What one model's server counts against what we estimate. After each answer the host records our estimate for that
// request and the server's `usage.prompt_tokens`; later estimates are mapped through a line fitted to the recent pairs,
// so they converge on the server's own tokenizer and template without shipping either. A line, not a ratio alone:
// servers add prompt tokens the request does not show (Groq's and Anthropic's tool preambles, a few hundred tokens),
// and a ratio learnt from small prompts would blow that constant up on a long one. The fit is Theil–Sen (medians of
// slopes and of offsets), so one request the server counted oddly (a cached prefix, an image) does not move it.
// Until the recent prompts differ enough in size to tell a slope from an offset, it is the median ratio.
// Plain data, so the host can store it per model and read it back.

/** How many recent answers the fit is taken over: enough to outvote an odd one, few enough to follow a change. */
const RECENT_SAMPLES = 12;
/** Slopes outside these bounds say something other than tokenization differed (a wrong usage, a tiny prompt). */
const MIN_PER_TOKEN = 0.4;
const MAX_PER_TOKEN = 3;
/** Two prompts this far apart in size (as a ratio) tell a slope from an offset. */
const DISTINCT_SIZES = 1.25;

/** One answer: our estimate for the request, and what the server said it was. */
export type PromptSample = [estimatedTokens: number, reportedTokens: number];

export interface TokenCalibration {
  /** Most recent last. */
  samples: PromptSample[];
  /**
   * The same for prompts the server's own tokenizer counted before they were sent (`/tokenize`, a token counter):
   * [counted tokens, reported tokens]. Their line is the template and any preamble the count cannot see; kept apart,
   * since a count and an estimate are different units.
   */
  counted?: PromptSample[];
  /** A line known outright, not fitted (never stored): the rate that maps a prompt's estimate onto its server count. */
  fixed?: CalibrationFit;
}

/** Server tokens = `perToken` × estimated tokens + `overhead`. */
export interface CalibrationFit {
  perToken: number;
  overhead: number;
}

export function emptyTokenCalibration(): TokenCalibration {
  return { samples: [] };
}

/** The calibration after one answer: `estimatedTokens` is what we estimated for the request, `reportedTokens` what the server said it was. */
export function recordPromptUsage(calibration: TokenCalibration, estimatedTokens: number, reportedTokens: number): TokenCalibration {
  if (!isSample([estimatedTokens, reportedTokens])) return calibration;
  return { ...calibration, samples: [...calibration.samples, [estimatedTokens, reportedTokens] as PromptSample].slice(-RECENT_SAMPLES) };
}

/** The calibration after an answer to a prompt the server's tokenizer counted `countedTokens` before it was sent. */
export function recordCountedUsage(calibration: TokenCalibration, countedTokens: number, reportedTokens: number): TokenCalibration {
  if (!isSample([countedTokens, reportedTokens])) return calibration;
  return { ...calibration, counted: [...(calibration.counted ?? []), [countedTokens, reportedTokens] as PromptSample].slice(-RECENT_SAMPLES) };
}

/** `countedTokens` (the server tokenizer's count of the prompt's parts) as the server reports a whole prompt. */
export function calibratedCount(calibration: TokenCalibration, countedTokens: number): number {
  const fit = fitSamples(calibration.counted ?? [], true);
  return Math.ceil(countedTokens * fit.perToken + fit.overhead);
}

/** A calibration that scales estimates by `perToken` exactly (a rate known from the server's count of the same prompt). */
export function fixedCalibration(perToken: number): TokenCalibration {
  return { samples: [], fixed: { perToken, overhead: 0 } };
}

/** The line the recent samples fit; one-to-one until the server has reported anything. */
export function calibrationFit(calibration: TokenCalibration): CalibrationFit {
  return calibration.fixed ?? fitSamples(calibration.samples);
}

/** `sameUnits`: the samples' first figure is already the server's tokens, so prompts all of a size tell an offset (the template), not a rate. */
function fitSamples(samples: readonly PromptSample[], sameUnits = false): CalibrationFit {
  if (samples.length === 0) return { perToken: 1, overhead: 0 };
  const slopes: number[] = [];
  for (const [index, [estimated, reported]] of samples.entries()) {
    for (const [otherEstimated, otherReported] of samples.slice(index + 1)) {
      const [small, large] = estimated < otherEstimated ? [[estimated, reported], [otherEstimated, otherReported]] : [[otherEstimated, otherReported], [estimated, reported]];
      if (large[0]! >= small[0]! * DISTINCT_SIZES) slopes.push((large[1]! - small[1]!) / (large[0]! - small[0]!));
    }
  }
  if (slopes.length === 0 && sameUnits) return { perToken: 1, overhead: Math.max(0, median(samples.map(([counted, reported]) => reported - counted))) };
  if (slopes.length === 0) return { perToken: bounded(median(samples.map(([estimated, reported]) => reported / estimated))), overhead: 0 };
  const perToken = bounded(median(slopes));
  // A server never counts fewer tokens than the prompt's own: a negative offset would undercount short prompts.
  const overhead = Math.max(0, median(samples.map(([estimated, reported]) => reported - perToken * estimated)));
  return { perToken, overhead };
}

/** `estimatedTokens` as the server would count them. */
export function calibratedTokens(calibration: TokenCalibration, estimatedTokens: number): number {
  const fit = calibrationFit(calibration);
  return Math.ceil(estimatedTokens * fit.perToken + fit.overhead);
}

/** The most estimated tokens whose server count stays within `serverTokens`: a budget in our own units. */
export function estimatedTokensWithin(calibration: TokenCalibration, serverTokens: number): number {
  const fit = calibrationFit(calibration);
  return Math.max(0, Math.floor((serverTokens - fit.overhead) / fit.perToken));
}

/** A stored calibration read back: anything unreadable becomes an empty one rather than a wrong fit. */
export function parseTokenCalibration(value: unknown): TokenCalibration {
  const samples = typeof value === 'object' && value !== null ? (value as { samples?: unknown }).samples : undefined;
  if (!Array.isArray(samples)) return emptyTokenCalibration();
  const counted = (value as { counted?: unknown }).counted;
  const calibration: TokenCalibration = { samples: samples.filter(isSample).slice(-RECENT_SAMPLES) };
  if (Array.isArray(counted)) calibration.counted = counted.filter(isSample).slice(-RECENT_SAMPLES);
  return calibration;
}

function isSample(value: unknown): value is PromptSample {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [estimated, reported] = value as unknown[];
  return typeof estimated === 'number' && typeof reported === 'number' && Number.isFinite(estimated) && Number.isFinite(reported) && estimated > 0 && reported > 0;
}

function bounded(perToken: number): number {
  return Math.min(MAX_PER_TOKEN, Math.max(MIN_PER_TOKEN, perToken));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
