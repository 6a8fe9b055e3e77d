// A status-bar item that shows the current model; clicking it runs "Select Model".
import * as vscode from 'vscode';

export function registerModelStatusBar(context: vscode.ExtensionContext): void {
  const item = vscode.window.createStatusBarItem('askModel.model', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Ask Model: Model';
  item.command = 'askModel.selectModel';
  const update = (): void => {
    // Two plain reads, not the full validated settings: this runs during activation, where every millisecond counts;
    // a bad value is reported with its name when a request is made.
    const config = vscode.workspace.getConfiguration('askModel');
    const model = String(config.get('model') ?? '').trim();
    const baseUrl = String(config.get('baseUrl') ?? '');
    item.text = `$(sparkle) ${model || 'no model'}`;
    item.tooltip = `Ask Model: ${model ? `using ${model}` : 'no model chosen'} on ${baseUrl}. Click to select a model.`;
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
