// The one line under an answer: whether the model refused, which model answered, tokens, time to first token, total
// time, and the server's own `_response_ms` when it sent one; and the log's note on choices that were not shown.
import type { ChatDone } from '../stream/events';

/** `profile`: the profile that answered, named when the user has more than one. */
export function formatAnswerFooter(done: ChatDone, requestedModel: string, profile?: string): string {
  const parts: string[] = [];
  // A refusal arrives as the answer's text; this says it is one (OpenAI's `refusal` field).
  if (done.refused) parts.push('refused by the model');
  parts.push(`model ${done.model ?? requestedModel}${profile ? ` via ${profile}` : ''}`);
  const usage = done.usage;
  if (usage && (usage.prompt_tokens !== undefined || usage.completion_tokens !== undefined)) {
    parts.push(`tokens ${usage.prompt_tokens ?? '?'}/${usage.completion_tokens ?? '?'}/${usage.total_tokens ?? '?'} (prompt/completion/total)`);
  }
  if (done.timings.timeToFirstTokenMs !== undefined) parts.push(`first token ${formatMs(done.timings.timeToFirstTokenMs)}`);
  parts.push(`total ${formatMs(done.timings.totalMs)}`);
  if (done.timings.tokensPerSecond !== undefined) parts.push(`${done.timings.tokensPerSecondEstimated ? '~' : ''}${done.timings.tokensPerSecond.toFixed(0)} tok/s`);
  if (done.responseMs !== undefined) parts.push(`server ${formatMs(done.responseMs)}`);
  if (done.finishReason && done.finishReason !== 'stop') parts.push(`finish ${done.finishReason}`);
  return parts.join(' · ');
}

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A warning for the log when the server sent more choices than the one shown (a user's `n` in the extra body). */
export function ignoredChoicesNote(done: ChatDone): string | undefined {
  const others = done.ignoredChoices;
  if (others.length === 0) return undefined;
  const indices = others.map((index) => (index < 0 ? 'without index' : String(index))).join(', ');
  return `the server sent ${others.length} more choice(s) (index ${indices}); only choice 0 is shown. If askModel.extraBody sets "n", remove it.`;
}
