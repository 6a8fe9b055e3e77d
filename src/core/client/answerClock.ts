// Times one answer: first byte, first token, total, and throughput; and makes the `done` summary from them and the
// assembler's facts.
import type { ChatAssembler } from '../stream/chatAssembler';
import type { AnswerHeaders } from '../protocol/answerHeaders';
import type { ChatDone } from '../stream/events';

/** Below this span from first token to last, a tokens-per-second figure is noise. */
const MIN_RATE_WINDOW_MS = 100;

export class AnswerClock {
  private firstByteAt: number | undefined;
  private firstTokenAt: number | undefined;

  constructor(
    private readonly now: () => number,
    private readonly startedAt: number,
  ) {}

  get hasFirstToken(): boolean {
    return this.firstTokenAt !== undefined;
  }

  firstByte(): void {
    this.firstByteAt ??= this.now();
  }

  firstToken(): void {
    this.firstTokenAt ??= this.now();
  }

  done(assembler: ChatAssembler, streamed: boolean, headers: AnswerHeaders): ChatDone {
    const end = this.now();
    const summary = assembler.summary();
    const firstByteAt = this.firstByteAt ?? end;
    const completionTokens = summary.usage?.completion_tokens;
    const tokens = typeof completionTokens === 'number' ? completionTokens : summary.deltaCount;
    const generationMs = end - (this.firstTokenAt ?? firstByteAt);
    // An answer that arrived in one read (or nearly) has no measurable generation time: report no rate rather than
    // an absurd one.
    const measurable = generationMs >= MIN_RATE_WINDOW_MS;
    return {
      finishReason: summary.finishReason,
      model: summary.model,
      id: summary.id,
      usage: summary.usage,
      responseMs: summary.responseMs,
      streamed,
      refused: summary.refused,
      ignoredChoices: summary.ignoredChoices,
      headers,
      timings: {
        timeToFirstByteMs: firstByteAt - this.startedAt,
        timeToFirstTokenMs: this.firstTokenAt === undefined ? undefined : this.firstTokenAt - this.startedAt,
        totalMs: end - this.startedAt,
        tokensPerSecond: tokens > 0 && measurable ? (tokens * 1000) / generationMs : undefined,
        tokensPerSecondEstimated: typeof completionTokens !== 'number',
      },
    };
  }
}
