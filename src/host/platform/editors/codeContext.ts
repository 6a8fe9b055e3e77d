// What "Ask model" sends from the editor: the selection, or with none the whole file up to the cap.
import * as vscode from 'vscode';
import { capText, type CodeContext } from '../../../core';

export function codeContextOf(editor: vscode.TextEditor, maxCharacters: number): CodeContext {
  const { document, selection } = editor;
  const path = vscode.workspace.asRelativePath(document.uri, false);
  if (!selection.isEmpty) {
    const { text, truncatedCharacters } = capText(document.getText(selection), maxCharacters);
    return {
      languageId: document.languageId,
      path,
      code: text,
      startLine: selection.start.line + 1,
      endLine: selection.end.line + 1,
      wholeFile: false,
      truncatedCharacters,
    };
  }
  const { text, truncatedCharacters } = capText(document.getText(), maxCharacters);
  return { languageId: document.languageId, path, code: text, startLine: 1, endLine: document.lineCount, wholeFile: true, truncatedCharacters };
}
