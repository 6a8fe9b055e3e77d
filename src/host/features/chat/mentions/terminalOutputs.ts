// The last command each terminal ran and what it printed, for @terminal. VS Code's stable API has no way to read a
// terminal's selection or its scrollback (Terminal.selection is a proposed API); what it gives is the output of
// commands run through shell integration, read as they run. So commands are followed from when the chat is first
// opened, in terminals whose shell integration is active, and each terminal's last one is kept (its output capped).
import * as vscode from 'vscode';

/** More output than this keeps its end: the end of a run (the failure, the summary) is what matters. */
const MAX_OUTPUT_CHARACTERS = 200_000;

export interface TerminalRun {
  terminalName: string;
  commandLine: string;
  output: string;
  exitCode: number | undefined;
  /** False while the command still runs. */
  ended: boolean;
}

export class TerminalOutputs implements vscode.Disposable {
  private readonly runs = new WeakMap<vscode.Terminal, TerminalRun>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.subscriptions.push(
      vscode.window.onDidStartTerminalShellExecution((event) => void this.follow(event.terminal, event.execution)),
      vscode.window.onDidEndTerminalShellExecution((event) => {
        const run = this.runs.get(event.terminal);
        if (run && run.commandLine === event.execution.commandLine.value) {
          run.exitCode = event.exitCode;
          run.ended = true;
        }
      }),
    );
  }

  /** The active terminal's last command, or undefined with the reason. */
  lastRun(): { run: TerminalRun } | { problem: string } {
    const terminal = vscode.window.activeTerminal;
    if (!terminal) return { problem: 'there is no terminal open. Open one and run the command first.' };
    const run = this.runs.get(terminal);
    if (run) return { run };
    return {
      problem: terminal.shellIntegration
        ? `no command has run in the terminal "${terminal.name}" since the chat was opened. Run it again, then mention @terminal.`
        : `the terminal "${terminal.name}" has no shell integration, so VS Code does not share its output. Use a shell VS Code integrates with (bash, zsh, fish, PowerShell), or copy the output into the message.`,
    };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private async follow(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): Promise<void> {
    const run: TerminalRun = { terminalName: terminal.name, commandLine: execution.commandLine.value, output: '', exitCode: undefined, ended: false };
    this.runs.set(terminal, run);
    try {
      for await (const data of execution.read()) {
        run.output += data;
        if (run.output.length > MAX_OUTPUT_CHARACTERS * 2) run.output = run.output.slice(-MAX_OUTPUT_CHARACTERS);
      }
    } catch {
      // The terminal closed while reading: what was read stays.
    }
    run.output = run.output.slice(-MAX_OUTPUT_CHARACTERS);
    run.commandLine = execution.commandLine.value;
  }
}
