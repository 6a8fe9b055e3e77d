// The context suite: how far the token estimate is from what real servers counted (test/fixtures/token-usage, each
// request with the server's usage.prompt_tokens), before and after per-model calibration; and how long planning the
// compaction takes, the work added to every request (a conversation that fits) and to one that must be compacted.
// Figures only: the estimate's error is evidence about servers, and a timing on a shared machine is no verdict.
import { estimatePromptTokens, planCompaction, type CompactionPlan } from '../../../src/core';
import { randomConversation } from '../../support/context/randomConversation';
import { absoluteQuantile, estimateErrors, loadTokenUsageCases, type TokenUsageCase } from '../../support/tokenUsage/tokenUsageCases';
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
    return {
      rows: [
        ...errorRows('all recorded requests', all),
        ...errorRows(`requests of ${LONG_PROMPT_TOKENS}+ tokens`, long),
        { measure: `planning a ${TURNS}-turn conversation that fits (${size}): median / min`, value: `${fits.summary.medianMs} ms / ${fits.summary.minMs} ms` },
        { measure: `planning one that must be compacted to 40 % (${JSON.stringify(compacts.kinds)}): median / min`, value: `${compacts.summary.medianMs} ms / ${compacts.summary.minMs} ms` },
      ],
      figures: {
        tokenUsageCommit: commit,
        estimateErrorAll: all,
        estimateErrorLong: long,
        planningFitsMs: { medianMs: fits.summary.medianMs, minMs: fits.summary.minMs, maxMs: fits.summary.maxMs },
        planningCompactsMs: { medianMs: compacts.summary.medianMs, minMs: compacts.summary.minMs, maxMs: compacts.summary.maxMs, kinds: compacts.kinds },
        conversation: { turns: TURNS, size },
      },
    };
  },
};
