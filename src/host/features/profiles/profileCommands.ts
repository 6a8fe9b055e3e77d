// "Select Profile" and "Add Profile". A profile is a named server (settings.json, `askModel.profiles`); the Default
// profile is the top-level settings. Adding one starts with where the server is (profileSources.ts): a server found
// on this machine (one click: named after what it is, its first model chosen, a key asked only if it wants one), a
// hosted provider's preset (its URL and headers, named after the provider; then the key, with the page where keys are
// made), or any other URL (its name, URL and key asked). The key goes to SecretStorage (never settings), the profile
// becomes active and the connection is tested, so a mistake shows at once.
import * as vscode from 'vscode';
import { DEFAULT_PROFILE_NAME, fillPresetUrl, isDefaultProfile, PROVIDER_PRESETS, placeholdersOf, profileNameFor, resolveServiceUrls, type ProviderPreset } from '../../../core';
import type { ApiKeyStore } from '../../platform/clients/apiKeyStore';
import { addProfile as writeProfile, readProfiles, readSettings, setActiveProfile } from '../../platform/settings/settings';
import { showError } from '../../platform/ui/showError';
import { pickProfileSource, type ProfileSource } from './profileSources';
import { testConnection, type ConnectionDeps, type ConnectionReport } from './testConnection';
import { walkthroughStepDone } from '../../platform/walkthrough/walkthroughProgress';

export interface SelectProfileArgs {
  /** Switch to this profile without asking (automation and tests). */
  profile?: string;
}

/** Resolves with the profile now active, or undefined when the user dismissed the pick or the name is unknown. */
export async function selectProfile(args?: SelectProfileArgs): Promise<string | undefined> {
  let profiles;
  let active: string;
  try {
    profiles = readProfiles();
    active = readSettings().profile;
  } catch (error) {
    void showError(error);
    return undefined;
  }
  let chosen = args?.profile;
  if (chosen === undefined) {
    const picked = await vscode.window.showQuickPick(
      [
        ...profiles.map((profile) => ({
          label: profile.name,
          description: `${profile.model || 'no model'} · ${displayHost(profile.baseUrl)}${profile.shared ? " · shared by the workspace's settings" : ''}${profile.name === active ? ' · active' : ''}`,
          profile: profile.name as string | undefined,
        })),
        { label: '$(add) Add Profile…', description: 'a new server', profile: undefined },
      ],
      { title: 'Ask Model: Select Profile', placeHolder: 'The server that answers' },
    );
    if (!picked) return undefined;
    if (picked.profile === undefined) {
      await vscode.commands.executeCommand('askModel.addProfile');
      return readSettings().profile;
    }
    chosen = picked.profile;
  }
  const found = profiles.find((profile) => profile.name.toLowerCase() === chosen.toLowerCase());
  if (!found) {
    void vscode.window.showWarningMessage(`Ask Model: there is no profile "${chosen}". The profiles are ${profiles.map((profile) => `"${profile.name}"`).join(', ')}.`);
    return undefined;
  }
  await setActiveProfile(found.name);
  return found.name;
}

export interface AddProfileArgs {
  name?: string;
  baseUrl?: string;
  /** Stored in SecretStorage; '' for a server without a key. */
  apiKey?: string;
  model?: string;
  /** A hosted provider's preset by id (providerPresets.ts): its URL and headers. */
  preset?: string;
  /** Values for the preset's URL placeholders, e.g. `{ resource: 'contoso' }` for Azure OpenAI. */
  presetValues?: Record<string, string>;
  /** Ports to look at for local servers besides the usual ones (loopback only). */
  localPorts?: number[];
  /** Default true: test the connection once the profile is active. */
  test?: boolean;
}

export interface AddedProfile {
  name: string;
  test: ConnectionReport | undefined;
}

