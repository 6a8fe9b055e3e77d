// What a command printed, kept within fixed bounds however much it prints: the start (a bounded head) and the end (a
// ring of the last chunks), the counts, and whether it looks binary. A command that prints 100 MB costs the extension
// host these bounds, not 100 MB; the whole output goes to a file the host writes as it arrives. From what is kept, the
// model's result (head and tail within the budget its tool description states, ANSI removed) and the card's tail.
import { plainTerminalText } from '../text/terminalText';

/** What the model gets of a command's output: the first and the last characters, ANSI codes removed. */
export const COMMAND_OUTPUT_BUDGET = { headCharacters: 4_000, tailCharacters: 12_000 } as const;

/** What is kept while reading, raw: more than the budget, since escapes and progress-bar redraws are removed later. */
const HEAD_KEEP = 65_536;
const TAIL_KEEP = 262_144;
/** The card's tail: the last lines, each cut to a width a card can show. */
export const CARD_TAIL_LINES = 40;
const CARD_LINE_CHARACTERS = 400;
/** How much of the start is looked at to call the output binary. */
const BINARY_SAMPLE = 8_192;

export class CommandOutput {
  private head = '';
  private readonly tail: string[] = [];
  private tailLength = 0;
  /** Characters and line breaks received, all of them. */
  private characters = 0;
  private lineBreaks = 0;
  /** The start, for the binary check. */
  private sample = '';

  push(chunk: string): void {
    if (chunk === '') return;
    this.characters += chunk.length;
    this.lineBreaks += countLineBreaks(chunk);
    if (this.sample.length < BINARY_SAMPLE) this.sample += chunk.slice(0, BINARY_SAMPLE - this.sample.length);
    if (this.head.length < HEAD_KEEP) {
      const room = HEAD_KEEP - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
      if (chunk === '') return;
    }
    this.tail.push(chunk);
    this.tailLength += chunk.length;
    // Whole chunks leave the ring first; the oldest kept chunk is cut to fit.
    while (this.tail.length > 1 && this.tailLength - this.tail[0]!.length >= TAIL_KEEP) this.tailLength -= this.tail.shift()!.length;
    if (this.tailLength > TAIL_KEEP) {
      this.tail[0] = this.tail[0]!.slice(this.tailLength - TAIL_KEEP);
      this.tailLength = TAIL_KEEP;
    }
  }

  get totalCharacters(): number {
    return this.characters;
  }

  /** Lines printed: line breaks, plus a last line without one. */
  get totalLines(): number {
    if (this.characters === 0) return 0;
    const last = this.tail.length > 0 ? this.tail[this.tail.length - 1]! : this.head;
    return this.lineBreaks + (last.endsWith('\n') ? 0 : 1);
  }

  /** NUL characters, or many other control or undecodable characters, near the start: not text a person or model reads. */
  get binary(): boolean {
    return looksBinary(this.sample);
  }

  /**
   * What the model reads of it: the head, what was left out, the tail, within COMMAND_OUTPUT_BUDGET. The lines left out
   * are exact; the characters are counted as printed where the middle was not kept (escapes and all), so "about".
   */
  forModel(): { text: string; omittedLines: number; omittedCharacters: number } {
    const rawTail = this.tail.join('');
    const droppedRaw = this.characters - this.head.length - rawTail.length;
    if (droppedRaw === 0) {
      const whole = plainTerminalText(this.head + rawTail);
      if (whole.length <= COMMAND_OUTPUT_BUDGET.headCharacters + COMMAND_OUTPUT_BUDGET.tailCharacters) return { text: whole, omittedLines: 0, omittedCharacters: 0 };
      const head = cutAtLine(whole.slice(0, COMMAND_OUTPUT_BUDGET.headCharacters), 'end');
      const tail = cutAtLine(whole.slice(-COMMAND_OUTPUT_BUDGET.tailCharacters), 'start');
      return this.joined(head, tail, whole.length - head.length - tail.length, false);
    }
    // The ring's first line was cut in the middle (maybe inside an escape): it starts at the next line.
    const firstBreak = rawTail.indexOf('\n');
    const tailText = plainTerminalText(firstBreak >= 0 ? rawTail.slice(firstBreak + 1) : rawTail);
    const headText = plainTerminalText(this.head);
    const head = cutAtLine(headText.slice(0, COMMAND_OUTPUT_BUDGET.headCharacters), 'end');
    const tail = cutAtLine(tailText.slice(-COMMAND_OUTPUT_BUDGET.tailCharacters), 'start');
    const between = headText.length - head.length + droppedRaw + (firstBreak >= 0 ? firstBreak + 1 : 0) + tailText.length - tail.length;
    return this.joined(head, tail, between, true);
  }

  private joined(head: string, tail: string, omittedCharacters: number, approximate: boolean): { text: string; omittedLines: number; omittedCharacters: number } {
    const omittedLines = Math.max(0, this.totalLines - (countLineBreaks(head) + 1) - (countLineBreaks(tail) + 1));
    const characters = `${approximate ? 'about ' : ''}${omittedCharacters.toLocaleString('en-US')} characters`;
    const gap = `[… ${omittedLines.toLocaleString('en-US')} lines (${characters}) left out …]`;
    return { text: `${head}\n${gap}\n${tail}`, omittedLines, omittedCharacters };
  }

  /** The last lines for the card, each cut to a card's width. */
  cardTail(maxLines = CARD_TAIL_LINES): string {
    const window = maxLines * CARD_LINE_CHARACTERS * 2;
    const rawTail = this.tail.join('');
    // While nothing was dropped, the head's end leads into the tail.
    const kept = this.characters === this.head.length + rawTail.length && rawTail.length < window ? this.head.slice(-(window - rawTail.length)) + rawTail : rawTail.slice(-window);
    const lines = plainTerminalText(kept).split('\n').slice(-maxLines);
    return lines.map((line) => (line.length > CARD_LINE_CHARACTERS ? `${line.slice(0, CARD_LINE_CHARACTERS - 1)}…` : line)).join('\n');
  }
}

/** Cut back to a whole line when one ends near the cut (within a fifth), so the model sees no half line. */
function cutAtLine(text: string, keep: 'end' | 'start'): string {
  if (keep === 'end') {
    const at = text.lastIndexOf('\n');
    return at > text.length * 0.8 ? text.slice(0, at) : text;
  }
  const at = text.indexOf('\n');
  return at >= 0 && at < text.length * 0.2 ? text.slice(at + 1) : text;
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

export function looksBinary(sample: string): boolean {
  if (sample.includes('\u0000')) return true;
  let odd = 0;
  for (const character of sample) {
    const code = character.codePointAt(0)!;
    // Tab, line feed, carriage return, form feed, backspace and escape are what text output carries.
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x08 && code !== 0x1b) || code === 0xfffd) odd++;
  }
  return sample.length > 0 && odd / sample.length > 0.1;
}
