// The one line under an answer: which model answered, tokens, time to first token, total time, and the server's
// own `_response_ms` when it sent one.
import type { ChatDone } from '../stream/events';

export function formatAnswerFooter(done: ChatDone, requestedModel: string): string {
  const parts: string[] = [`model ${done.model ?? requestedModel}`];
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