export async function addProfile(keys: ApiKeyStore, connection: ConnectionDeps, args: AddProfileArgs = {}): Promise<AddedProfile | undefined> {
  const { log } = connection;
  const taken = new Set(readProfilesOrNone().map((profile) => profile.name.toLowerCase()));
  let source: ProfileSource | undefined;
  if (args.preset !== undefined) {
    const preset = PROVIDER_PRESETS.find((candidate) => candidate.id === args.preset);
    if (!preset) {
      void vscode.window.showWarningMessage(`Ask Model: there is no provider preset "${args.preset}". The presets are ${PROVIDER_PRESETS.map((candidate) => candidate.id).join(', ')}.`);
      return undefined;
    }
    source = { kind: 'preset', preset };
  } else if (args.baseUrl !== undefined) {
    source = { kind: 'other' };
  } else {
    source = await pickProfileSource(log, args.localPorts);
  }
  if (!source) return undefined;

  let baseUrl = args.baseUrl;
  let headers: Record<string, string> | undefined;
  let apiKeyHeader: string | undefined;
  let model = args.model;
  let suggestedName: string | undefined;
  let keyPage: string | undefined;
  let askForKey = true;
  if (source.kind === 'local') {
    baseUrl ??= source.server.baseUrl;
    model ??= source.server.models?.[0];
    suggestedName = profileNameFor(source.server, taken);
    // One click: a local server that answered without a key needs none.
    askForKey = source.server.needsKey;
  } else if (source.kind === 'preset') {
    const filled = baseUrl ?? (await fillPlaceholders(source.preset, args.presetValues));
    if (!filled) return undefined;
    baseUrl = filled;
    headers = Object.keys(source.preset.headers).length > 0 ? { ...source.preset.headers } : undefined;
    apiKeyHeader = source.preset.apiKeyHeader;
    suggestedName = freeName(source.preset.name, taken);
    keyPage = source.preset.keyPage;
  }

  // A found server and a preset are named after what they are (a free name); only Other server… asks.
  const name = (args.name ?? suggestedName ?? (await askName(taken)))?.trim();
  if (!name) return undefined;
  if (taken.has(name.toLowerCase())) {
    void vscode.window.showWarningMessage(`Ask Model: a profile named "${name}" exists already; choose another name.`);
    return undefined;
  }
  baseUrl = (baseUrl ?? (await askUrl()))?.trim();
  if (!baseUrl) return undefined;
  const apiKey = args.apiKey ?? (askForKey ? await askKey(name, keyPage) : '');
  if (apiKey === undefined) return undefined;
  try {
    await writeProfile({ name, baseUrl, ...(model ? { model } : {}), ...(headers ? { headers } : {}), ...(apiKeyHeader ? { apiKeyHeader } : {}) });
    if (apiKey.trim() !== '') {
      await keys.set({ profile: name, baseUrl }, apiKey);
      walkthroughStepDone('setKey');
    }
    await setActiveProfile(name);
  } catch (error) {
    void showError(error);
    return undefined;
  }
  log.info(`profiles: added "${name}" (${displayHost(baseUrl)}${source.kind === 'local' ? `, found on this machine: ${source.server.label}` : source.kind === 'preset' ? `, preset ${source.preset.id}` : ''}) and made it active`);
  const test = args.test === false ? undefined : await testConnection(connection);
  return { name, test };
}

/** Asks for each part of the preset's URL only the user knows (Azure's resource name); undefined when dismissed. */
async function fillPlaceholders(preset: ProviderPreset, given: Record<string, string> = {}): Promise<string | undefined> {
  const values: Record<string, string> = { ...given };
  for (const part of placeholdersOf(preset)) {
    if (values[part] !== undefined) continue;
    const value = await vscode.window.showInputBox({
      title: `Ask Model: Add Profile · ${preset.name}`,
      prompt: preset.placeholders?.[part] ?? part,
      ignoreFocusOut: true,
      validateInput: (typed) => {
        try {
          fillPresetUrl(preset, { ...values, [part]: typed });
          return undefined;
        } catch (error) {
          return error instanceof Error ? error.message : 'Letters, digits and dashes only.';
        }
      },
    });
    if (value === undefined) return undefined;
    values[part] = value;
  }
  try {
    return fillPresetUrl(preset, values);
  } catch (error) {
    void showError(error);
    return undefined;
  }
}

/** `name`, or `name 2`, `name 3`, … whichever no profile has. */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase()) && !isDefaultProfile(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name} ${n}`.toLowerCase())) return `${name} ${n}`;
}

function readProfilesOrNone() {
  try {
    return readProfiles();
  } catch {
    // A bad profile list is reported when it is used; adding one must still work (the write checks the list).
    return [];
  }
}

function askName(taken: ReadonlySet<string>): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Ask Model: Add Profile (1/3)',
    prompt: 'A name for this server, e.g. "Company proxy" or "Local llama.cpp"',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const name = value.trim();
      if (name === '') return 'Enter a name.';
      if (isDefaultProfile(name)) return `"${DEFAULT_PROFILE_NAME}" is the top-level settings; choose another name.`;
      if (taken.has(name.toLowerCase())) return `A profile named "${name}" exists already.`;
      return undefined;
    },
  });
}

function askUrl(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Ask Model: Add Profile (2/3)',
    prompt: 'The server’s base URL (with or without /v1), e.g. http://localhost:8080',
    placeHolder: 'http://localhost:4000',
    ignoreFocusOut: true,
    validateInput: (value) => {
      try {
        resolveServiceUrls(value.trim());
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : 'Enter an http(s) URL.';
      }
    },
  });
}

function askKey(name: string, keyPage?: string): Thenable<string | undefined> {
  const where = keyPage ? ` Make one at ${keyPage}.` : ' Leave empty for a server without a key.';
  return vscode.window.showInputBox({
    title: 'Ask Model: Add Profile (3/3)',
    prompt: `API key for "${name}" (stored in VS Code's secret storage, sent only to this server).${where}`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (/\s/.test(value.trim()) ? 'A key has no spaces.' : undefined),
  });
}

function displayHost(baseUrl: string): string {
  try {
    return new URL(resolveServiceUrls(baseUrl).chatCompletions).host;
  } catch {
    return baseUrl;
  }
}
