// The demo's second extension: it shows Ask Model's chat when the demo window starts. VS Code has no setting for the
// side bar a window opens with, and code-server keeps that choice in the browser, where `npm start` cannot write
// it; Ask Model itself does not open views unasked. Installed only by `npm start` (buildOpenChatAtStart.ts).
import * as vscode from 'vscode';

export function activate(): void {
  void vscode.commands.executeCommand('askModel.openChat');
}
