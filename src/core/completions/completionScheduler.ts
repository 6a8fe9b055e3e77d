// When a completion request may go: after the typing has paused for the debounce, one at a time. A new keystroke
// aborts the request before it (at the socket, through its signal, so the server stops generating) and the wait
// before it, and what was superseded resolves to undefined. The clock is a port, so the tests drive time by hand.

export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: SchedulerClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the scheduler did, for the log, the status bar and the bench. */
export interface SchedulerCounts {
  scheduled: number;
  started: number;
  completed: number;
  /** Started and then aborted by a newer keystroke or the caller. */
  aborted: number;
  /** Superseded during the debounce: never sent. */
  skipped: number;
  inFlight: number;
  maxInFlight: number;
}

interface Slot {
  controller: AbortController;
  timer: unknown;
  started: boolean;
}

export class CompletionScheduler {
  private current: Slot | undefined;
  /** Settles once the last started work has settled (and been counted). */
  private lastWork: Promise<unknown> = Promise.resolve();
  readonly counts: SchedulerCounts = { scheduled: 0, started: 0, completed: 0, aborted: 0, skipped: 0, inFlight: 0, maxInFlight: 0 };

  constructor(
    private readonly debounceMs: () => number,
    private readonly clock: SchedulerClock = systemClock,
  ) {}

  /**
   * Runs `work` once the debounce has passed with no newer call, with a signal that a newer call (or `cancel`, or the
   * caller's signal) aborts. Undefined when superseded or cancelled before or while it ran.
   */
  schedule<T>(work: (signal: AbortSignal) => Promise<T>, callerSignal?: AbortSignal): Promise<T | undefined> {
    this.cancel();
    this.counts.scheduled++;
    const slot: Slot = { controller: new AbortController(), timer: undefined, started: false };
    this.current = slot;
    const { signal } = slot.controller;
    const onCallerAbort = (): void => {
      if (this.current === slot) this.cancel();
    };
    if (callerSignal?.aborted) onCallerAbort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    return new Promise<T | undefined>((resolve) => {
      const finish = (value: T | undefined): void => {
        callerSignal?.removeEventListener('abort', onCallerAbort);
        if (this.current === slot) this.current = undefined;
        resolve(value);
      };
      if (signal.aborted) {
        finish(undefined);
        return;
      }
      signal.addEventListener('abort', () => {
        if (!slot.started) finish(undefined);
      }, { once: true });
      const start = (): void => {
        if (signal.aborted) return;
        // The request this one superseded is aborted but may not have settled yet: one in flight means after it.
        if (this.counts.inFlight > 0) {
          void this.lastWork.then(start);
          return;
        }
        slot.started = true;
        this.counts.started++;
        this.counts.inFlight++;
        this.counts.maxInFlight = Math.max(this.counts.maxInFlight, this.counts.inFlight);
        this.lastWork = work(signal).then(
          (value) => {
            this.settle(signal);
            finish(signal.aborted ? undefined : value);
          },
          (error: unknown) => {
            this.settle(signal);
            if (signal.aborted) finish(undefined);
            else {
              callerSignal?.removeEventListener('abort', onCallerAbort);
              if (this.current === slot) this.current = undefined;
              // Errors of a request nobody superseded are the caller's to handle (back-off, the status bar).
              resolve(Promise.reject(error));
            }
          },
        );
      };
      // A debounce of 0 starts at once (after this tick's other calls, which may still supersede it): a 0 ms timer
      // would wait for the event loop's timer phase, at least 1 ms in Node and more when the loop is busy.
      const debounceMs = this.debounceMs();
      if (debounceMs <= 0) queueMicrotask(start);
      else slot.timer = this.clock.setTimeout(start, debounceMs);
    });
  }

  /** Aborts the waiting or running request, if any. */
  cancel(): void {
    const slot = this.current;
    if (!slot) return;
    this.current = undefined;
    this.clock.clearTimeout(slot.timer);
    if (!slot.started) this.counts.skipped++;
    slot.controller.abort();
  }

  private settle(signal: AbortSignal): void {
    this.counts.inFlight--;
    if (signal.aborted) this.counts.aborted++;
    else this.counts.completed++;
  }
}
