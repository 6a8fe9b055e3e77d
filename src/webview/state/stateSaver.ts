// Coalesces setState calls. VS Code serializes the whole cached state on every setState (JSON through postMessage),
// so writing it per delta would copy a long answer thousands of times. Ordinary changes (a sent message, a new turn,
// a keystroke) are written on the next task; streamed text at most once a second, because the host re-sends the full
// state when the view comes back anyway. Hiding the page writes whatever is pending.
export class StateSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dueAt = Number.POSITIVE_INFINITY;
  private readonly write: () => void;

  constructor(write: () => void) {
    this.write = write;
  }

  /** Writes on the next task. */
  saveSoon(): void {
    this.saveWithin(0);
  }

  /** Writes within `delayMs`; an earlier pending write covers this change too. */
  saveWithin(delayMs: number): void {
    const dueAt = performance.now() + delayMs;
    if (this.timer !== undefined) {
      if (this.dueAt <= dueAt) return;
      clearTimeout(this.timer);
    }
    this.dueAt = dueAt;
    this.timer = setTimeout(() => this.flush(), delayMs);
  }

  /** Writes now if anything is pending. */
  flush(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = Number.POSITIVE_INFINITY;
    this.write();
  }
}
