// What an answer cost, in USD, and only when it is known: the server's own price (LiteLLM's
// `x-litellm-response-cost` on an answer that was not streamed, OpenRouter's `usage.cost`), else the tokens it counted
// times the model's list prices from the catalogue. No price, or no counts, means no figure: a guess shown as a price
// would be worse than none.
import type { TokenPrices } from '../protocol/modelInfo';
import type { ChatDone } from '../stream/events';

export interface AnswerCost {
  usd: number;
  /** `server`: the server priced it; `prices`: our product of its counts and the list prices (cached prompt tokens
   * are priced in full, so it may be above the bill). */
  basis: 'server' | 'prices';
}

/** What an answer's cost is read from: a chat answer (ChatDone), or a completion's usage with no headers. */
export type CostSource = Pick<ChatDone, 'streamed' | 'usage'> & { headers: Partial<Pick<ChatDone['headers'], 'costUsd'>> };

export function answerCostOf(done: CostSource, prices: TokenPrices | undefined): AnswerCost | undefined {
  // LiteLLM sends its headers before a streamed answer exists, so a streamed answer's header cannot carry its price.
  if (!done.streamed && done.headers.costUsd !== undefined) return { usd: done.headers.costUsd, basis: 'server' };
  const bodyCost = done.usage?.['cost'];
  if (typeof bodyCost === 'number' && Number.isFinite(bodyCost) && bodyCost >= 0) return { usd: bodyCost, basis: 'server' };
  const prompt = done.usage?.prompt_tokens;
  const completion = done.usage?.completion_tokens;
  if (!prices || typeof prompt !== 'number' || typeof completion !== 'number') return undefined;
  return { usd: prompt * prices.inputPerToken + completion * prices.outputPerToken, basis: 'prices' };
}

/** The sum of several answers' costs: what is known, whether any of it is our product, and how many had no price. */
export interface CostTotal {
  usd: number;
  estimated: boolean;
  unpriced: number;
}

export function totalCost(costs: readonly (AnswerCost | undefined)[]): CostTotal {
  let usd = 0;
  let estimated = false;
  let unpriced = 0;
  for (const cost of costs) {
    if (!cost) unpriced++;
    else {
      usd += cost.usd;
      estimated ||= cost.basis === 'prices';
    }
  }
  return { usd, estimated, unpriced };
}

/** `$1.23`, `$0.42`, `$0.0031` (cents from a dollar up, two significant digits below), `~` when it is our product. */
export function formatUsd(usd: number, estimated: boolean): string {
  const digits = usd === 0 ? '0.00' : usd >= 1 ? usd.toFixed(2) : usd.toPrecision(2);
  return `${estimated ? '~' : ''}$${digits}`;
}
