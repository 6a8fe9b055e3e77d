// A file's text as the user sees it: the open editor buffer when there is one (unsaved changes included), else the
// file on disk. Undefined when neither exists.
import * as vscode from 'vscode';

export async function readDocumentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return new TextDecoder('utf-8').decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * True when the file is on disk, or when an editor holds unsaved text for it (creating it anew would lose that text).
 * A clean document VS Code still keeps for a file deleted since does not count: nothing would be lost.
 */
export async function fileExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString() && !document.isUntitled && document.isDirty);
  }
}
