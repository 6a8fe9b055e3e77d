// What `@terminal` sends: the active terminal's last command and what it printed, as plain text. A shell's output
// carries colour and cursor escapes that mean nothing to a model (and cost tokens), so they are removed.

// CSI (ESC [ … final byte), OSC (ESC ] … BEL or ESC \), and two-byte escapes.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function plainTerminalText(output: string): string {
  return (
    output
      .replace(ESCAPES, '')
      // A carriage return alone redraws the line (progress bars): keep what was drawn last.
      .split(/\r?\n/)
      .map((line) => line.split('\r').pop() ?? '')
      .join('\n')
      .trimEnd()
  );
}

export function formatTerminalOutput(terminalName: string, commandLine: string, output: string, exitCode: number | undefined): string {
  const exit = exitCode === undefined ? '' : `\n[exit code ${exitCode}]`;
  return `$ ${commandLine}\n${plainTerminalText(output)}${exit}`.replace(/^/, `Terminal "${terminalName}":\n`);
}
