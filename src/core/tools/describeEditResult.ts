// The words an edit result goes back to the model with (and that the user sees next to the call): each says what
// happened and what to do next, so a miss costs the model one more round, not a guess.
import type { EditResult } from './findReplace';
import type { ReapplyResult } from './reapplyEdit';

export function describeEditResult(result: EditResult | ReapplyResult, path: string): string {
  const file = JSON.stringify(path);
  switch (result.kind) {
    case 'replaced': {
      const lines = result.startLine === result.endLine ? `line ${result.startLine}` : `lines ${result.startLine}–${result.endLine}`;
      const reapplied = 'reapplied' in result && result.reapplied ? ' The file had changed since you read it; the edit was applied to its current text.' : '';
      return `Replaced the text in ${file}; the new text is at ${lines}.${reapplied}`;
    }
    case 'empty-old-text':
      return `old_text is empty, so ${file} was not changed. Give the exact text to replace; to make a new file use create_file.`;
    case 'no-match': {
      const hint =
        result.similarLines.length > 0
          ? ` Text that differs only in whitespace starts at ${lineList(result.similarLines)}; copy it exactly, indentation included.`
          : ' Read the file again and copy the text exactly, including whitespace and indentation.';
      return `old_text was not found in ${file}, so nothing was changed.${hint}`;
    }
    case 'multiple-matches':
      return `old_text occurs ${result.lines.length} times in ${file} (at ${lineList(result.lines)}), so nothing was changed. Include more of the surrounding lines so that it matches exactly once.`;
    case 'no-change':
      return `old_text and new_text are the same, so ${file} was not changed.`;
    case 'changed-since-read': {
      const found = result.matches === 'none' ? 'is no longer in it' : `now occurs ${result.lines.length} times (at ${lineList(result.lines)})`;
      return `${file} was changed in the editor after it was read, and old_text ${found}, so the edit was not applied and those changes were kept. Read the file again before editing it.`;
    }
    default:
      return assertNever(result);
  }
}

function lineList(lines: readonly number[]): string {
  return `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled edit result: ${JSON.stringify(value)}`);
}
