// While the chat view has focus there is no active text editor; Insert and Apply (the chat) and the editor tools go to
// the one the user left.
import * as vscode from 'vscode';

export class LastTextEditor implements vscode.Disposable {
  private last: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  private readonly subscription = vscode.window.onDidChangeActiveTextEditor((editor) => {
    if (editor && editor.document.uri.scheme !== 'output') this.last = editor;
  });

  get(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    if (active) return active;
    if (this.last && !this.last.document.isClosed && vscode.window.visibleTextEditors.includes(this.last)) return this.last;
    return vscode.window.visibleTextEditors[0];
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
