// A status-bar item that shows the model (and, with more than one profile, the profile) that answers. Clicking it
// selects the model; once there are profiles it switches profile instead ("Select Model" stays in the command palette).
// While a request waits out a 429 it counts down; when the server's rate limit is nearly used up it says so in its
// tooltip, on a warning background; so does a LiteLLM key's budget from 80 % (an error background from 95 %), whose
// spend the tooltip always shows once known.
import * as vscode from 'vscode';
import type { ServerNotices } from '../../platform/notices/serverNotices';

export function registerModelStatusBar(context: vscode.ExtensionContext, notices: ServerNotices): void {
  const item = vscode.window.createStatusBarItem('askModel.model', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Ask Model: Model';
  const update = (): void => {
    // Plain reads, not the full validated settings: this runs during activation, where every millisecond counts; a
    // bad value is reported with its name when a request is made.
    const config = vscode.workspace.getConfiguration('askModel');
    const profiles = config.get<unknown>('profiles');
    const entries = Array.isArray(profiles) ? (profiles as unknown[]) : [];
    const activeName = String(config.get('activeProfile') ?? '').trim();
    const active = entries.find((entry): entry is { name: string; model?: unknown; baseUrl?: unknown } => isNamed(entry) && entry.name.toLowerCase() === activeName.toLowerCase());
    const model = String((active ? active.model : config.get('model')) ?? '').trim();
    const baseUrl = String((active ? active.baseUrl : config.get('baseUrl')) ?? '');
    const profile = active?.name ?? 'Default';
    const label = entries.length === 0 ? model || 'no model' : `${profile} · ${model || 'no model'}`;
    const about =
      entries.length === 0
        ? `Ask Model: ${model ? `using ${model}` : 'no model chosen'} on ${baseUrl}. Click to select a model.`
        : `Ask Model: profile "${profile}" (${baseUrl}), ${model ? `model ${model}` : 'no model chosen'}. Click to switch profile.`;
    item.text = notices.waiting === undefined ? `$(sparkle) ${label}` : `$(watch) ${label}`;
    item.tooltip = [notices.waiting, notices.rateLimit, notices.keyBudget, about].filter((line) => line !== undefined).join('\n\n');
    item.backgroundColor =
      notices.keyBudgetLevel === 'critical' ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : notices.waiting !== undefined || notices.rateLimit !== undefined || notices.keyBudgetLevel === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : undefined;
    item.command = entries.length === 0 ? 'askModel.selectModel' : 'askModel.selectProfile';
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

function isNamed(entry: unknown): entry is { name: string } {
  return typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string';
}
