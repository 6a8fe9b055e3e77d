// The status bar's Completions menu, loaded when it is first opened (deferred.ts): the completion model, on or off
// everywhere or for the file's language, snooze, the log. Each entry runs the command that does it.
import * as vscode from 'vscode';
import type { CompletionSwitch } from './completionSwitch';

export async function showCompletionsMenu(now: CompletionSwitch, snoozed: boolean): Promise<void> {
  const language = vscode.window.activeTextEditor?.document.languageId;
  type Entry = vscode.QuickPickItem & { run: () => Thenable<unknown> };
  const entries: Entry[] = [
    now.model === ''
      ? { label: '$(sparkle) Choose a completion model…', run: () => vscode.commands.executeCommand('askModel.completions.selectModel') }
      : { label: `$(sparkle) Completion model: ${now.model}`, description: 'change…', run: () => vscode.commands.executeCommand('askModel.completions.selectModel') },
    { label: now.enabled ? '$(circle-slash) Turn off everywhere' : '$(pass) Turn on everywhere', run: () => vscode.commands.executeCommand('askModel.completions.toggle', !now.enabled) },
    ...(language ? [{ label: now.enabledHere ? `$(circle-slash) Turn off for ${language}` : `$(pass) Turn on for ${language}`, run: () => vscode.commands.executeCommand('askModel.completions.toggleLanguage', language) }] : []),
    { label: snoozed ? '$(play) Resume' : '$(debug-pause) Snooze for 5 minutes', run: () => vscode.commands.executeCommand('askModel.completions.snooze') },
    { label: '$(output) Show log', run: () => vscode.commands.executeCommand('askModel.showLog') },
  ];
  const picked = await vscode.window.showQuickPick(entries, { title: 'Ask Model: Completions', placeHolder: 'Inline completions from your own server' });
  await picked?.run();
}
