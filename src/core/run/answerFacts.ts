// What is known about one model answer once it is done: which model and profile answered, the tokens the server
// counted, the times, how it finished. The chat stores them with the turn (a conversation's cost and context use are
// computed from them, never parsed back out of a line of text); the footer line is formatted from them when shown.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { Usage } from '../protocol/messages';
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
});
export type AnswerFacts = z.infer<typeof answerFactsSchema>;
export type AnswerUsage = NonNullable<AnswerFacts['usage']>;

/** `profile`: the profile that answered, named when the user has more than one. */
export function answerFactsOf(done: ChatDone, requestedModel: string, profile?: string): AnswerFacts {
  const facts: AnswerFacts = {
    model: done.model ?? requestedModel,
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
