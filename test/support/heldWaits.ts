// A `sleep(ms, signal)` for code that takes one (the reference server's `sleep` option), whose waits the test holds:
// each is recorded with the time it asked for, and ends only when the test releases it or its signal aborts. What
// the test asserts is then which waits were asked for and what happened around them, never how long anything took.

export interface HeldWait {
  /** The time the code asked to wait. */
  readonly ms: number;
  /** The signal the code gave with it (the wait ends when it aborts). */
  readonly signal: AbortSignal;
  /** Ends the wait, as if `ms` had passed. */
  release(): void;
}

export interface HeldWaits {
  /** The sleep to hand to the code under test. */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Every wait asked for so far, in order. */
  readonly asked: readonly HeldWait[];
  /** The `n`th wait (from 1), once the code has asked for it. */
  nth(n: number): Promise<HeldWait>;
}

export function heldWaits(): HeldWaits {
  const asked: HeldWait[] = [];
  const listeners: (() => void)[] = [];
  const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise<void>((resolve) => {
      asked.push({ ms, signal, release: resolve });
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
      for (const listener of listeners.splice(0)) listener();
    });
  const nth = async (n: number): Promise<HeldWait> => {
    while (asked.length < n) await new Promise<void>((resolve) => listeners.push(resolve));
    return asked[n - 1] as HeldWait;
  };
  return { sleep, asked, nth };
}
