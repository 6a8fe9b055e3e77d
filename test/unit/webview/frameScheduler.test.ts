import assert from 'node:assert/strict';
import { FrameScheduler } from '../../../src/webview/view/frameScheduler';

/** A stand-in for the browser's animation frames: callbacks wait until `frame(time)` runs them. */
function fakeFrames(): { frame(time: number): void; readonly waiting: number; restore(): void } {
  const original = globalThis.requestAnimationFrame;
  let queued: FrameRequestCallback[] = [];
  globalThis.requestAnimationFrame = (callback: FrameRequestCallback): number => queued.push(callback);
  return {
    frame(time) {
      const due = queued;
      queued = [];
      for (const callback of due) callback(time);
    },
    get waiting() {
      return queued.length;
    },
    restore() {
      globalThis.requestAnimationFrame = original;
    },
  };
}

describe('FrameScheduler', () => {
  let frames: ReturnType<typeof fakeFrames>;
  beforeEach(() => {
    frames = fakeFrames();
  });
  afterEach(() => {
    frames.restore();
  });

  it('runs at most once per frame, however often it is asked', () => {
    let runs = 0;
    const scheduler = new FrameScheduler(() => runs++);
    scheduler.request();
    scheduler.request();
    assert.equal(frames.waiting, 1);
    frames.frame(0);
    assert.equal(runs, 1);
    frames.frame(16.7);
    assert.equal(runs, 1, 'nothing asked since');
  });

  it('with a minimum interval, skips frames until that long after the last run', () => {
    const ran: number[] = [];
    let now = 0;
    const scheduler = new FrameScheduler(() => ran.push(now), 30);
    const frame = (time: number): void => {
      now = time;
      frames.frame(time);
    };
    scheduler.request();
    frame(0);
    assert.deepEqual(ran, [0], 'the first request runs on the next frame');
    scheduler.request();
    frame(16.7);
    assert.deepEqual(ran, [0], 'too soon: waits');
    scheduler.request();
    frame(33.3);
    assert.deepEqual(ran, [0, 33.3], 'one run for the two requests, on the first frame 30 ms on');
    frame(50);
    frame(200);
    scheduler.request();
    frame(216.7);
    assert.deepEqual(ran, [0, 33.3, 216.7], 'after a pause it runs on the next frame again');
    assert.equal(frames.waiting, 0);
  });
});
