// Every request in flight, so "Ask Model: Stop" can abort them all at once. A context key tells menus and
// keybindings whether there is anything to stop.
import * as vscode from 'vscode';

export class ActiveRequests implements vscode.Disposable {
  private readonly controllers = new Set<AbortController>();

  /** Runs `work` with a signal that Stop (or `cancellation`) aborts. */
  async run<T>(work: (signal: AbortSignal) => Promise<T>, cancellation?: vscode.CancellationToken): Promise<T> {
    const controller = new AbortController();
    const release = this.track(controller);
    const onCancel = cancellation?.onCancellationRequested(() => controller.abort());
    try {
      return await work(controller.signal);
    } finally {
      onCancel?.dispose();
      release();
    }
  }

  /** Puts a caller's own request under Stop until the returned function is called. */
  track(controller: AbortController): () => void {
    this.controllers.add(controller);
    void this.updateContext();
    return () => {
      this.controllers.delete(controller);
      void this.updateContext();
    };
  }

  get count(): number {
    return this.controllers.size;
  }

  stopAll(): number {
    const stopped = this.controllers.size;
    for (const controller of this.controllers) controller.abort();
    return stopped;
  }

  dispose(): void {
    this.stopAll();
  }

  private updateContext(): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', 'askModel.busy', this.controllers.size > 0);
  }
}
