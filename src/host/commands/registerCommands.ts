// The remaining small commands: Select Model, Test Connection, Show Log, Stop.
import * as vscode from 'vscode';
import type { ActiveRequests } from '../activeRequests';
import type { ClientFactory } from '../clientFactory';
import type { Log } from '../log';
import { selectModel, type SelectModelArgs } from './modelPicker';
import { testConnection } from './testConnection';

export function registerUtilityCommands(context: vscode.ExtensionContext, deps: { factory: ClientFactory; active: ActiveRequests; log: Log }): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.selectModel', (args?: SelectModelArgs) => selectModel(deps.factory, args)),
    vscode.commands.registerCommand('askModel.testConnection', () => testConnection(deps.factory, deps.log)),
    vscode.commands.registerCommand('askModel.showLog', () => deps.log.show(true)),
    vscode.commands.registerCommand('askModel.stop', () => {
      const stopped = deps.active.stopAll();
      if (stopped === 0) void vscode.window.showInformationMessage('Ask Model: nothing to stop.');
      return stopped;
    }),
  );
}
