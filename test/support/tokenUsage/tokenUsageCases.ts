// The recorded requests with the prompt tokens their server reported (test/fixtures/token-usage, sources in its
// README), and the estimate's error over them: raw, and calibrated per model the way the host calibrates, each
// request estimated with what the model's earlier answers taught, then taught by its own answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calibratedCount, calibratedTokens, emptyTokenCalibration, recordCountedUsage, recordPromptUsage, type TokenCalibration } from '../../../src/core/context/tokenCalibration';
import { estimatePromptTokens } from '../../../src/core/context/estimateTokens';
import type { ChatMessage, ToolDefinition } from '../../../src/core/protocol/messages';

export interface TokenUsageCase {
  source: { path: string; interaction: number };
  host: string;
  model: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  promptTokens: number;
}

export interface TokenUsageRecording {
  /** The pydantic-ai commit the cassettes were read at. */
  commit: string;
  cases: TokenUsageCase[];
}

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'token-usage', 'pydantic-ai-cassettes.json');

export function loadTokenUsageCases(): TokenUsageRecording {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as TokenUsageRecording;
}

/** Signed error of each estimate against the server's count, in percent of the server's count. */
export interface EstimateErrors {
  raw: number[];
  calibrated: number[];
}

export function estimateErrors(cases: readonly TokenUsageCase[]): EstimateErrors {
  const calibrations = new Map<string, TokenCalibration>();
  const errors: EstimateErrors = { raw: [], calibrated: [] };
  for (const recorded of cases) {
    const key = `${recorded.host} ${recorded.model}`;
    const calibration = calibrations.get(key) ?? emptyTokenCalibration();
    const estimate = estimatePromptTokens(recorded);
    errors.raw.push(percentError(estimate, recorded.promptTokens));
    errors.calibrated.push(percentError(calibratedTokens(calibration, estimate), recorded.promptTokens));
    calibrations.set(key, recordPromptUsage(calibration, estimate, recorded.promptTokens));
  }
  return errors;
}

function percentError(estimate: number, reported: number): number {
  return ((estimate - reported) / reported) * 100;
}

/** The `fraction` quantile (0.5 the median, 0.95 the p95) of the errors' sizes. */
export function absoluteQuantile(errors: readonly number[], fraction: number): number {
  const sizes = errors.map((error) => Math.abs(error)).sort((a, b) => a - b);
  if (sizes.length === 0) throw new Error('no errors to summarise');
  return sizes[Math.min(sizes.length - 1, Math.ceil(fraction * sizes.length) - 1)]!;
}

/** What the llama.cpp peer counted for the same requests (test/support/tokenUsage/recordPeerCounts.ts). */
export interface PeerCountRecording {
  server: string;
  model: string;
  /** countedTokens: the texts' per-text count; renderedTokens: the prompt as /apply-template rendered it, counted. */
  cases: { source: { path: string; interaction: number }; countedTokens: number; renderedTokens: number; promptTokens: number }[];
}

export function loadPeerCounts(): PeerCountRecording {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'token-usage', 'llama-cpp-peer.json'), 'utf8')) as PeerCountRecording;
}

/**
 * Against one server's own counts (`reported`, one model, in order): the estimate and the per-text server count, each
 * raw and calibrated the way the host calibrates (each request by what the answers before it taught), and the
 * rendered prompt's count, which the host takes as it is.
 */
export function peerErrors(cases: readonly TokenUsageCase[], peer: PeerCountRecording): { estimate: EstimateErrors; counted: EstimateErrors; rendered: number[] } {
  let calibration = emptyTokenCalibration();
  const estimate: EstimateErrors = { raw: [], calibrated: [] };
  const counted: EstimateErrors = { raw: [], calibrated: [] };
  const rendered: number[] = [];
  peer.cases.forEach((recorded, index) => {
    const request = cases[index]!;
    if (request.source.path !== recorded.source.path || request.source.interaction !== recorded.source.interaction) throw new Error(`llama-cpp-peer.json is out of step with the cassettes at ${index}`);
    const estimated = estimatePromptTokens(request);
    estimate.raw.push(percentError(estimated, recorded.promptTokens));
    estimate.calibrated.push(percentError(calibratedTokens(calibration, estimated), recorded.promptTokens));
    counted.raw.push(percentError(recorded.countedTokens, recorded.promptTokens));
    counted.calibrated.push(percentError(calibratedCount(calibration, recorded.countedTokens), recorded.promptTokens));
    rendered.push(percentError(recorded.renderedTokens, recorded.promptTokens));
    calibration = recordCountedUsage(recordPromptUsage(calibration, estimated, recorded.promptTokens), recorded.countedTokens, recorded.promptTokens);
  });
  return { estimate, counted, rendered };
}

/** The cases whose calibrated error is largest, each with its server and model, largest first. */
export function outliers(cases: readonly TokenUsageCase[], errors: readonly number[], count: number): { host: string; model: string; source: string; errorPercent: number; promptTokens: number }[] {
  return errors
    .map((error, index) => ({ error, recorded: cases[index]! }))
    .sort((a, b) => Math.abs(b.error) - Math.abs(a.error))
    .slice(0, count)
    .map(({ error, recorded }) => ({ host: recorded.host, model: recorded.model, source: `${recorded.source.path}#${recorded.source.interaction}`, errorPercent: Math.round(error), promptTokens: recorded.promptTokens }));
}
