// Add Profile's first step: where the new profile's server is. The pick opens at once with the hosted providers and
// "Other server…", and the servers found on this machine join the top as the probe names them (about a second and a
// half: each loopback port gets one short time limit). A found server becomes a profile in one click.
import * as vscode from 'vscode';
import { findLocalServers, profileNameFor, PROVIDER_PRESETS, type LocalServer, type ProviderPreset } from '../../../core';
import type { Log } from '../../platform/log/log';
import { loopbackProbe } from './loopbackProbe';

export type ProfileSource = { kind: 'local'; server: LocalServer } | { kind: 'preset'; preset: ProviderPreset } | { kind: 'other' };

interface SourceItem extends vscode.QuickPickItem {
  source?: ProfileSource;
}

/** Every local server that answers now, logged with what named it. `extraPorts`: ports besides the usual ones. */
export async function findServersOnThisMachine(log: Log, extraPorts: readonly number[] = []): Promise<LocalServer[]> {
  const started = performance.now();
  const servers = await findLocalServers({ request: loopbackProbe, extraPorts });
  const found = servers.map((server) => `${server.label} at ${server.baseUrl} (${server.evidence}${server.models ? `, ${server.models.length} model(s)` : ''}${server.needsKey ? ', needs a key' : ''})`);
  log.info(`local servers: ${found.length > 0 ? found.join('; ') : 'none answered on the usual ports'} (${Math.round(performance.now() - started)} ms)`);
  return servers;
}

/** Add Profile's arguments for `server` with no question asked (its name, first model; a key asked only if it wants one). */
export function addProfileArgsFor(server: LocalServer, takenNames: ReadonlySet<string>): { baseUrl: string; name: string; model?: string; apiKey?: string } {
  return { baseUrl: server.baseUrl, name: profileNameFor(server, takenNames), ...(server.models?.[0] ? { model: server.models[0] } : {}), ...(server.needsKey ? {} : { apiKey: '' }) };
}

/** Shows the pick; resolves with the choice, or undefined when the user dismissed it. */
export function pickProfileSource(log: Log, extraPorts: readonly number[] = []): Promise<ProfileSource | undefined> {
  const pick = vscode.window.createQuickPick<SourceItem>();
  pick.title = 'Ask Model: Add Profile';
  pick.placeholder = 'Looking for model servers on this machine… or choose a provider';
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;
  const hosted: SourceItem[] = [
    { label: 'Hosted providers', kind: vscode.QuickPickItemKind.Separator },
    ...PROVIDER_PRESETS.map((preset) => ({ label: preset.name, description: preset.baseUrl, detail: preset.note, source: { kind: 'preset', preset } as ProfileSource })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: '$(edit) Other server…', description: 'type its base URL', source: { kind: 'other' } },
  ];
  const searching: SourceItem = { label: '$(loading~spin) Looking on this machine…', description: 'Ollama, LM Studio, llama.cpp, vLLM, LiteLLM, Jan, …' };
  pick.items = [{ label: 'On this machine', kind: vscode.QuickPickItemKind.Separator }, searching, ...hosted];
  pick.busy = true;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (source: ProfileSource | undefined): void => {
      if (settled) return;
      settled = true;
      resolve(source);
      pick.dispose();
    };
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.source;
      if (chosen) finish(chosen);
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
    void findServersOnThisMachine(log, extraPorts).then(
      (servers) => {
        if (settled) return;
        const local: SourceItem[] =
          servers.length > 0
            ? servers.map((server) => ({
                label: `$(server) ${server.label}`,
                description: server.baseUrl,
                detail: describeFound(server),
                source: { kind: 'local', server } as ProfileSource,
              }))
            : [{ label: 'No model server answered on the usual ports', description: 'start Ollama, LM Studio, llama.cpp, vLLM or LiteLLM, or choose below' }];
        const active = pick.activeItems[0];
        pick.items = [{ label: 'On this machine', kind: vscode.QuickPickItemKind.Separator }, ...local, ...hosted];
        pick.busy = false;
        pick.placeholder = servers.length > 0 ? 'Choose a server found on this machine, or a provider' : 'Choose a provider, or type a server’s URL';
        // The user may have moved to a provider while the probe ran; keep them there.
        if (active?.source) pick.activeItems = pick.items.filter((item) => item.label === active.label);
      },
      () => {
        pick.busy = false;
      },
    );
  });
}

function describeFound(server: LocalServer): string {
  const models = server.models === undefined ? '' : server.models.length === 0 ? 'no models yet' : `${server.models.length} model(s): ${server.models.slice(0, 3).join(', ')}${server.models.length > 3 ? ', …' : ''}`;
  return [models, server.needsKey ? 'asks for a key' : ''].filter((part) => part !== '').join(' · ') || 'answered';
}
