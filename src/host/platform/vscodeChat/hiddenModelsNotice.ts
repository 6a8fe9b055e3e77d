// VS Code settings that hide our models from its chat (the Copilot harness as where chats open, without its bridge
// for extensions' models; src/core/languageModels/hiddenModels.ts decides), said where the user looks: Test Connection
// and Manage Models. Loaded on first use (deferred.ts): it reaches core's values.
import * as vscode from 'vscode';
import { hiddenModelsNotice, type HiddenModelsNotice } from '../../../core';
import type { Log } from '../log/log';

const OPEN_SETTING = 'Open Setting';

/** The notice for VS Code's settings as they are now, or undefined when nothing hides our models. */
export function readHiddenModelsNotice(): HiddenModelsNotice | undefined {
  const config = vscode.workspace.getConfiguration();
  return hiddenModelsNotice({
    read: (key) => config.get(key),
    // A registered setting has a default; one this VS Code does not know has none, whatever a user wrote for it.
    known: (key) => config.inspect(key)?.defaultValue !== undefined,
    web: vscode.env.uiKind === vscode.UIKind.Web,
  });
}

/** Shows the notice with a button that opens the setting to change (`@id:`, which finds settings tagged advanced too). */
export function showHiddenModelsNotice(notice: HiddenModelsNotice, log: Log): void {
  log.info(`hidden-models: ${notice.message}`);
  void vscode.window.showWarningMessage(`Ask Model: ${notice.message}`, OPEN_SETTING).then((pick) => pick && vscode.commands.executeCommand('workbench.action.openSettings', `@id:${notice.setting}`));
}

/** Manage Models: says what hides our models, if anything does, and opens the profile settings as before. */
export async function manageModels(log: Log): Promise<HiddenModelsNotice | undefined> {
  const notice = readHiddenModelsNotice();
  if (notice) showHiddenModelsNotice(notice, log);
  await vscode.commands.executeCommand('workbench.action.openSettings', 'askModel.profiles');
  return notice;
}
