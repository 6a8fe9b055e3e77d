// Profiles and the connection to the server, registered at activation so that they work at once: Select and Add
// Profile, Find Local Model Servers, Set and Clear API Key, Select Model, Test Connection (profiles.ts, loaded on the
// first one run), Show Log and Stop, the model's status-bar item, and on the first start with nothing set up the
// offer of a server found on this machine (firstRun.ts, loaded then).
import * as vscode from 'vscode';
import { loadDeferred } from '../../lazy';
import { lazy } from '../../platform/lazyValue';
import { registerModelStatusBar } from './modelStatusBar';
import type { ProfilesDeps } from './profiles';
import { FIRST_RUN_DELAY_MS, FIRST_RUN_LOOKED_KEY, PROFILE_COMMANDS } from './profileIds';

export function registerProfiles(context: vscode.ExtensionContext, deps: ProfilesDeps): void {
  const commands = lazy(async () => (await loadDeferred.profiles()).profileCommands(deps));
  context.subscriptions.push(
    ...PROFILE_COMMANDS.map((command) => vscode.commands.registerCommand(command, async (args?: unknown) => (await commands())[command](args))),
    vscode.commands.registerCommand('askModel.showLog', () => deps.log.show(true)),
    vscode.commands.registerCommand('askModel.stop', () => {
      const stopped = deps.active.stopAll();
      if (stopped === 0) void vscode.window.showInformationMessage('Ask Model: nothing to stop.');
      return stopped;
    }),
  );
  registerModelStatusBar(context, deps.notices);
  if (context.globalState.get<boolean>(FIRST_RUN_LOOKED_KEY) !== true) {
    const timer = setTimeout(() => void loadDeferred.profiles().then((profiles) => profiles.offerLocalServer(context.globalState, deps.log)).catch((error: unknown) => deps.log.warn(`first run: ${String(error)}`)), FIRST_RUN_DELAY_MS);
    context.subscriptions.push({ dispose: () => clearTimeout(timer) });
  }
}
