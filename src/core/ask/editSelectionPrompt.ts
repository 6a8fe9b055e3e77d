// What "Edit Selection with Model" sends: the instruction, the selection, and the lines around it, with the rule
// that changes go through replace_in_file (so they can be previewed, accepted and undone).
import type { ChatMessage } from '../protocol/messages';
import { fenceFor } from '../text/fenceFor';

export interface SelectionForEdit {
  path: string;
  languageId: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  selectedText: string;
  /** The lines around the selection (selection included), and where they start. */
  surroundings: string;
  surroundingsStartLine: number;
}

export const EDIT_RULES =
  'Make the requested change with the replace_in_file tool: old_text must be copied exactly from the file (whitespace included) and occur once; keep the edit as small as the change allows. Use read_file or search_text first if you need more of the code. Do not explain at length: after the edit, say in one sentence what you changed.';

export function buildEditSelectionMessages(systemPrompt: string, instruction: string, selection: SelectionForEdit): ChatMessage[] {
  const fence = fenceFor(selection.selectedText + selection.surroundings);
  const endOfSurroundings = selection.surroundingsStartLine + selection.surroundings.split('\n').length - 1;
  const user = [
    instruction.trim(),
    '',
    `File ${selection.path}; the selection is lines ${selection.startLine}–${selection.endLine}:`,
    `${fence}${selection.languageId}`,
    selection.selectedText,
    fence,
    '',
    `Lines ${selection.surroundingsStartLine}–${endOfSurroundings} around it, for context:`,
    `${fence}${selection.languageId}`,
    selection.surroundings,
    fence,
  ].join('\n');
  const system = [systemPrompt.trim(), EDIT_RULES].filter((part) => part !== '').join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
