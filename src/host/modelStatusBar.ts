// A status-bar item that shows the current model; clicking it runs "Select Model".
import * as vscode from 'vscode';
import { readSettings } from './settings';

export function registerModelStatusBar(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem('askModel.model', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Ask Model: Model';
  item.command = 'askModel.selectModel';
  const update = (): void => {
    try {
      const { model, baseUrl } = readSettings();
      item.text = `$(sparkle) ${model || 'no model'}`;
      item.tooltip = `Ask Model: ${model ? `using ${model}` : 'no model chosen'} on ${baseUrl}. Click to select a model.`;
      item.backgroundColor = undefined;
    } catch {
      item.text = '$(warning) Ask Model';
      item.tooltip = 'Ask Model: a setting is invalid. Click to select a model, or open the settings.';
      item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    }
  };
  update();
  item.show();
  context.subscriptions.push(
    item,
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('askModel')) update();
    }),
  );
}
