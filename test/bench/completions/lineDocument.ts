// A text document the way VS Code's extension host keeps one (ExtHostDocumentData over MirrorTextModel): an array of
// lines, getText() joining them all and getText(range) joining only the lines the range covers, cut at its ends. The
// context-gathering row reads through it so that "ours" and "the whole file" cost what they cost in the host.

export interface LineRange {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
}

export class LineDocument {
  constructor(private readonly lines: readonly string[]) {}

  get lineCount(): number {
    return this.lines.length;
  }

  lineAt(line: number): { text: string } {
    return { text: this.lines[line] ?? '' };
  }

  getText(range?: LineRange): string {
    if (range === undefined) return this.lines.join('\n');
    if (range.startLine === range.endLine) return (this.lines[range.startLine] ?? '').slice(range.startCharacter, range.endCharacter);
    const parts = this.lines.slice(range.startLine, range.endLine + 1);
    parts[0] = (parts[0] ?? '').slice(range.startCharacter);
    parts[parts.length - 1] = (parts[parts.length - 1] ?? '').slice(0, range.endCharacter);
    return parts.join('\n');
  }
}
