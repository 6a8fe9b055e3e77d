// What the server last said that the user should see without asking: a rate limit nearly used up, a request
// waiting out a 429 before it is sent again, or a LiteLLM key's spend against its budget. Requests write here; the status-bar item shows it. Kept apart from both
// so that the item (loaded at activation) needs nothing of the client (loaded on first use).
import * as vscode from 'vscode';

export class ServerNotices implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private rateLimitText: string | undefined;
  private waitingText: string | undefined;
  private keyBudgetText: string | undefined;
  private keyBudgetLevelValue: 'ok' | 'warning' | 'critical' = 'ok';
  private countdown: ReturnType<typeof setInterval> | undefined;

  get rateLimit(): string | undefined {
    return this.rateLimitText;
  }

  get waiting(): string | undefined {
    return this.waitingText;
  }

  /** The key's spend and budget (keyBudgets.ts); undefined when the server has none to tell. */
  get keyBudget(): string | undefined {
    return this.keyBudgetText;
  }

  get keyBudgetLevel(): 'ok' | 'warning' | 'critical' {
    return this.keyBudgetLevelValue;
  }

  setKeyBudget(text: string | undefined, level: 'ok' | 'warning' | 'critical'): void {
    if (text === this.keyBudgetText && level === this.keyBudgetLevelValue) return;
    this.keyBudgetText = text;
    this.keyBudgetLevelValue = level;
    this.changed.fire();
  }

  /** From each answer's rate-limit headers; undefined once there is room again. */
  setRateLimit(text: string | undefined): void {
    if (text === this.rateLimitText) return;
    this.rateLimitText = text;
    this.changed.fire();
  }

  /** Counts down a retry's wait, a line a second (`line` says it for the time left), then clears it. */
  countDown(totalMs: number, line: (remainingMs: number) => string): void {
    this.stopCountdown();
    const endsAt = Date.now() + totalMs;
    const tick = (): void => {
      const remaining = endsAt - Date.now();
      this.waitingText = remaining > 0 ? line(remaining) : undefined;
      if (remaining <= 0) this.stopCountdown();
      this.changed.fire();
    };
    tick();
    if (this.waitingText !== undefined) this.countdown = setInterval(tick, 1000);
  }

  dispose(): void {
    this.stopCountdown();
    this.changed.dispose();
  }

  private stopCountdown(): void {
    if (this.countdown !== undefined) clearInterval(this.countdown);
    this.countdown = undefined;
  }
}
