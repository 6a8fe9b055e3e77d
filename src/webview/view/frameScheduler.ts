// Runs a callback at most once per animation frame, however often it is asked for: streamed deltas arrive many times
// per frame, and rendering more often than the screen shows is wasted work. With a minimum interval it also skips
// frames: a run waits for the first frame at least that long after the previous run's frame.
export class FrameScheduler {
  private requested = false;
  /** The animation-frame time of the last run. */
  private lastRun = Number.NEGATIVE_INFINITY;
  private readonly callback: () => void;
  private readonly minIntervalMs: number;

  constructor(callback: () => void, minIntervalMs = 0) {
    this.callback = callback;
    this.minIntervalMs = minIntervalMs;
  }

  request(): void {
    if (this.requested) return;
    this.requested = true;
    requestAnimationFrame(this.onFrame);
  }

  private readonly onFrame = (time: number): void => {
    if (time - this.lastRun < this.minIntervalMs) {
      requestAnimationFrame(this.onFrame);
      return;
    }
    this.requested = false;
    this.lastRun = time;
    this.callback();
  };
}
