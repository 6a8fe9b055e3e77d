// Runs a callback at most once per animation frame, however often it is asked for: streamed deltas arrive many times
// per frame, and rendering more often than the screen shows is wasted work.
export class FrameScheduler {
  private requested = false;
  private readonly callback: () => void;

  constructor(callback: () => void) {
    this.callback = callback;
  }

  request(): void {
    if (this.requested) return;
    this.requested = true;
    requestAnimationFrame(() => {
      this.requested = false;
      this.callback();
    });
  }
}
