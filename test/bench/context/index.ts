// The context suite: how far the token estimate is from what real servers counted (test/fixtures/token-usage, each
// request with the server's usage.prompt_tokens), before and after per-model calibration; and how long planning the
// compaction takes, the work added to every request (a conversation that fits) and to one that must be compacted.
// Figures only: the estimate's error is evidence about servers, and a timing on a shared machine is no verdict.
import { estimatePromptTokens } from '../../../src/core/context/estimateTokens';
import { planCompaction, type CompactionPlan } from '../../../src/core/context/compactConversation';
import { randomConversation } from '../../support/context/randomConversation';
import { absoluteQuantile, estimateErrors, loadPeerCounts, loadTokenUsageCases, outliers, peerErrors, type EstimateErrors, type TokenUsageCase } from '../../support/tokenUsage/tokenUsageCases';
import { round, summarize, type SampleSummary } from '../stats';
import type { BenchSuite, SuiteReport, TableRow } from '../suite';

/** Prompts at least this long (by our estimate) are where the window decisions are made. */
const LONG_PROMPT_TOKENS = 200;
const CONVERSATIONS = 20;
const TURNS = 40;
const RUNS_PER_CONVERSATION = 5;

interface ErrorFigures {
  cases: number;
  rawMedianPercent: number;
  rawP95Percent: number;
  calibratedMedianPercent: number;
  calibratedP95Percent: number;
}

/** The figures over the cases `included` picks, each model calibrated by all its recorded answers before it. */
function errorFigures(cases: readonly TokenUsageCase[], included: (recorded: TokenUsageCase) => boolean): ErrorFigures {
  const all = estimateErrors(cases);
  const picked = cases.map(included);
  const errors = { raw: all.raw.filter((_, index) => picked[index]), calibrated: all.calibrated.filter((_, index) => picked[index]) };
  return {
    cases: errors.raw.length,
    rawMedianPercent: round(absoluteQuantile(errors.raw, 0.5), 1),
    rawP95Percent: round(absoluteQuantile(errors.raw, 0.95), 1),
    calibratedMedianPercent: round(absoluteQuantile(errors.calibrated, 0.5), 1),
    calibratedP95Percent: round(absoluteQuantile(errors.calibrated, 0.95), 1),
  };
}

function errorRows(label: string, figures: ErrorFigures): TableRow[] {
  return [
    { measure: `estimate error, ${label} (${figures.cases}): median / p95, uncalibrated`, value: `${figures.rawMedianPercent} % / ${figures.rawP95Percent} %` },
    { measure: `estimate error, ${label} (${figures.cases}): median / p95, calibrated per model`, value: `${figures.calibratedMedianPercent} % / ${figures.calibratedP95Percent} %` },
  ];
}

/** The server count's goal: within 10 % at the median, 30 % at the 95th percentile. */
function goalMet(errors: readonly number[]): boolean {
  return absoluteQuantile(errors, 0.5) <= 10 && absoluteQuantile(errors, 0.95) <= 30;
}

/** Median and p95 of errors' sizes, in percent. */
function spread(errors: readonly number[]): string {
  return `${round(absoluteQuantile(errors, 0.5), 1)} % / ${round(absoluteQuantile(errors, 0.95), 1)} %`;
}

/**
 * The server-counted paths against the same server's reported counts (the llama.cpp peer's recording): the prompt as
 * its template renders it (/apply-template, then /tokenize: what the host counts where the server renders), and the
 * per-text count (/tokenize of each text, calibrated: the fallback where it does not, or not in time).
 */
