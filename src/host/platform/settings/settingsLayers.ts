// The one place the host reads `askModel.*` from VS Code. Every reader goes through it, the full one (settings.ts,
// which checks each value and refuses what a workspace may not share) and the quick ones read before anything is
// loaded (the completions' switch on every keystroke, the model's status bar), so that all see the same profiles:
// `askModel.profiles` from every layer, the user's and the shared ones (core's sharedProfiles.ts: a workspace's
// profile adds to the user's and never carries a key). A workspace the user has not trusted shares no profile. Loaded
// at start-up: it reaches core only through core/eager (no zod).
import * as vscode from 'vscode';
import { layerProfiles, type RefusedProfile } from '../../../core/eager';

export interface SettingsLayers {
  /** A setting's value as VS Code gives it, but `profiles`, which is layered. */
  get(key: string): unknown;
  /** The lower-case names of the profiles that came from a workspace's settings. */
  shared: ReadonlySet<string>;
  /** The shared profiles that are not used, and why. */
  refused: readonly RefusedProfile[];
}

export function askModelConfiguration(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('askModel');
}

export function settingsLayersNow(): SettingsLayers {
  const current = askModelConfiguration();
  const trusted = vscode.workspace.isTrusted;
  const profiles = current.inspect<unknown>('profiles');
  const layered = layerProfiles({ user: profiles?.globalValue, workspace: trusted ? profiles?.workspaceValue : undefined, workspaceFolder: trusted ? profiles?.workspaceFolderValue : undefined });
  return {
    shared: layered.shared,
    refused: layered.refused,
    get: (key) => (key === 'profiles' ? layered.entries : current.get(key)),
  };
}
