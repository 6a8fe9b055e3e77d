// Reads `askModel.*` fresh on every use, so a changed setting applies to the next request without a reload, and writes
// the few settings the commands change (the model, the active profile, a new profile) where the user keeps them.
import * as vscode from 'vscode';
import { isDefaultProfile, layerProfiles, readCompletionSettings, readExtensionSettings, readProfileEntries, readServerProfiles, readToolSettings, refusedSharedField, type CompletionSettings, type ExtensionSettings, type ProfileEntry, type ServerProfile, type ToolSettings } from '../../../core';

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('askModel');
}

export function readSettings(profile?: string): ExtensionSettings {
  const { get, shared } = serverSettingsNow();
  return readExtensionSettings(get, profile, shared);
}

export function readProfiles(): ServerProfile[] {
  const { get, shared } = serverSettingsNow();
  return readServerProfiles(get, shared);
}

/**
 * The settings as the server profiles read them: `askModel.profiles` from every layer, the user's and the shared ones
 * (sharedProfiles.ts: a workspace's profile adds to the user's and never carries a key), and the Default profile's
 * headers and extra body without a workspace's layer that carries a key. What is refused is said once per reason.
 * A workspace the user has not trusted shares no profile.
 */
function serverSettingsNow(): { get: (key: string) => unknown; shared: ReadonlySet<string> } {
  const current = config();
  const trusted = vscode.workspace.isTrusted;
  const profiles = current.inspect<unknown>('profiles');
  const layered = layerProfiles({ user: profiles?.globalValue, workspace: trusted ? profiles?.workspaceValue : undefined, workspaceFolder: trusted ? profiles?.workspaceFolderValue : undefined });
  for (const refused of layered.refused) sayOnce(refused.reason);
  return {
    shared: layered.shared,
    get: (key) => {
      if (key === 'profiles') return layered.entries;
      if (key === 'headers' || key === 'extraBody') {
        const inspected = current.inspect<unknown>(key);
        const refused = refusedSharedField(key, { workspace: inspected?.workspaceValue, workspaceFolder: inspected?.workspaceFolderValue });
        if (refused !== undefined) {
          sayOnce(refused);
          return inspected?.globalValue ?? inspected?.defaultValue;
        }
      }
      return current.get(key);
    },
  };
}

const said = new Set<string>();

/** A warning about the settings, once per reason in a session (settings are read on every request). */
function sayOnce(reason: string): void {
  if (said.has(reason)) return;
  said.add(reason);
  void vscode.window.showWarningMessage(`Ask Model: ${reason}`);
}

export function readWorkspaceToolSettings(): ToolSettings {
  const current = config();
  return readToolSettings((key) => current.get(key));
}

/**
 * The model for the active profile: `askModel.model` for Default, the profile's own `model` otherwise; with
 * `completionModel`, the model for inline completions, kept the same way.
 */
export async function updateModelSetting(model: string, key: 'model' | 'completionModel' = 'model'): Promise<void> {
  const { profile } = readSettings();
  if (isDefaultProfile(profile)) {
    await config().update(key, model, targetOf(key));
    return;
  }
  await updateProfileNamed(profile, (entry) => ({ ...entry, [key]: model }));
}

export function readCompletionSettingsNow(): CompletionSettings {
  const current = config();
  return readCompletionSettings((key) => current.get(key));
}

/** Turns ghost text on or off for `languageId` (`*`: everywhere), in the user's settings. */
export async function setCompletionsEnabled(languageId: string, enabled: boolean): Promise<void> {
  const current = config();
  const inspected = current.inspect<Record<string, boolean>>('completions.enable');
  const target = targetOf('completions.enable');
  const stored = target === vscode.ConfigurationTarget.WorkspaceFolder ? inspected?.workspaceFolderValue : target === vscode.ConfigurationTarget.Workspace ? inspected?.workspaceValue : inspected?.globalValue;
  const base = stored ?? inspected?.defaultValue ?? {};
  // Turning everything on or off clears the per-language entries, as the person means all of them.
  const next = languageId === '*' ? { '*': enabled } : { ...base, [languageId]: enabled };
  await current.update('completions.enable', next, target);
}

export async function setActiveProfile(name: string): Promise<void> {
  await config().update('activeProfile', isDefaultProfile(name) ? undefined : name, targetOf('activeProfile'));
}

/** Adds a profile to the user's settings (or replaces one of the same name there): a new profile is the user's own. */
export async function addProfile(entry: ProfileEntry): Promise<void> {
  await updateProfileEntries(vscode.ConfigurationTarget.Global, (entries) => [...entries.filter((kept) => kept.name.toLowerCase() !== entry.name.toLowerCase()), entry]);
}

/** Changes the profile named `name` where it is declared: the user's own, else the folder's or the workspace's shared one. */
async function updateProfileNamed(name: string, change: (entry: ProfileEntry) => ProfileEntry): Promise<void> {
  const inspected = config().inspect<unknown[]>('profiles');
  const holds = (list: unknown[] | undefined) => Array.isArray(list) && list.some((entry) => (entry as { name?: unknown })?.name?.toString().trim().toLowerCase() === name.toLowerCase());
  const target = holds(inspected?.globalValue) ? vscode.ConfigurationTarget.Global : holds(inspected?.workspaceFolderValue) ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace;
  await updateProfileEntries(target, (entries) => entries.map((entry) => (entry.name.toLowerCase() === name.toLowerCase() ? change(entry) : entry)));
}

/** Rewrites `askModel.profiles` in one layer (user, workspace or folder), keeping every field written there. */
async function updateProfileEntries(target: vscode.ConfigurationTarget, change: (entries: ProfileEntry[]) => ProfileEntry[]): Promise<void> {
  const current = config();
  const inspected = current.inspect<unknown[]>('profiles');
  const stored = target === vscode.ConfigurationTarget.WorkspaceFolder ? inspected?.workspaceFolderValue : target === vscode.ConfigurationTarget.Workspace ? inspected?.workspaceValue : inspected?.globalValue;
  // Checked as a whole first (a bad list is the user's to fix, with the message that says how), then changed as written.
  readProfileEntries((key) => (key === 'profiles' ? stored : undefined));
  await current.update('profiles', change((stored ?? []) as ProfileEntry[]), target);
}

/** Where a setting's value comes from, so a workspace override is not shadowed by a new user value. */
function targetOf(key: string): vscode.ConfigurationTarget {
  const inspected = config().inspect(key);
  if (inspected?.workspaceFolderValue !== undefined) return vscode.ConfigurationTarget.WorkspaceFolder;
  if (inspected?.workspaceValue !== undefined) return vscode.ConfigurationTarget.Workspace;
  return vscode.ConfigurationTarget.Global;
}
