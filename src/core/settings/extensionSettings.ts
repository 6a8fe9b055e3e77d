// Every `askModel.*` setting, read through one function so each bad value becomes a SettingsError that names it.
// The host passes VS Code's `getConfiguration('askModel').get`; the tests pass a plain object.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { ModelOverrides } from '../catalogue/mergeCatalogue';
import { MODEL_OVERRIDES_KEY, readModelOverrides } from './modelOverrides';
import { field, readSetting, type SettingGetter } from './settingField';
import { readServerSettings, type ServerSettings } from './serverFields';
import { DEFAULT_PROFILE_NAME, findProfileEntry, isDefaultProfile, profileFromEntry, readActiveProfileName, readProfileEntries, type ServerProfile } from './serverProfiles';

export const DEFAULT_SYSTEM_PROMPT =
  'You are a careful senior engineer helping inside VS Code. Answer briefly and exactly. Use Markdown; put code in fenced blocks with a language tag.';

/** What the chat adds to the system prompt in Plan mode (askModel.chat.planPrompt). */
export const DEFAULT_PLAN_PROMPT =
  'Plan mode: do not change anything. You may only read the workspace (read, list and search files, read diagnostics). Work out what has to be done, then answer with the plan as a Markdown checklist (`- [ ] step`), one step per change, each naming the files it touches and how to check it. End with the risks and open questions, if any.';

/** The active profile's server settings, and the settings every profile shares. */
export interface ExtensionSettings extends ServerSettings {
  /** The active profile's name ("Default" for the top-level settings). */
  profile: string;
  /** The active profile comes from a workspace's settings (sharedProfiles.ts). */
  profileShared: boolean;
  /** The profile's own system prompt where it states one, else askModel.systemPrompt. */
  systemPrompt: string;
  /** askModel.chat.planPrompt: added to the system prompt in the chat's Plan mode. */
  planPrompt: string;
  maxContextCharacters: number;
}

/** The settings every profile shares (a profile may state its own systemPrompt). */
export const SHARED_FIELDS = {
  systemPrompt: field('systemPrompt', z.string(), DEFAULT_SYSTEM_PROMPT, 'must be text.'),
  planPrompt: field('chat.planPrompt', z.string(), DEFAULT_PLAN_PROMPT, 'must be text.'),
  maxContextCharacters: field('maxContextCharacters', z.int().check(z.minimum(1000)), 60_000, 'must be a whole number of at least 1000.'),
};

/**
 * The settings for the active profile (or for `profileName`). `shared`: the lower-case names of the profiles that come
 * from a workspace's settings (layerProfiles).
 */
export function readExtensionSettings(get: SettingGetter, profileName = readActiveProfileName(get), shared: ReadonlySet<string> = new Set()): ExtensionSettings {
  const entry = isDefaultProfile(profileName) ? undefined : findProfileEntry(readProfileEntries(get), profileName);
  const server = entry === undefined ? readDefaultServer(get) : profileFromEntry(entry, readTopLevelOverrides(get), shared.has(entry.name.toLowerCase()));
  const { name, isDefault: _isDefault, shared: profileShared, ...serverSettings } = server;
  return {
    ...serverSettings,
    profile: name,
    profileShared,
    systemPrompt: entry?.systemPrompt ?? readSetting(get, SHARED_FIELDS.systemPrompt),
    planPrompt: readSetting(get, SHARED_FIELDS.planPrompt),
    maxContextCharacters: readSetting(get, SHARED_FIELDS.maxContextCharacters),
  };
}

/** Every profile, the Default one first, in the order the settings list them (`shared` as for readExtensionSettings). */
export function readServerProfiles(get: SettingGetter, shared: ReadonlySet<string> = new Set()): ServerProfile[] {
  const topLevel = readTopLevelOverrides(get);
  return [readDefaultServer(get), ...readProfileEntries(get).map((entry) => profileFromEntry(entry, topLevel, shared.has(entry.name.toLowerCase())))];
}

/** `askModel.modelOverrides`: the Default profile's, and under every other profile's own. */
function readTopLevelOverrides(get: SettingGetter): ModelOverrides {
  return readModelOverrides(get(MODEL_OVERRIDES_KEY), `askModel.${MODEL_OVERRIDES_KEY}`);
}

/** The top-level server settings, as the Default profile. */
function readDefaultServer(get: SettingGetter): ServerProfile {
  return { name: DEFAULT_PROFILE_NAME, isDefault: true, shared: false, ...readServerSettings(get, readTopLevelOverrides(get)) };
}
