// What the chat's code-block buttons do: Copy to the clipboard, Insert at the cursor, Apply over the selection. Each
// edit is one undo step in the editor the user left.
import * as vscode from 'vscode';
import type { LastTextEditor } from './lastTextEditor';

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
  const applied = await editor.edit((edit) => edit.replace(editor.selection, code));
  if (applied) vscode.window.setStatusBarMessage('Ask Model: applied to the selection (Undo reverts it)', 4000);
  return applied;
}
