// Reads `askModel.*` fresh on every use, so a changed setting applies to the next request without a reload.
import * as vscode from 'vscode';
import { readExtensionSettings, readToolSettings, type ExtensionSettings, type ToolSettings } from '../core';

export function readSettings(): ExtensionSettings {
  const config = vscode.workspace.getConfiguration('askModel');
  return readExtensionSettings((key) => config.get(key));
}

export function readWorkspaceToolSettings(): ToolSettings {
  const config = vscode.workspace.getConfiguration('askModel');
  return readToolSettings((key) => config.get(key));
}

export async function updateModelSetting(model: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('askModel');
  // Write where the current value comes from, so a workspace override is not shadowed by a new user value.
  const inspected = config.inspect<string>('model');
  const target = inspected?.workspaceFolderValue !== undefined
    ? vscode.ConfigurationTarget.WorkspaceFolder
    : inspected?.workspaceValue !== undefined
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  await config.update('model', model, target);
}
