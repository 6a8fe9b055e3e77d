// get_editor_context's answer: what the user is looking at, so "this function" or "the selected code" can be
// resolved without the user pasting it. Positions are 1-based like everything else the model reads.
import { capText } from '../text/capText';
import { fenceFor } from '../text/fenceFor';

export interface EditorPosition {
  line: number;
  column: number;
}

export interface EditorContext {
  /** Workspace-relative when inside the workspace, else the file's name (never an absolute path). */
  path: string;
  languageId: string;
  lineCount: number;
  selection: { start: EditorPosition; end: EditorPosition; text: string };
  visibleLines: { start: number; end: number } | undefined;
}

const MAX_SELECTION_CHARACTERS = 20_000;

export function formatEditorContext(context: EditorContext | undefined): string {
  if (!context) return 'No file is open in the editor.';
  const lines = [`Active file: ${JSON.stringify(context.path)} (${context.languageId}, ${context.lineCount} lines).`];
  const { start, end, text } = context.selection;
  if (text === '') {
    lines.push(`Cursor: line ${start.line}, column ${start.column}. Nothing is selected.`);
  } else {
    const capped = capText(text, MAX_SELECTION_CHARACTERS);
    const cut = capped.truncatedCharacters > 0 ? ` (cut short: ${capped.truncatedCharacters} more characters; read_file shows the rest)` : '';
    const fence = fenceFor(capped.text);
    lines.push(`Selection: line ${start.line}, column ${start.column} to line ${end.line}, column ${end.column}${cut}:`);
    lines.push(`${fence}${context.languageId}\n${capped.text}\n${fence}`);
  }
  if (context.visibleLines) lines.push(`Visible: lines ${context.visibleLines.start}–${context.visibleLines.end}.`);
  return lines.join('\n');
}
