// The commands, registered at activation so that they work at once. Each command's implementation (askCommand.ts,
// editSelectionCommand.ts, keyCommands.ts, testConnection.ts, and ../modelPicker.ts), and the client it needs, load on its
// first run (from deferred.ts); Show Log and Stop need neither.
import * as vscode from 'vscode';
import { registerAnswerDocuments } from '../ask/registerAnswerDocuments';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { ApiKeyStore } from '../../platform/clients/apiKeyStore';
import type { ClientFactory } from '../../platform/clients/clientFactory';
import { loadDeferred, type Lazy } from '../../lazy';
import type { Log } from '../../platform/log/log';
import type { RegisteredTools } from '../tools/registerTools';
import type { AskArgs } from '../ask/askCommand';
import type { EditSelectionArgs } from '../editSelection/editSelectionCommand';
import type { SetApiKeyArgs } from './keyCommands';
import type { SelectModelArgs } from '../../platform/catalogue/modelPicker';
import type { FindLocalServersArgs } from './findLocalServersCommand';
import type { AddProfileArgs, SelectProfileArgs } from './profileCommands';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';

export interface CommandDeps {
  factory: Lazy<ClientFactory>;
  active: ActiveRequests;
  log: Log;
}

export function registerAskCommand(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const answers = registerAnswerDocuments(context, (line) => deps.log.error(line));
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.ask', async (args?: AskArgs) => {
      const [{ askModel, QuestionHistory }, factory, documents] = await Promise.all([loadDeferred(), deps.factory(), answers()]);
      // The recent questions live in global state; the object over them holds nothing else, so each run makes its own.
      const result = await askModel({ ...deps, factory, questions: new QuestionHistory(context.globalState), answers: documents }, args);
      if (result.status === 'done') walkthroughStepDone('firstAsk');
      return result;
    }),
  );
}

export function registerEditSelectionCommand(context: vscode.ExtensionContext, deps: CommandDeps & { tools: RegisteredTools }): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.editSelection', async (args?: EditSelectionArgs) => {
      const [{ editSelection }, factory, tools] = await Promise.all([loadDeferred(), deps.factory(), deps.tools.load()]);
      return editSelection({ factory, active: deps.active, log: deps.log, tools }, args);
    }),
  );
}

export function registerKeyCommands(context: vscode.ExtensionContext, keys: Lazy<ApiKeyStore>): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.setApiKey', async (args?: SetApiKeyArgs) => {
      const [{ setApiKey }, store] = await Promise.all([loadDeferred(), keys()]);
      return setApiKey(store, args);
    }),
    vscode.commands.registerCommand('askModel.clearApiKey', async () => {
      const [{ clearApiKey }, store] = await Promise.all([loadDeferred(), keys()]);
      return clearApiKey(store);
    }),
  );
}

/** Select Profile, Add Profile and Find Local Model Servers. */
export function registerProfileCommands(context: vscode.ExtensionContext, deps: { keys: Lazy<ApiKeyStore>; factory: Lazy<ClientFactory>; log: Log }): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.selectProfile', async (args?: SelectProfileArgs) => (await loadDeferred()).selectProfile(args)),
    vscode.commands.registerCommand('askModel.addProfile', async (args?: AddProfileArgs) => {
      const [{ addProfile }, keys, factory] = await Promise.all([loadDeferred(), deps.keys(), deps.factory()]);
      return addProfile(keys, factory, deps.log, args);
    }),
    vscode.commands.registerCommand('askModel.findLocalServers', async (args?: FindLocalServersArgs) => (await loadDeferred()).findLocalServersCommand(deps.log, args)),
  );
}

/** Select Model, Test Connection, Show Log, Stop. */
export function registerUtilityCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.selectModel', async (args?: SelectModelArgs) => {
      const [{ selectModel }, factory] = await Promise.all([loadDeferred(), deps.factory()]);
      return selectModel(factory, deps.log, args);
    }),
    vscode.commands.registerCommand('askModel.testConnection', async () => {
      const [{ testConnection }, factory] = await Promise.all([loadDeferred(), deps.factory()]);
      return testConnection(factory, deps.log);
    }),
    vscode.commands.registerCommand('askModel.showLog', () => deps.log.show(true)),
    vscode.commands.registerCommand('askModel.stop', () => {
      const stopped = deps.active.stopAll();
      if (stopped === 0) void vscode.window.showInformationMessage('Ask Model: nothing to stop.');
      return stopped;
    }),
  );
}
