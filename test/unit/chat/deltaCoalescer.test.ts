import assert from 'node:assert/strict';
import { DeltaCoalescer } from '../../../src/core/chat/deltaCoalescer';

/** A clock and timer the test moves by hand. */
function manualTime() {
  let now = 0;
  const pending: { at: number; callback: () => void; handle: number }[] = [];
  let next = 1;
  return {
    now: () => now,
    timer: {
      set: (callback: () => void, ms: number) => {
        const handle = next++;
        pending.push({ at: now + ms, callback, handle });
        return handle;
      },
      clear: (handle: unknown) => {
        const index = pending.findIndex((entry) => entry.handle === handle);
        if (index >= 0) pending.splice(index, 1);
      },
    },
    advance(ms: number) {
      now += ms;
      for (const entry of pending.filter((candidate) => candidate.at <= now)) {
        pending.splice(pending.indexOf(entry), 1);
        entry.callback();
      }
    },
    get waiting() {
      return pending.length;
    },
  };
}

describe('DeltaCoalescer', () => {
  it('sends the first piece at once, then at most one message per interval, losing and reordering nothing', () => {
    const time = manualTime();
    const sent: [string, string][] = [];
    const deltas = new DeltaCoalescer((text, reasoning) => sent.push([text, reasoning]), { intervalMs: 16, now: time.now, timer: time.timer });
    deltas.add('He', '');
    assert.deepEqual(sent, [['He', '']], 'the first token is not held back');
    for (const piece of ['l', 'l', 'o', ',']) deltas.add(piece, '');
    deltas.add('', 'thinking');
    assert.equal(sent.length, 1, 'held while the interval runs');
    time.advance(16);
    assert.deepEqual(sent, [['He', ''], ['llo,', 'thinking']]);
    deltas.add(' world', '');
    assert.equal(sent.length, 2);
    deltas.flush();
    assert.deepEqual(sent.at(-1), [' world', '']);
    assert.equal(time.waiting, 0, 'flush cancels the timer');
    time.advance(100);
    assert.equal(sent.length, 3, 'nothing is sent twice');
  });

  it('flush with nothing waiting sends nothing', () => {
    const time = manualTime();
    const sent: unknown[] = [];
    const deltas = new DeltaCoalescer(() => sent.push(1), { intervalMs: 16, now: time.now, timer: time.timer });
    deltas.flush();
    assert.equal(sent.length, 0);
  });

  it('10,000 pieces at 10 per millisecond become about one message per interval', () => {
    const time = manualTime();
    const sent: string[] = [];
    const deltas = new DeltaCoalescer((text) => sent.push(text), { intervalMs: 16, now: time.now, timer: time.timer });
    for (let index = 0; index < 10_000; index++) {
      deltas.add(String(index % 10), '');
      if (index % 10 === 9) time.advance(1);
    }
    deltas.flush();
    assert.equal(sent.join('').length, 10_000, 'every character arrives');
    assert.ok(sent.length <= 1_000 / 16 + 2, `${sent.length} messages for 1 s of stream`);
  });
});
