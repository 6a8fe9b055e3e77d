// The one line under an answer: whether the model refused, which model answered, tokens, time to first token, total
// time, and the server's own `_response_ms` when it sent one; and the log's note on choices that were not shown.
import { formatUsd, totalCost, type CostTotal } from '../cost/answerCost';
import type { AnswerFacts } from '../run/answerFacts';
import type { ChatDone } from '../stream/events';
import { formatMs } from '../text/formatMs';

/** `cost`: what the whole answer cost (a chat answer with tool rounds made several requests); shown only when every
 * request of it had a price. */
export function formatAnswerFooter(facts: AnswerFacts, cost: CostTotal = totalCost([facts.cost])): string {
  const parts: string[] = [];
  // A refusal arrives as the answer's text; this says it is one (OpenAI's `refusal` field).
  if (facts.refused) parts.push('refused by the model');
  parts.push(`model ${facts.model}${facts.profile ? ` via ${facts.profile}` : ''}`);
  const usage = facts.usage;
  if (usage && (usage.promptTokens !== undefined || usage.completionTokens !== undefined)) {
    parts.push(`tokens ${usage.promptTokens ?? '?'}/${usage.completionTokens ?? '?'}/${usage.totalTokens ?? '?'} (prompt/completion/total)`);
  }
  if (facts.timeToFirstTokenMs !== undefined) parts.push(`first token ${formatMs(facts.timeToFirstTokenMs)}`);
  parts.push(`total ${formatMs(facts.totalMs)}`);
  if (facts.tokensPerSecond !== undefined) parts.push(`${facts.tokensPerSecondEstimated ? '~' : ''}${facts.tokensPerSecond.toFixed(0)} tok/s`);
  if (facts.responseMs !== undefined) parts.push(`server ${formatMs(facts.responseMs)}`);
  if (facts.finishReason && facts.finishReason !== 'stop') parts.push(`finish ${facts.finishReason}`);
  if (cost.unpriced === 0) parts.push(`cost ${formatUsd(cost.usd, cost.estimated)}`);
  return parts.join(' · ');
}

/** A warning for the log when the server sent more choices than the one shown (a user's `n` in the extra body). */
export function ignoredChoicesNote(done: ChatDone): string | undefined {
  const others = done.ignoredChoices;
  if (others.length === 0) return undefined;
  const indices = others.map((index) => (index < 0 ? 'without index' : String(index))).join(', ');
  return `the server sent ${others.length} more choice(s) (index ${indices}); only choice 0 is shown. If askModel.extraBody sets "n", remove it.`;
}
