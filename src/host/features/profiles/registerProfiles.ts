// Profiles and the connection to the server, registered at activation so that they work at once: Select and Add
// Profile, Find Local Model Servers, Set and Clear API Key, Select Model, Test Connection, Show Log and Stop, the
// model's status-bar item and the first run's offer of a server found on this machine. Each command's implementation
// and the services it needs load on its first run; Show Log and Stop need neither.
import * as vscode from 'vscode';
import { loadDeferred, type Lazy } from '../../lazy';
import type { SelectModelArgs } from '../../platform/catalogue/modelPicker';
import type { ModelCatalogues } from '../../platform/catalogue/modelCatalogues';
import type { ApiKeyStore } from '../../platform/clients/apiKeyStore';
import type { ClientFactory } from '../../platform/clients/clientFactory';
import type { Log } from '../../platform/log/log';
import { askModelConfiguration, settingsLayersNow } from '../../platform/settings/settingsLayers';
import type { ServerNotices } from '../../platform/notices/serverNotices';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Runs } from '../../platform/run/runs';
import type { KeyBudgets } from '../../platform/spend/keyBudgets';
import type { FindLocalServersArgs } from './findLocalServersCommand';
import type { SetApiKeyArgs } from './keyCommands';
import { registerModelStatusBar } from './modelStatusBar';
import type { AddProfileArgs, SelectProfileArgs } from './profileCommands';
import type { ConnectionDeps } from './testConnection';

export interface ProfilesDeps {
  keys: Lazy<ApiKeyStore>;
  clients: Lazy<ClientFactory>;
  catalogues: Lazy<ModelCatalogues>;
  runs: Lazy<Runs>;
  keyBudgets: Lazy<KeyBudgets>;
  active: ActiveRequests;
  notices: ServerNotices;
  log: Log;
}

export function registerProfiles(context: vscode.ExtensionContext, deps: ProfilesDeps): void {
  const connection = async (): Promise<ConnectionDeps> => {
    const [clients, catalogues, runs, keyBudgets] = await Promise.all([deps.clients(), deps.catalogues(), deps.runs(), deps.keyBudgets()]);
    return { clients, catalogues, runs, keyBudgets, log: deps.log };
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.setApiKey', async (args?: SetApiKeyArgs) => {
      const [{ setApiKey }, keys] = await Promise.all([loadDeferred.profiles(), deps.keys()]);
      return setApiKey(keys, args);
    }),
    vscode.commands.registerCommand('askModel.clearApiKey', async () => {
      const [{ clearApiKey }, keys] = await Promise.all([loadDeferred.profiles(), deps.keys()]);
      return clearApiKey(keys);
    }),
    vscode.commands.registerCommand('askModel.selectProfile', async (args?: SelectProfileArgs) => (await loadDeferred.profiles()).selectProfile(args)),
    vscode.commands.registerCommand('askModel.addProfile', async (args?: AddProfileArgs) => {
      const [{ addProfile }, keys, tested] = await Promise.all([loadDeferred.profiles(), deps.keys(), connection()]);
      return addProfile(keys, tested, args);
    }),
    vscode.commands.registerCommand('askModel.findLocalServers', async (args?: FindLocalServersArgs) => (await loadDeferred.profiles()).findLocalServersCommand(deps.log, args)),
    vscode.commands.registerCommand('askModel.selectModel', async (args?: SelectModelArgs) => {
      const [{ selectModel }, clients, catalogues] = await Promise.all([loadDeferred.profiles(), deps.clients(), deps.catalogues()]);
      return selectModel({ clients, catalogues }, args);
    }),
    vscode.commands.registerCommand('askModel.testConnection', async () => {
      const [{ testConnection }, tested] = await Promise.all([loadDeferred.profiles(), connection()]);
      return testConnection(tested);
    }),
    vscode.commands.registerCommand('askModel.showLog', () => deps.log.show(true)),
    vscode.commands.registerCommand('askModel.stop', () => {
      const stopped = deps.active.stopAll();
      if (stopped === 0) void vscode.window.showInformationMessage('Ask Model: nothing to stop.');
      return stopped;
    }),
  );
  registerModelStatusBar(context, deps.notices);
  offerLocalServerOnFirstRun(context, deps.log);
}

const LOOKED_KEY = 'askModel.firstRunLookedForLocalServers';
/** Late enough not to compete with the window's own start-up. */
const DELAY_MS = 4000;

/**
 * On the first start of Ask Model with nothing set up (no askModel.baseUrl in any scope, no profiles), it looks for a
 * model server on this machine a few seconds after start-up and, when one answers, offers it in one click. Once: the
 * answer (or no server) is remembered in global state, so it never asks again; Add Profile searches whenever asked.
 */
function offerLocalServerOnFirstRun(context: vscode.ExtensionContext, log: Log): void {
  if (context.globalState.get<boolean>(LOOKED_KEY) === true) return;
  const timer = setTimeout(() => void offerLocalServer(context, log).catch((error: unknown) => log.warn(`first run: ${String(error)}`)), DELAY_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) });
}

async function offerLocalServer(context: vscode.ExtensionContext, log: Log): Promise<void> {
  if (isSetUp()) return;
  await context.globalState.update(LOOKED_KEY, true);
  const { addProfileArgsFor, findServersOnThisMachine } = await loadDeferred.profiles();
  const servers = await findServersOnThisMachine(log);
  const first = servers[0];
  if (!first || isSetUp()) return;
  const more = servers.length > 1 ? ` (and ${servers.length - 1} more: Add Profile lists them)` : '';
  const use = `Use ${first.label}`;
  const pick = await vscode.window.showInformationMessage(`Ask Model found ${first.label} at ${first.baseUrl} on this machine${more}.`, use, 'Add Profile…');
  if (pick === use) await vscode.commands.executeCommand('askModel.addProfile', addProfileArgsFor(first, new Set()));
  else if (pick === 'Add Profile…') await vscode.commands.executeCommand('askModel.addProfile');
}

/** The user has chosen a server already: a base URL in any settings scope, or a profile. */
function isSetUp(): boolean {
  const baseUrl = askModelConfiguration().inspect<string>('baseUrl');
  const profiles = settingsLayersNow().get('profiles');
  return baseUrl?.globalValue !== undefined || baseUrl?.workspaceValue !== undefined || baseUrl?.workspaceFolderValue !== undefined || (Array.isArray(profiles) && profiles.length > 0);
}
