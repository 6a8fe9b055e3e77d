// A status-bar item that shows the model (and, with more than one profile, the profile) that answers. Clicking it
// selects the model; once there are profiles it switches profile instead ("Select Model" stays in the command palette).
// While a request waits out a 429 it counts down; when the server's rate limit is nearly used up it says so in its
// tooltip, on a warning background; so does a LiteLLM key's budget from 80 % (an error background from 95 %), whose
// spend the tooltip always shows once known.
import * as vscode from 'vscode';
import { quickProfile } from '../../../core/eager';
import type { ServerNotices } from '../../platform/notices/serverNotices';
import { settingsLayersNow } from '../../platform/settings/settingsLayers';

export function registerModelStatusBar(context: vscode.ExtensionContext, notices: ServerNotices): void {
  const item = vscode.window.createStatusBarItem('askModel.model', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Ask Model: Model';
  const update = (): void => {
    // The quick read, not the full validated settings: this runs during activation, where every millisecond counts; a
    // bad value is reported with its name when a request is made. The same layered profiles as every reader.
    const settings = settingsLayersNow();
    const { profile, model, baseUrl, added } = quickProfile((key) => settings.get(key));
    const label = added === 0 ? model || 'no model' : `${profile} · ${model || 'no model'}`;
    const about =
      added === 0
        ? `Ask Model: ${model ? `using ${model}` : 'no model chosen'} on ${baseUrl}. Click to select a model.`
        : `Ask Model: profile "${profile}" (${baseUrl}), ${model ? `model ${model}` : 'no model chosen'}. Click to switch profile.`;
    item.text = notices.waiting === undefined ? `$(sparkle) ${label}` : `$(watch) ${label}`;
    item.tooltip = [notices.waiting, notices.rateLimit, notices.keyBudget, about].filter((line) => line !== undefined).join('\n\n');
    item.backgroundColor =
      notices.keyBudgetLevel === 'critical' ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : notices.waiting !== undefined || notices.rateLimit !== undefined || notices.keyBudgetLevel === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : undefined;
    item.command = added === 0 ? 'askModel.selectModel' : 'askModel.selectProfile';
  };
  update();
  item.show();
  context.subscriptions.push(
    item,
    notices.onDidChange(update),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('askModel')) update();
    }),
  );
}
