// The commands of this window by call id, for their cards' buttons (Stop, Open full output, Always allow): kept with
// the tools' part, apart from the runner (commandTools.ts, its own part loaded on the first command), so the buttons
// need none of the runner's code.
import * as fs from 'node:fs';
import type * as vscode from 'vscode';

/** Output files kept for the cards' "Open full output" (the oldest is deleted past this). */
const KEPT_OUTPUT_FILES = 50;

export interface CommandEntry {
  suggestedRule?: string;
  stop?: () => void;
  outputFile?: string;
}

/** The commands of this window by call id: what their cards' buttons act on. */
export class CommandCalls implements vscode.Disposable {
  private readonly entries = new Map<string, CommandEntry>();

  set(callId: string, entry: CommandEntry): void {
    this.entries.delete(callId);
    this.entries.set(callId, entry);
    // Old entries go, and their output files with them (the map keeps insertion order).
    for (const [id, old] of this.entries) {
      if (this.entries.size <= KEPT_OUTPUT_FILES) break;
      this.entries.delete(id);
      if (old.outputFile) fs.rm(old.outputFile, { force: true }, () => undefined);
    }
  }

  get(callId: string): CommandEntry | undefined {
    return this.entries.get(callId);
  }

  /** Stops the running command of `callId`; false when none runs. */
  stop(callId: string): boolean {
    const stop = this.entries.get(callId)?.stop;
    stop?.();
    return stop !== undefined;
  }

  dispose(): void {
    for (const entry of this.entries.values()) {
      entry.stop?.();
      if (entry.outputFile) fs.rm(entry.outputFile, { force: true }, () => undefined);
    }
    this.entries.clear();
  }
}
