// Reads `askModel.*` fresh on every use, so a changed setting applies to the next request without a reload, and writes
// the few settings the commands change (the model, the active profile, a new profile) where the user keeps them.
import * as vscode from 'vscode';
import { isDefaultProfile, readCompletionSettings, readExtensionSettings, readProfileEntries, readServerProfiles, readToolSettings, type CompletionSettings, type ExtensionSettings, type ProfileEntry, type ServerProfile, type ToolSettings } from '../core';

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('askModel');
}

export function readSettings(profile?: string): ExtensionSettings {
  const current = config();
  return readExtensionSettings((key) => current.get(key), ...(profile === undefined ? [] : [profile]));
}

export function readProfiles(): ServerProfile[] {
  const current = config();
  return readServerProfiles((key) => current.get(key));
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
  await updateProfileEntries((entries) => entries.map((entry) => (entry.name.toLowerCase() === profile.toLowerCase() ? { ...entry, [key]: model } : entry)));
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

/** Adds a profile to the user's settings (or replaces one of the same name there). */
export async function addProfile(entry: ProfileEntry): Promise<void> {
  await updateProfileEntries((entries) => [...entries.filter((kept) => kept.name.toLowerCase() !== entry.name.toLowerCase()), entry]);
}

/** Rewrites `askModel.profiles` where it is set (user, workspace or folder), keeping every field the user wrote. */
async function updateProfileEntries(change: (entries: ProfileEntry[]) => ProfileEntry[]): Promise<void> {
  const current = config();
  const target = targetOf('profiles');
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
