// The model picker's detail line: `128K context · 16K out · $2.50 / $10.00 per M · tools, vision`, led by the model's
// kind where it is not a chat model (`embeddings · 2K context`: Test Connection lists every model). A fact nobody
// stated is left out of the line, never shown as 0 or "no". The model's maximum is shown beside the window only where
// it says more (`96K context (model max 128K)`), and alone where the window is unknown (`model max 128K`): it is an
// upper bound, never the window.
import type { ModelFacts, ModelKind } from '../protocol/modelInfo';

/** What the line says of a model that does not chat (a chat model, or one of unknown kind, needs no word). */
const KIND_LABELS: Readonly<Record<Exclude<ModelKind, 'chat'>, string>> = {
  completion: 'completion only',
  embeddings: 'embeddings',
  rerank: 'rerank',
  image: 'images',
  audio: 'audio',
  moderation: 'moderation',
  other: 'not a chat model',
};

export function formatModelDetail(facts: ModelFacts): string {
  const parts: string[] = [];
  if (facts.kind !== undefined && facts.kind !== 'chat') parts.push(KIND_LABELS[facts.kind]);
  const window = formatWindow(facts.contextWindow, facts.maxContextWindow);
  if (window !== undefined) parts.push(window);
  if (facts.maxOutputTokens !== undefined) parts.push(`${formatTokenCount(facts.maxOutputTokens)} out`);
  const prices = formatPrices(facts.inputPricePerToken, facts.outputPricePerToken);
  if (prices !== undefined) parts.push(prices);
  const supports = [
    facts.supportsTools === true ? 'tools' : undefined,
    facts.supportsVision === true ? 'vision' : undefined,
    facts.reasoningEffort !== undefined ? `reasoning (${facts.reasoningEffort})` : facts.supportsReasoning === true ? 'reasoning' : undefined,
  ].filter((label) => label !== undefined);
  if (supports.length > 0) parts.push(supports.join(', '));
  return parts.join(' · ');
}

function formatWindow(window: number | undefined, maximum: number | undefined): string | undefined {
  if (window === undefined) return maximum === undefined ? undefined : `model max ${formatTokenCount(maximum)}`;
  const shown = formatTokenCount(window);
  // 131072 beside 128000 is "128K" twice: nothing more to say.
  const more = maximum !== undefined && maximum > window && formatTokenCount(maximum) !== shown;
  return more ? `${shown} context (model max ${formatTokenCount(maximum)})` : `${shown} context`;
}

/**
 * 128000 → `128K`, 131072 → `128K`, 16384 → `16K`, 1048576 → `1M`, 8096 → `8.1K`. Windows are mostly round thousands
 * or powers of two, and are called by the round number either way (128000 and 131072 are both "128K"): a count is
 * written in thousands when it is round in thousands, else in 1024s when round in those, else in thousands to one
 * decimal.
 */
export function formatTokenCount(tokens: number): string {
  if (tokens >= 1_000_000) return `${inRoundUnit(tokens, 1_000_000, 1_048_576)}M`;
  if (tokens >= 1000) return `${inRoundUnit(tokens, 1000, 1024)}K`;
  return String(tokens);
}

function inRoundUnit(tokens: number, decimalUnit: number, binaryUnit: number): string {
  if (tokens % decimalUnit === 0) return String(tokens / decimalUnit);
  if (tokens % binaryUnit === 0) return String(tokens / binaryUnit);
  return oneDecimal(tokens / decimalUnit);
}

/** USD per token as dollars per million tokens: 0.0000025 → `$2.50`, 0.000000015 → `$0.015`. */
export function formatPricePerMillion(usdPerToken: number): string {
  const perMillion = usdPerToken * 1_000_000;
  if (perMillion === 0 || perMillion >= 0.1) return `$${perMillion.toFixed(2)}`;
  return `$${Number(perMillion.toPrecision(2)).toString()}`;
}

function formatPrices(input: number | undefined, output: number | undefined): string | undefined {
  if (input === 0 && output === 0) return 'free';
  if (input !== undefined && output !== undefined) return `${formatPricePerMillion(input)} / ${formatPricePerMillion(output)} per M`;
  if (input !== undefined) return `${formatPricePerMillion(input)} in per M`;
  if (output !== undefined) return `${formatPricePerMillion(output)} out per M`;
  return undefined;
}

function oneDecimal(value: number): string {
  return Number(value.toFixed(1)).toString();
}
