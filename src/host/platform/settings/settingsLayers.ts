// The one place the host reads `askModel.*` from VS Code. Every reader goes through it, the full one (settings.ts,
// which checks each value) and the completions' switch read on every keystroke before anything is loaded, so that
// both see the same profiles: `askModel.profiles` from every layer, the user's and the shared ones (core's
// sharedProfiles.ts: a workspace's profile adds to the user's and never carries a key), and the Default profile's
// headers and extra body without a workspace's layer that carries a key. A workspace the user has not trusted shares
// no profile. Loaded at start-up: it reaches core only through core/eager (no zod).
import * as vscode from 'vscode';
import { layerProfiles, refusedSharedField } from '../../../core/eager';

export interface SettingsLayers {
  /** A setting's value as the readers take it (`profiles` layered). */
  get(key: string): unknown;
  /** The lower-case names of the profiles that came from a workspace's settings. */
  shared: ReadonlySet<string>;
  /** Why a layer's value was refused (a shared profile or field that carries a key): a sentence each. */
  refused: string[];
}

export function askModelConfiguration(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('askModel');
}

export function settingsLayersNow(): SettingsLayers {
  const current = askModelConfiguration();
  const trusted = vscode.workspace.isTrusted;
  const profiles = current.inspect<unknown>('profiles');
  const layered = layerProfiles({ user: profiles?.globalValue, workspace: trusted ? profiles?.workspaceValue : undefined, workspaceFolder: trusted ? profiles?.workspaceFolderValue : undefined });
  const refused = layered.refused.map((profile) => profile.reason);
  return {
    shared: layered.shared,
    refused,
    get: (key) => {
      if (key === 'profiles') return layered.entries;
      if (key === 'headers' || key === 'extraBody') {
        const inspected = current.inspect<unknown>(key);
        const refusedField = refusedSharedField(key, { workspace: inspected?.workspaceValue, workspaceFolder: inspected?.workspaceFolderValue });
        if (refusedField !== undefined) {
          refused.push(refusedField);
          return inspected?.globalValue ?? inspected?.defaultValue;
        }
      }
      return current.get(key);
    },
  };
}
