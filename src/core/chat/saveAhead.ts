// Keeps an answer in flight saved while it grows, so that a window reload, a crash or a killed extension host loses at
// most the last interval of it. A change asks for a save within the interval; a tool round's end or an accepted edit
// asks for one at once. Writes never overlap and never run after `close`: the answer's final save must be the last
// word, or an older copy written after it would come back on the next load.
import type { DeltaTimer } from './deltaCoalescer';

/** The most of a streaming answer a crash can lose. */
export const SAVE_AHEAD_INTERVAL_MS = 2_000;

export class SaveAhead {
  private timer: unknown;
  private writing: Promise<void> | undefined;
  /** A save was asked for while one was being written: one more follows it. */
  private again = false;
  private closed = false;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly options: { timer: DeltaTimer; intervalMs?: number; failed: (error: unknown) => void },
  ) {}

  /** Something changed: it is saved within the interval. */
  changed(): void {
    if (this.closed || this.timer !== undefined) return;
    this.timer = this.options.timer.set(() => {
      this.timer = undefined;
      void this.now();
    }, this.options.intervalMs ?? SAVE_AHEAD_INTERVAL_MS);
  }

  /** Saves at once (after the write in progress, if any). */
  now(): Promise<void> {
    this.cancelTimer();
    if (this.closed) return Promise.resolve();
    if (this.writing) {
      this.again = true;
      return this.writing;
    }
    this.writing = this.run();
    return this.writing;
  }

  /** No more saves: cancels the one waiting and waits for the one being written. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelTimer();
    await this.writing;
  }

  private async run(): Promise<void> {
    try {
      do {
        this.again = false;
        try {
          await this.write();
        } catch (error) {
          this.options.failed(error);
        }
      } while (this.again && !this.closed);
    } finally {
      this.writing = undefined;
    }
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.options.timer.clear(this.timer);
    this.timer = undefined;
  }
}
