// What the chat's code-block buttons do: Copy to the clipboard, Insert at the cursor, Apply over the selection. Each
// edit is one undo step in the editor the user left. Insert and Apply first ask, in a modal dialog, when the code holds
// invisible or reordering characters (Trojan Source): the host asks, not the view, because the host holds the bytes it
// will write and its dialog is one the model's output cannot draw or dismiss. Copy does not ask: the user asked for
// those exact bytes, and the view marks the block.
import * as vscode from 'vscode';
import { invisibleCharactersQuestion } from '../../../core';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';

export async function copyCode(code: string): Promise<void> {
  await vscode.env.clipboard.writeText(code);
  vscode.window.setStatusBarMessage('Ask Model: code copied', 2000);
}

export async function insertCode(editors: LastTextEditor, code: string): Promise<boolean> {
  const editor = editors.get();
  if (!editor) {
    void vscode.window.showWarningMessage('Ask Model: open the file to insert the code into, and place the cursor.');
    return false;
  }
  if (!(await confirmInvisibleCharacters(code, 'Insert'))) return false;
  return editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, code);
  });
}

export async function applyCode(editors: LastTextEditor, code: string): Promise<boolean> {
  const editor = editors.get();
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showWarningMessage('Ask Model: select the code to replace first, then press Apply.');
    return false;
  }
  if (!(await confirmInvisibleCharacters(code, 'Apply'))) return false;
  const applied = await editor.edit((edit) => edit.replace(editor.selection, code));
  if (applied) vscode.window.setStatusBarMessage('Ask Model: applied to the selection (Undo reverts it)', 4000);
  return applied;
}

/** True when `code` holds no invisible or reordering characters, or the user chose to write it anyway. */
async function confirmInvisibleCharacters(code: string, action: 'Insert' | 'Apply'): Promise<boolean> {
  const question = invisibleCharactersQuestion(code, action);
  if (!question) return true;
  const proceed = `${action} Anyway`;
  const choice = await vscode.window.showWarningMessage(question.message, { modal: true, detail: question.detail }, proceed);
  return choice === proceed;
}
