// Debounce, one request at a time, the older one aborted: driven by a fake clock.
import assert from 'node:assert/strict';
import { CompletionScheduler } from '../../../src/core/completions/completionScheduler';
import { FakeSchedulerClock, settle } from '../../support/fakes/completions/fakeSchedulerClock';

const DEBOUNCE = 100;

/** Work that answers when released, or rejects as fetch does when its signal aborts. */
class ControlledWork<T> {
  signals: AbortSignal[] = [];
  private releases: ((value: T) => void)[] = [];
  readonly run = (signal: AbortSignal): Promise<T> => {
    this.signals.push(signal);
    return new Promise<T>((resolve, reject) => {
      this.releases.push(resolve);
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
  };
  release(index: number, value: T): void {
    this.releases[index]?.(value);
  }
}

describe('CompletionScheduler', () => {
  let clock: FakeSchedulerClock;
  let scheduler: CompletionScheduler;
  beforeEach(() => {
    clock = new FakeSchedulerClock();
    scheduler = new CompletionScheduler(() => DEBOUNCE, clock);
  });

  it('runs the work only once the debounce has passed', async () => {
    let runs = 0;
    const result = scheduler.schedule(async () => ++runs);
    await clock.advance(DEBOUNCE - 1);
    assert.equal(runs, 0);
    await clock.advance(1);
    assert.equal(await result, 1);
    assert.deepEqual(scheduler.counts, { scheduled: 1, started: 1, completed: 1, aborted: 0, skipped: 0, inFlight: 0, maxInFlight: 1 });
  });

  it('skips calls superseded during the debounce: they resolve undefined and never run', async () => {
    const ran: string[] = [];
    const first = scheduler.schedule(async () => ran.push('first'));
    await clock.advance(50);
    const second = scheduler.schedule(async () => ran.push('second'));
    await clock.advance(50);
    const third = scheduler.schedule(async () => {
      ran.push('third');
      return 'done';
    });
    await clock.advance(DEBOUNCE);
    assert.equal(await first, undefined);
    assert.equal(await second, undefined);
    assert.equal(await third, 'done');
    assert.deepEqual(ran, ['third']);
    assert.equal(scheduler.counts.skipped, 2);
    assert.equal(scheduler.counts.started, 1);
    assert.equal(clock.pending, 0);
  });

  it('aborts the running work’s signal when a new call comes, and resolves the old call undefined', async () => {
    const work = new ControlledWork<string>();
    const first = scheduler.schedule(work.run);
    await clock.advance(DEBOUNCE);
    assert.equal(work.signals.length, 1);
    const second = scheduler.schedule(work.run);
    assert.equal(work.signals[0]?.aborted, true);
    assert.equal(await first, undefined);
    await clock.advance(DEBOUNCE);
    work.release(1, 'second');
    assert.equal(await second, 'second');
    assert.equal(scheduler.counts.aborted, 1);
    assert.equal(scheduler.counts.completed, 1);
    assert.equal(scheduler.counts.skipped, 0);
  });

  it('resolves undefined a work that finished after it was superseded, rather than its value', async () => {
    const first = scheduler.schedule(async (signal) => {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      return 'stale';
    });
    await clock.advance(DEBOUNCE);
    void scheduler.schedule(async () => 'fresh');
    assert.equal(await first, undefined);
  });

  it('keeps one request in flight over a burst of keystrokes', async () => {
    const work = new ControlledWork<number>();
    const results: Promise<number | undefined>[] = [];
    for (let key = 0; key < 10; key++) {
      results.push(scheduler.schedule(work.run));
      await clock.advance(key % 3 === 0 ? DEBOUNCE : 30);
    }
    await clock.advance(DEBOUNCE);
    const last = work.signals.length - 1;
    work.release(last, 42);
    const settled = await Promise.all(results);
    assert.equal(settled.at(-1), 42);
    assert.deepEqual(settled.slice(0, -1), Array.from({ length: 9 }, () => undefined));
    assert.equal(scheduler.counts.maxInFlight, 1);
    assert.equal(scheduler.counts.inFlight, 0);
    assert.equal(scheduler.counts.started, work.signals.length);
    assert.equal(scheduler.counts.aborted, work.signals.length - 1);
    assert.equal(scheduler.counts.skipped, 10 - work.signals.length);
    assert.ok(work.signals.slice(0, -1).every((signal) => signal.aborted));
  });

  it('cancels through the caller’s signal, before the work starts and while it runs', async () => {
    const before = new AbortController();
    let ran = false;
    const waiting = scheduler.schedule(async () => (ran = true), before.signal);
    before.abort();
    assert.equal(await waiting, undefined);
    await clock.advance(DEBOUNCE);
    assert.equal(ran, false);
    assert.equal(scheduler.counts.skipped, 1);

    const during = new AbortController();
    const work = new ControlledWork<string>();
    const running = scheduler.schedule(work.run, during.signal);
    await clock.advance(DEBOUNCE);
    during.abort();
    assert.equal(work.signals[0]?.aborted, true);
    assert.equal(await running, undefined);
    assert.equal(scheduler.counts.aborted, 1);
  });

  it('never starts work for a caller signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = false;
    assert.equal(await scheduler.schedule(async () => (ran = true), controller.signal), undefined);
    await clock.advance(DEBOUNCE);
    assert.equal(ran, false);
  });

  it('passes on the error of work nobody superseded', async () => {
    const result = scheduler.schedule(async () => {
      throw new Error('server down');
    });
    const rejected = assert.rejects(result, /server down/);
    await clock.advance(DEBOUNCE);
    await rejected;
    assert.equal(scheduler.counts.completed, 1);
    assert.equal(scheduler.counts.inFlight, 0);
  });

  it('swallows the error of superseded work', async () => {
    const work = new ControlledWork<string>();
    const first = scheduler.schedule(work.run);
    await clock.advance(DEBOUNCE);
    scheduler.cancel();
    assert.equal(await first, undefined);
    await settle();
    assert.equal(scheduler.counts.aborted, 1);
  });

  it('reads the debounce at every call', async () => {
    let debounce = 100;
    scheduler = new CompletionScheduler(() => debounce, clock);
    debounce = 10;
    let ran = false;
    const result = scheduler.schedule(async () => (ran = true));
    await clock.advance(10);
    assert.equal(ran, true);
    await result;
  });
});
