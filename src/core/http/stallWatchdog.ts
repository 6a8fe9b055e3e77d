// Two separate time-outs: how long we wait for the first byte of an answer (a server loading a model can be slow),
// and how long the answer may go silent once it has started. 0 turns either off. One timer, re-armed lazily, so a
// fast stream costs a timestamp per chunk rather than a timer per chunk.
import type { TimeoutPhase } from '../errors/transportErrors';

export interface StallWatchdogOptions {
  firstByteMs: number;
  idleMs: number;
  now: () => number;
  onStall: (phase: TimeoutPhase, limitMs: number) => void;
}

export class StallWatchdog {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private phase: TimeoutPhase | undefined;
  private lastActivity = 0;

  constructor(private readonly options: StallWatchdogOptions) {}

  /** A request is about to be sent: the first-byte clock starts. */
  awaitFirstByte(): void {
    this.stop();
    this.phase = 'first-byte';
    this.lastActivity = this.options.now();
    this.arm(this.options.firstByteMs);
  }

  /** Bytes arrived: from now on only silence counts. */
  activity(): void {
    this.lastActivity = this.options.now();
    if (this.phase === 'first-byte') {
      this.stop();
      this.phase = 'idle';
      this.arm(this.options.idleMs);
    }
  }

  /** Waiting between retries is not the server's silence. */
  pause(): void {
    this.stop();
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.phase = undefined;
  }

  private arm(ms: number): void {
    if (ms <= 0) return;
    this.timer = setTimeout(() => this.check(), ms);
  }

  private check(): void {
    const phase = this.phase;
    if (phase === undefined) return;
    const limit = phase === 'first-byte' ? this.options.firstByteMs : this.options.idleMs;
    const remaining = limit - (this.options.now() - this.lastActivity);
    if (phase === 'idle' && remaining > 1) {
      this.timer = setTimeout(() => this.check(), remaining);
      return;
    }
    this.timer = undefined;
    this.phase = undefined;
    this.options.onStall(phase, limit);
  }
}
