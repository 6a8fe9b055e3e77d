// On the first start of Ask Model with nothing set up (no askModel.baseUrl in any scope, no profiles), it looks for a
// model server on this machine a few seconds after start-up and, when one answers, offers it in one click. Once: the
// answer (or no server) is remembered in global state, so it never asks again; Add Profile searches whenever asked.
import * as vscode from 'vscode';
import { loadDeferred } from '../../lazy';
import type { Log } from '../../platform/log/log';

const LOOKED_KEY = 'askModel.firstRunLookedForLocalServers';
/** Late enough not to compete with the window's own start-up. */
const DELAY_MS = 4000;

export function registerFirstRun(context: vscode.ExtensionContext, deps: { log: Log }): void {
  if (context.globalState.get<boolean>(LOOKED_KEY) === true) return;
  const timer = setTimeout(() => void offerLocalServer(context, deps.log).catch((error: unknown) => deps.log.warn(`first run: ${String(error)}`)), DELAY_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) });
}

async function offerLocalServer(context: vscode.ExtensionContext, log: Log): Promise<void> {
  if (isSetUp()) return;
  await context.globalState.update(LOOKED_KEY, true);
  const { addProfileArgsFor, findServersOnThisMachine } = await loadDeferred();
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
  const config = vscode.workspace.getConfiguration('askModel');
  const baseUrl = config.inspect<string>('baseUrl');
  const profiles = config.get<unknown[]>('profiles');
  return baseUrl?.globalValue !== undefined || baseUrl?.workspaceValue !== undefined || baseUrl?.workspaceFolderValue !== undefined || (Array.isArray(profiles) && profiles.length > 0);
}
