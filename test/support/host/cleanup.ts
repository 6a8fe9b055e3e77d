// A last-in-first-out list of clean-up steps that runs exactly once: at the end of a run, on a thrown error, or on
// Ctrl-C / SIGTERM, so no code-server, extension host, browser or temp dir outlives the launcher.
export class Cleanup {
  private readonly steps: { name: string; run: () => unknown }[] = [];
  private done: Promise<void> | undefined;
  private readonly log: ((message: string) => void) | undefined;

  /** `log` hears each step's name and duration (the launcher passes one in verbose mode). */
  constructor(log?: (message: string) => void) {
    this.log = log;
  }

  add(name: string, run: () => unknown): void {
    this.steps.push({ name, run });
  }

  /** True once clean-up began: errors after that are its consequence (a closed page), not news. */
  get started(): boolean {
    return this.done !== undefined;
  }

  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of this.steps.reverse()) {
        const started = Date.now();
        try {
          await step.run();
          this.log?.(`[cleanup] ${step.name}: ${Date.now() - started} ms`);
        } catch (error) {
          console.error(`[cleanup] ${step.name} failed: ${String(error)}`);
        }
      }
    })();
    return this.done;
  }

  /** Runs the clean-up, then exits, when the launcher is interrupted. */
  onSignals(): void {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        console.error(`\n[cleanup] ${signal}: cleaning up`);
        void this.run().finally(() => process.exit(130));
      });
    }
  }
}