function peerRows(cases: readonly TokenUsageCase[]): { rows: TableRow[]; figures: Record<string, unknown> } {
  const peer = loadPeerCounts();
  const { estimate, counted, rendered }: { estimate: EstimateErrors; counted: EstimateErrors; rendered: number[] } = peerErrors(cases, peer);
  const label = `llama.cpp peer (${peer.server}, ${peer.model}), same ${peer.cases.length} requests`;
  const rows: TableRow[] = [
    { measure: `${label}: estimate, calibrated: median / p95`, value: spread(estimate.calibrated) },
    { measure: `${label}: server-rendered (/apply-template + /tokenize): median / p95`, value: spread(rendered), goal: '<= 10 % / <= 30 %', pass: goalMet(rendered) },
    { measure: `${label}: per-text (/tokenize, the fallback), uncalibrated: median / p95`, value: spread(counted.raw) },
    { measure: `${label}: per-text (/tokenize, the fallback), calibrated: median / p95`, value: spread(counted.calibrated) },
  ];
  return {
    rows,
    figures: {
      server: peer.server,
      estimateCalibrated: spread(estimate.calibrated),
      rendered: spread(rendered),
      renderedOutliers: outliers(cases, rendered, 6).filter((outlier) => outlier.errorPercent !== 0),
      countedRaw: spread(counted.raw),
      countedCalibrated: spread(counted.calibrated),
      countedOutliers: outliers(cases, counted.calibrated, 6),
    },
  };
}

function timePlanning(budgetShare: number): { summary: SampleSummary; kinds: Record<string, number> } {
  const samples: number[] = [];
  const kinds: Record<string, number> = {};
  for (let seed = 1; seed <= CONVERSATIONS; seed++) {
    const { messages, tools } = randomConversation(seed, { turns: TURNS });
    const budgetTokens = Math.floor(estimatePromptTokens({ messages, tools }) * budgetShare);
    let plan: CompactionPlan | undefined;
    for (let run = 0; run < RUNS_PER_CONVERSATION; run++) {
      const started = performance.now();
      plan = planCompaction({ messages, tools, budgetTokens });
      samples.push(performance.now() - started);
    }
    kinds[plan!.kind] = (kinds[plan!.kind] ?? 0) + 1;
  }
  return { summary: summarize(samples), kinds };
}

export const contextSuite: BenchSuite = {
  name: 'context',
  async run(progress): Promise<SuiteReport> {
    const { commit, cases } = loadTokenUsageCases();
    const all = errorFigures(cases, () => true);
    const long = errorFigures(cases, (recorded) => estimatePromptTokens(recorded) >= LONG_PROMPT_TOKENS);
    progress(`context: ${cases.length} recorded requests (pydantic-ai cassettes at ${commit.slice(0, 12)}), ${long.cases} of them ${LONG_PROMPT_TOKENS}+ tokens`);
    const sample = randomConversation(1, { turns: TURNS });
    const size = `${sample.messages.length} messages, ~${estimatePromptTokens(sample)} tokens`;
    const fits = timePlanning(2);
    const compacts = timePlanning(0.4);
    const peer = peerRows(cases);
    const cassetteOutliers = outliers(cases, estimateErrors(cases).calibrated, 8);
    for (const outlier of cassetteOutliers) progress(`context: outlier ${outlier.errorPercent} % ${outlier.host} ${outlier.model} (${outlier.promptTokens} tokens) ${outlier.source}`);
    for (const outlier of peer.figures['renderedOutliers'] as typeof cassetteOutliers) progress(`context: peer outlier (rendered) ${outlier.errorPercent} % ${outlier.source}`);
    for (const outlier of peer.figures['countedOutliers'] as typeof cassetteOutliers) progress(`context: peer outlier (per-text fallback) ${outlier.errorPercent} % ${outlier.source}`);
    return {
      rows: [
        ...errorRows('all recorded requests', all),
        ...errorRows(`requests of ${LONG_PROMPT_TOKENS}+ tokens`, long),
        ...peer.rows,
        { measure: `planning a ${TURNS}-turn conversation that fits (${size}): median / min`, value: `${fits.summary.medianMs} ms / ${fits.summary.minMs} ms` },
        { measure: `planning one that must be compacted to 40 % (${JSON.stringify(compacts.kinds)}): median / min`, value: `${compacts.summary.medianMs} ms / ${compacts.summary.minMs} ms` },
      ],
      figures: {
        tokenUsageCommit: commit,
        estimateErrorAll: all,
        estimateErrorLong: long,
        cassetteOutliers,
        peer: peer.figures,
        planningFitsMs: { medianMs: fits.summary.medianMs, minMs: fits.summary.minMs, maxMs: fits.summary.maxMs },
        planningCompactsMs: { medianMs: compacts.summary.medianMs, minMs: compacts.summary.minMs, maxMs: compacts.summary.maxMs, kinds: compacts.kinds },
        conversation: { turns: TURNS, size },
      },
    };
  },
};
