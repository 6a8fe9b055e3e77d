// On the first start of Ask Model with nothing set up (no askModel.baseUrl in any scope, no profiles), a model server
// found on this machine is offered in one click, a few seconds after start-up (registerProfiles.ts schedules it). Once:
// the answer (or no server) is remembered in global state, so it never asks again; Add Profile searches whenever asked.
import * as vscode from 'vscode';
import type { Log } from '../../platform/log/log';
import { askModelConfiguration, settingsLayersNow } from '../../platform/settings/settingsLayers';
import { FIRST_RUN_LOOKED_KEY } from './profileIds';
import { addProfileArgsFor, findServersOnThisMachine } from './profileSources';

export async function offerLocalServer(state: vscode.Memento, log: Log): Promise<void> {
  if (isSetUp()) return;
  await state.update(FIRST_RUN_LOOKED_KEY, true);
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
