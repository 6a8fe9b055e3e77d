// Entry point: `activate` only wires features together; each feature registers itself and owns its disposables.
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Commands, the chat view and the status bar are registered here as they arrive (see README "Status").
}

export function deactivate(): void {}
