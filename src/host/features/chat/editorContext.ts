// Context chips from the editor: the current selection, or the current file, as a snapshot of exactly the text that
// will be sent.
import * as vscode from 'vscode';
import { chipLabel, type ContextChip } from '../../../core';
import { codeContextOf } from '../../platform/editors/codeContext';

export function chipFromEditor(editor: vscode.TextEditor, kind: 'selection' | 'file', maxCharacters: number): ContextChip | undefined {
  if (kind === 'selection' && editor.selection.isEmpty) return undefined;
  const context = codeContextOf(kind === 'file' ? withoutSelection(editor) : editor, maxCharacters);
  const chip = {
    id: globalThis.crypto.randomUUID(),
    kind,
    path: context.path,
    languageId: context.languageId,
    startLine: context.startLine,
    endLine: context.endLine,
    text: context.code,
    truncatedCharacters: context.truncatedCharacters,
  };
  return { ...chip, label: chipLabel(chip) };
}

/** The editor as if nothing were selected, so codeContextOf takes the whole file. */
function withoutSelection(editor: vscode.TextEditor): vscode.TextEditor {
  return { document: editor.document, selection: new vscode.Selection(0, 0, 0, 0) } as vscode.TextEditor;
}
