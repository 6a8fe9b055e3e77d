// "Select Profile" and "Add Profile". A profile is a named server (settings.json, `askModel.profiles`); the Default
// profile is the top-level settings. Adding one asks for a name, the URL and the key, stores the key in SecretStorage
// (never in settings), makes the profile active and tests the connection, so a mistake shows at once.
import * as vscode from 'vscode';
import { DEFAULT_PROFILE_NAME, isDefaultProfile, resolveServiceUrls } from '../../core';
import type { ApiKeyStore } from '../apiKeyStore';
import type { ClientFactory } from '../clientFactory';
import type { Log } from '../log';
import { addProfile as writeProfile, readProfiles, readSettings, setActiveProfile } from '../settings';
import { showError } from '../showError';
import { testConnection, type ConnectionReport } from './testConnection';

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
          description: `${profile.model || 'no model'} · ${displayHost(profile.baseUrl)}${profile.name === active ? ' · active' : ''}`,
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
  /** Default true: test the connection once the profile is active. */
  test?: boolean;
}

export interface AddedProfile {
  name: string;
  test: ConnectionReport | undefined;
}

export async function addProfile(keys: ApiKeyStore, factory: ClientFactory, log: Log, args: AddProfileArgs = {}): Promise<AddedProfile | undefined> {
  const taken = new Set(readProfilesOrNone().map((profile) => profile.name.toLowerCase()));
  const name = (args.name ?? (await askName(taken)))?.trim();
  if (!name) return undefined;
  if (taken.has(name.toLowerCase())) {
    void vscode.window.showWarningMessage(`Ask Model: a profile named "${name}" exists already; choose another name.`);
    return undefined;
  }
  const baseUrl = (args.baseUrl ?? (await askUrl()))?.trim();
  if (!baseUrl) return undefined;
  const apiKey = args.apiKey ?? (await askKey(name));
  if (apiKey === undefined) return undefined;
  try {
    await writeProfile({ name, baseUrl, ...(args.model ? { model: args.model } : {}) });
    if (apiKey.trim() !== '') await keys.set({ profile: name, baseUrl }, apiKey);
    await setActiveProfile(name);
  } catch (error) {
    void showError(error);
    return undefined;
  }
  log.info(`profiles: added "${name}" (${displayHost(baseUrl)}) and made it active`);
  const test = args.test === false ? undefined : await testConnection(factory, log);
  return { name, test };
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

function askKey(name: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Ask Model: Add Profile (3/3)',
    prompt: `API key for "${name}" (stored in VS Code's secret storage, sent only to this server). Leave empty for a server without a key.`,
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
