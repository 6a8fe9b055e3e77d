// What is known about one model answer once it is done: which model and profile answered, the tokens the server
// counted, its price when known, the times, how it finished, and the proxy's call id. The chat stores them with the turn (a conversation's cost and context use are
// computed from them, never parsed back out of a line of text); the footer line is formatted from them when shown.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { Usage } from '../protocol/messages';
import { answerCostOf } from '../cost/answerCost';
import type { CompletionUsage } from '../completions/completionAnswer';
import type { TokenPrices } from '../protocol/modelInfo';
import type { ChatDone } from '../stream/events';

const count = z.optional(z.number().check(z.nonnegative()));

export const answerFactsSchema = z.object({
  /** The model the server says answered, else the one asked for. */
  model: z.string(),
  /** The profile that answered, when the user has more than one (the footer names it). */
  profile: z.optional(z.string()),
  refused: z.boolean(),
  /** The server's counts, when it sent them; a count it did not send stays absent. */
  usage: z.optional(
    z.object({
      promptTokens: count,
      completionTokens: count,
      totalTokens: count,
      /** Prompt tokens the server read from its cache (OpenAI's `prompt_tokens_details.cached_tokens`). */
      cachedPromptTokens: count,
      /** Completion tokens spent reasoning (OpenAI's `completion_tokens_details.reasoning_tokens`). */
      reasoningTokens: count,
    }),
  ),
  timeToFirstTokenMs: z.optional(z.number()),
  totalMs: z.number(),
  tokensPerSecond: z.optional(z.number()),
  tokensPerSecondEstimated: z.boolean(),
  /** The server's own `_response_ms`. */
  responseMs: z.optional(z.number()),
  finishReason: z.optional(z.string()),
  /** What it cost (cost/answerCost.ts says when that is known). */
  cost: z.optional(z.object({ usd: z.number().check(z.nonnegative()), basis: z.enum(['server', 'prices']) })),
  /** LiteLLM's call id and the deployment that answered, to find the request in the proxy's logs. */
  callId: z.optional(z.string()),
  deploymentId: z.optional(z.string()),
});
export type AnswerFacts = z.infer<typeof answerFactsSchema>;
export type AnswerUsage = NonNullable<AnswerFacts['usage']>;

export interface AnswerContext {
  /** The model asked for (the server may name another). */
  model: string;
  /** The profile that answered, named when the user has more than one. */
  profile?: string | undefined;
  /** The model's list prices, when the catalogue knows them. */
  prices?: TokenPrices | undefined;
}

export function answerFactsOf(done: ChatDone, context: AnswerContext): AnswerFacts {
  const { profile } = context;
  const facts: AnswerFacts = {
    model: done.model ?? context.model,
    refused: done.refused,
    totalMs: done.timings.totalMs,
    tokensPerSecondEstimated: done.timings.tokensPerSecondEstimated,
  };
  if (profile !== undefined) facts.profile = profile;
  const usage = done.usage ? usageOf(done.usage) : undefined;
  if (usage) facts.usage = usage;
  if (done.timings.timeToFirstTokenMs !== undefined) facts.timeToFirstTokenMs = done.timings.timeToFirstTokenMs;
  if (done.timings.tokensPerSecond !== undefined) facts.tokensPerSecond = done.timings.tokensPerSecond;
  if (done.responseMs !== undefined) facts.responseMs = done.responseMs;
  if (done.finishReason !== undefined) facts.finishReason = done.finishReason;
  const cost = answerCostOf(done, context.prices);
  if (cost) facts.cost = cost;
  if (done.headers.callId !== undefined) facts.callId = done.headers.callId;
  if (done.headers.deploymentId !== undefined) facts.deploymentId = done.headers.deploymentId;
  return facts;
}

/** The counts in a server's `usage`, only those that are counts (servers send strings, nulls and nesting too). */
function usageOf(usage: Usage): AnswerUsage | undefined {
  const result: AnswerUsage = {};
  const put = (key: keyof AnswerUsage, value: unknown): void => {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) result[key] = value;
  };
  put('promptTokens', usage.prompt_tokens);
  put('completionTokens', usage.completion_tokens);
  put('totalTokens', usage.total_tokens);
  put('cachedPromptTokens', nested(usage['prompt_tokens_details'], 'cached_tokens'));
  put('reasoningTokens', nested(usage['completion_tokens_details'], 'reasoning_tokens'));
  return Object.keys(result).length === 0 ? undefined : result;
}

function nested(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * An answered completion's facts: the model, the counts the server sent and the cost they come to at the list prices
 * (a completion endpoint sends no price of its own). Its times are the engine's, which logs them on its own line.
 */
export function completionFactsOf(answer: { model: string | undefined; usage: CompletionUsage | undefined }, context: AnswerContext): AnswerFacts {
  const facts: AnswerFacts = { model: answer.model ?? context.model, refused: false, totalMs: 0, tokensPerSecondEstimated: false };
  if (context.profile !== undefined) facts.profile = context.profile;
  const usage = answer.usage ? usageOf(answer.usage as Usage) : undefined;
  if (usage) facts.usage = usage;
  const cost = answerCostOf({ streamed: false, usage: answer.usage as Usage | undefined, headers: {} }, context.prices);
  if (cost) facts.cost = cost;
  return facts;
}
