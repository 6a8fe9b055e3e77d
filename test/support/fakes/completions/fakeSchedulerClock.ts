// A SchedulerClock the tests move by hand. As the event loop does, promises settle before each timer fires and after
// the last one, so a test reads the state a real run would reach at that moment.
import type { SchedulerClock } from '../../../../src/core/completions/completionScheduler';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

export class FakeSchedulerClock implements SchedulerClock {
  private time = 0;
  private nextId = 1;
  private timers: Timer[] = [];

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Timers set and not yet fired or cleared. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time on by `ms`, firing the timers that fall due in order. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = due.at;
      due.callback();
      await settle();
    }
    this.time = end;
    await settle();
  }
}

/** Lets every promise chain that can run now run (microtasks drain before setImmediate's callback). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
