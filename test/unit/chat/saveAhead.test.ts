// The pacing of saves while an answer grows: within the interval, never overlapping, never after close.
import assert from 'node:assert/strict';
import { FakeClock } from '../../support/fakes/chat/fakeChatSessionPorts';
import { SAVE_AHEAD_INTERVAL_MS, SaveAhead } from '../../../src/core/chat/saveAhead';

/** A write the test finishes by hand, recording when each started. */
function manualWrites(clock: FakeClock): { writes: number[]; finish: () => void; write: () => Promise<void> } {
  const writes: number[] = [];
  const waiting: (() => void)[] = [];
  return {
    writes,
    finish: () => waiting.shift()?.(),
    write: () => {
      writes.push(clock.now());
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

const unexpected = (error: unknown): never => assert.fail(`a write failed: ${String(error)}`);
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('saving an answer ahead', () => {
  it('many changes within the interval make one save, at its end', async () => {
    const clock = new FakeClock();
    const writes: number[] = [];
    const saveAhead = new SaveAhead(async () => void writes.push(clock.now()), { timer: clock, failed: unexpected });
    const start = clock.now();
    for (let step = 0; step < 10; step++) {
      saveAhead.changed();
      clock.advance(SAVE_AHEAD_INTERVAL_MS / 10 - 1);
    }
    assert.deepEqual(writes, [], 'nothing before the interval is up');
    clock.advance(10);
    await settle();
    assert.deepEqual(writes, [start + SAVE_AHEAD_INTERVAL_MS]);
    saveAhead.changed();
    clock.advance(SAVE_AHEAD_INTERVAL_MS);
    await settle();
    assert.equal(writes.length, 2, 'a change after a save is saved within the next interval');
  });

  it('a save asked for during a write follows it, once, and never overlaps it', async () => {
    const clock = new FakeClock();
    const manual = manualWrites(clock);
    const saveAhead = new SaveAhead(manual.write, { timer: clock, failed: unexpected });
    const first = saveAhead.now();
    void saveAhead.now();
    void saveAhead.now();
    assert.equal(manual.writes.length, 1, 'the second waits for the first');
    manual.finish();
    await settle();
    assert.equal(manual.writes.length, 2, 'the asks made meanwhile become one more write');
    manual.finish();
    await first;
    assert.equal(manual.writes.length, 2);
  });

  it('close cancels the save waiting for its interval and waits for the one being written', async () => {
    const clock = new FakeClock();
    const manual = manualWrites(clock);
    const saveAhead = new SaveAhead(manual.write, { timer: clock, failed: unexpected });
    void saveAhead.now();
    saveAhead.changed();
    let closed = false;
    const closing = saveAhead.close().then(() => (closed = true));
    await settle();
    assert.equal(closed, false, 'the write in progress is waited for');
    manual.finish();
    await closing;
    clock.advance(SAVE_AHEAD_INTERVAL_MS * 2);
    saveAhead.changed();
    await saveAhead.now();
    assert.equal(manual.writes.length, 1, 'nothing is written after close: the final save is the last word');
  });

  it('a failed write is reported and the next change is still saved', async () => {
    const clock = new FakeClock();
    const failures: unknown[] = [];
    let calls = 0;
    const saveAhead = new SaveAhead(
      async () => {
        calls++;
        if (calls === 1) throw new Error('disk full');
      },
      { timer: clock, failed: (error) => failures.push(error) },
    );
    await saveAhead.now();
    await saveAhead.now();
    assert.equal(calls, 2);
    assert.match(String(failures[0]), /disk full/);
  });
});
