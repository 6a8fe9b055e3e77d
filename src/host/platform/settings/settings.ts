// Reads `askModel.*` fresh on every use, so a changed setting applies to the next request without a reload, and writes
// the few settings the commands change (the model, the active profile, a new profile) where the user keeps them.
import * as vscode from 'vscode';
import { isDefaultProfile, readCompletionSettings, refusalReason, refusedSharedField, readExtensionSettings, readProfileEntries, readServerProfiles, readToolSettings, type CompletionSettings, type ExtensionSettings, type ProfileEntry, type ServerProfile, type ToolSettings } from '../../../core';
import { askModelConfiguration as config, settingsLayersNow, type SettingsLayers } from './settingsLayers';

export function readSettings(profile?: string): ExtensionSettings {
  const layers = layersSaid();
  return readExtensionSettings((key) => layers.get(key), profile, layers.shared);
}

export function readProfiles(): ServerProfile[] {
  const layers = layersSaid();
  return readServerProfiles((key) => layers.get(key), layers.shared);
}

/**
 * The layers as the full reader takes them: the Default profile's headers and extra body without a workspace's layer
 * that carries a key, and what was refused said once per reason (settings are read on every request).
 */
function layersSaid(): SettingsLayers {
  const layers = settingsLayersNow();
  for (const refused of layers.refused) sayOnce(refusalReason(refused));
  return {
    ...layers,
    get: (key) => {
      if (key !== 'headers' && key !== 'extraBody') return layers.get(key);
      const inspected = config().inspect<unknown>(key);
      const refused = refusedSharedField(key, { workspace: inspected?.workspaceValue, workspaceFolder: inspected?.workspaceFolderValue });
      if (refused === undefined) return layers.get(key);
      sayOnce(refused);
      return inspected?.globalValue ?? inspected?.defaultValue;
    },
  };
}

const said = new Set<string>();

/** A warning about the settings, once per reason in a session. */
function sayOnce(reason: string): void {
  if (said.has(reason)) return;
  said.add(reason);
  void vscode.window.showWarningMessage(`Ask Model: ${reason}`);
}

/** Settings a workspace must not set: a repository could otherwise allow its own commands. The user's value only. */
const USER_ONLY_KEYS: ReadonlySet<string> = new Set(['tools.commandRules']);

export function readWorkspaceToolSettings(): ToolSettings {
  const current = config();
  return readToolSettings((key) => (USER_ONLY_KEYS.has(key) ? current.inspect(key)?.globalValue : current.get(key)));
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
