// What a run_command card shows, as the host's runner reports it through the loop (ToolRunContext.showCommand), and
// the text the model reads when the command has ended. The card's schema (chat/chatTurns.ts) is this shape.
import { COMMAND_OUTPUT_BUDGET, type CommandOutput } from './commandOutput';

export interface CommandCallState {
  /** The exact line that runs (the card shows it escaped, never interpreted). */
  commandLine: string;
  /** The workspace folder it runs in, as the card names it. */
  folder: string;
  /** Why the model says it runs it. */
  reason: string;
  /** Why it waits for Run: the rule matcher's reasons and the note about files the model changed. */
  approvalNotes?: string[];
  /** The rule "Always allow commands starting with …" would add; absent when none is safe. */
  suggestedRule?: string;
  /** The user's rules that let it run without asking. */
  allowedBy?: string[];
  phase: 'waiting' | 'running' | 'ended';
  /** Where it runs: a VS Code terminal with shell integration, or a child process of the user's shell. */
  via?: 'terminal' | 'process';
  /** The last lines printed, ANSI removed (capped: CARD_TAIL_LINES). */
  outputTail?: string;
  outputLines?: number;
  outputCharacters?: number;
  binary?: boolean;
  exitCode?: number;
  durationMs?: number;
  /** How it ended, when not by itself. */
  ending?: CommandEnding;
  /** The whole output is in a file the card opens. */
  fullOutput?: boolean;
}

export type CommandEnding = 'exited' | 'timed-out' | 'stopped' | 'cancelled' | 'failed-to-start';

export interface CommandRunResult {
  ending: CommandEnding;
  exitCode: number | undefined;
  durationMs: number;
  /** For 'failed-to-start': what went wrong. */
  error?: string;
  timeoutSeconds: number;
}

/** The result the model reads: how it ended, the exit code, and the output within the budget its description states. */
export function commandResultText(commandLine: string, folder: string, run: CommandRunResult, output: CommandOutput): string {
  const lines = [`$ ${commandLine}`, `(in ${folder})`];
  const seconds = (run.durationMs / 1000).toFixed(1);
  switch (run.ending) {
    case 'failed-to-start':
      lines.push(`The command could not be started: ${run.error ?? 'unknown error'}.`);
      return lines.join('\n');
    case 'timed-out':
      lines.push(
        `The command did not end within ${run.timeoutSeconds} seconds (askModel.tools.commandTimeoutSeconds), so it and every process it started were ended. Commands get no input: if it was waiting for input, run it with the answers given as options or arguments.`,
      );
      break;
    case 'stopped':
      lines.push(`The user stopped the command after ${seconds} s; it and every process it started were ended.`);
      break;
    case 'cancelled':
      lines.push(`The user stopped the request after ${seconds} s; the command and every process it started were ended.`);
      break;
    case 'exited':
      lines.push(run.exitCode === undefined ? `The command ended after ${seconds} s; its shell did not report an exit code.` : `Exit code ${run.exitCode} after ${seconds} s.`);
      break;
  }
  const full = ' The user can open the whole output from the card.';
  if (output.totalCharacters === 0) {
    lines.push('It printed nothing.');
    return lines.join('\n');
  }
  if (output.binary) {
    lines.push(`It printed ${output.totalCharacters.toLocaleString('en-US')} characters that look binary (NUL or control characters), so they are not shown.${full}`);
    return lines.join('\n');
  }
  const shown = output.forModel();
  const { headCharacters, tailCharacters } = COMMAND_OUTPUT_BUDGET;
  const cut = shown.omittedLines > 0 || shown.omittedCharacters > 0 ? ` It was cut to its first ${headCharacters.toLocaleString('en-US')} and last ${tailCharacters.toLocaleString('en-US')} characters.` : '';
  lines.push(`Output (${output.totalLines.toLocaleString('en-US')} line${output.totalLines === 1 ? '' : 's'}, ANSI codes removed):${cut}${cut ? full : ''}`, shown.text);
  return lines.join('\n');
}

/** The card's one-line preview of the result. */
export function commandPreview(run: CommandRunResult): string {
  switch (run.ending) {
    case 'failed-to-start':
      return `could not start: ${run.error ?? 'unknown error'}`;
    case 'timed-out':
      return `ended at the time-out (${run.timeoutSeconds} s)`;
    case 'stopped':
      return 'stopped by the user';
    case 'cancelled':
      return 'stopped with the request';
    case 'exited':
      return run.exitCode === undefined ? 'ended (no exit code reported)' : `exit code ${run.exitCode}`;
  }
}
