// A terminal's output as plain text: a shell's output carries colour, cursor and hyperlink escapes that mean nothing to
// a model (and cost tokens). On the text floor because @terminal (chat) and run_command's result (tools) both read it.

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
