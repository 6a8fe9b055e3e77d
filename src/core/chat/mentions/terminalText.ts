// What `@terminal` sends: the active terminal's last command and what it printed, as plain text. A shell's output
// carries colour and cursor escapes that mean nothing to a model (and cost tokens), so they are removed.
import { plainTerminalText } from '../../text/terminalText';

export { plainTerminalText };

/**
 * VS Code passes on only what a command prints after the extension host hears that it started; a quick command can
 * print all it prints before that (its output is then lost to every extension, not just to us). An ended run with no
 * output says so, rather than passing the model an empty output as if the command had printed nothing.
 */
export const NO_OUTPUT_SHARED =
  '[VS Code passed on no output: the command printed nothing, or printed it before VS Code reported that it had started, as a quick command can. Run it again or paste its output into the message.]';

export function formatTerminalOutput(terminalName: string, commandLine: string, output: string, exitCode: number | undefined, ended = exitCode !== undefined): string {
  const text = plainTerminalText(output);
  const shown = text === '' && ended ? NO_OUTPUT_SHARED : text;
  const exit = exitCode === undefined ? '' : `\n[exit code ${exitCode}]`;
  return `Terminal "${terminalName}":\n$ ${commandLine}\n${shown}${exit}`;
}
