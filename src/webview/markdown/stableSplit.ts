// Finds how much of a streaming Markdown answer is finished: the prefix that no later text can change, so the view
// renders it once into frozen DOM and re-renders only the tail each frame. It reads each line once as text arrives
// (the cost of an update grows with the new text, not with the answer), keeping just enough state to know whether it
// is inside a fenced code block.
//
// A boundary is the start of a line that can only begin a new top-level block:
//   - a line starting at column 0 after a blank line, outside a fence. An indented line after a blank line may still
//     belong to the block above (a list item's next paragraph, an indented code block), so it never is one; nor is a
//     list item of the same kind as the last column-0 list item (`2.` after `1.`, `-` after `-`): a list whose items
//     are separated by blank lines is one (loose) list, and cutting it would render several lists;
//   - the line after the closing fence of a fence opened at column 0 (a top-level code block is complete when closed).
// A boundary is decided by the start of the line after it (often its first character) and fences by whole lines
// (judged once their newline arrives), so feeding the text one character at a time finds the same boundaries as
// feeding it all at once.
//
// The split is for speed while streaming; the finished answer is rendered whole for exactness. The rules keep the two
// the same for ordinary answers, so that last render usually only confirms what is already on screen.

interface OpenFence {
  readonly marker: '`' | '~';
  readonly length: number;
  /** Columns of indentation before the opening marker: only a column-0 fence ends a block by closing. */
  readonly indent: number;
}

const FENCE_OPENER = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSER = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const BLANK = /^[ \t]*$/;
/** A list item's marker at column 0; the captured kind is the bullet (`-`, `+`, `*`) or the ordered delimiter (`.`, `)`). */
const LIST_ITEM = /^(?:([-+*])|\d{1,9}([.)]))(?:[ \t]|$)/;
/** Characters a list marker can start with: a line starting otherwise is decided by its first character. */
const MARKER_START = /^[-+*0-9]/;

export class StableSplitter {
  /** Text after the last complete line: the unfinished line, judged when its newline arrives. */
  private unfinishedLine = '';
  /** Offset (in the whole text) where `unfinishedLine` starts. */
  private unfinishedStart = 0;
  private fence: OpenFence | undefined;
  private previousLineBlank = false;
  /** The list-marker kind of the last non-blank column-0 line outside fences, if it was a list item. */
  private lastListKind: string | undefined;
  private boundary = 0;

  /** Offset of the end of the finished prefix: text before it is complete blocks and will not change. */
  get stableEnd(): number {
    return this.boundary;
  }

  /** Whether the text so far ends inside a fenced code block (for tests and diagnostics). */
  get insideFence(): boolean {
    return this.fence !== undefined;
  }

  /** Feeds more of the answer; returns the new `stableEnd`. */
  append(text: string): number {
    // Search for newlines only in the new text: a long unfinished line is never rescanned.
    let searchFrom = this.unfinishedLine.length;
    this.unfinishedLine += text;
    let lineStart = 0;
    for (let newline = this.unfinishedLine.indexOf('\n', searchFrom); newline !== -1; newline = this.unfinishedLine.indexOf('\n', searchFrom)) {
      const line = this.unfinishedLine.slice(lineStart, newline);
      this.judgeLine(line.endsWith('\r') ? line.slice(0, -1) : line, this.unfinishedStart + lineStart, this.unfinishedStart + newline + 1);
      lineStart = newline + 1;
      searchFrom = lineStart;
    }
    if (lineStart > 0) {
      this.unfinishedLine = this.unfinishedLine.slice(lineStart);
      this.unfinishedStart += lineStart;
    }
    // The first character of a line decides whether it starts a new block: no need to wait for the whole line.
    if (this.startsBlock(this.unfinishedLine)) this.boundary = this.unfinishedStart;
    return this.boundary;
  }

  private judgeLine(line: string, start: number, end: number): void {
    if (this.fence) {
      if (closesFence(line, this.fence)) {
        if (this.fence.indent === 0) this.boundary = end;
        this.fence = undefined;
      }
      this.previousLineBlank = false;
      return;
    }
    if (BLANK.test(line)) {
      this.previousLineBlank = true;
      return;
    }
    if (this.startsBlock(line, true)) this.boundary = start;
    this.previousLineBlank = false;
    if (line[0] !== ' ' && line[0] !== '\t') this.lastListKind = listKind(line);
    this.fence = opensFence(line);
  }

  /**
   * Whether a line can only start a new top-level block: it starts at column 0, follows a blank line outside a fence,
   * and does not continue the list above. For a line still arriving (`complete` false) this answers only when its
   * beginning already decides it: a `\r` may still be a CRLF blank line, and `1` may still become `1.` (or `1984`).
   */
  private startsBlock(line: string, complete = false): boolean {
    if (this.fence || !this.previousLineBlank || line === '') return false;
    const first = line[0];
    if (first === ' ' || first === '\t' || first === '\r') return false;
    if (this.lastListKind === undefined || !MARKER_START.test(line)) return true;
    return complete && listKind(line) !== this.lastListKind;
  }
}

function listKind(line: string): string | undefined {
  const match = LIST_ITEM.exec(line);
  return match ? (match[1] ?? match[2]) : undefined;
}

function opensFence(line: string): OpenFence | undefined {
  const match = FENCE_OPENER.exec(line);
  if (!match) return undefined;
  const [, indent = '', run = '', info = ''] = match;
  const marker = run[0] === '~' ? '~' : '`';
  // CommonMark: a backtick fence's info string may not contain a backtick (```foo` is inline code, not a fence).
  if (marker === '`' && info.includes('`')) return undefined;
  return { marker, length: run.length, indent: indent.length };
}

function closesFence(line: string, fence: OpenFence): boolean {
  const match = FENCE_CLOSER.exec(line);
  const run = match?.[1];
  return run !== undefined && run[0] === fence.marker && run.length >= fence.length;
}
