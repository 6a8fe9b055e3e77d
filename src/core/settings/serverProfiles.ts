// Server profiles: several named servers, one active. The top-level server settings (`askModel.baseUrl`, `model`,
// `headers`, …) are the first profile, named "Default", so a user who never opens the profile settings sees no change
// and keeps the key stored for that server. `askModel.profiles` adds more, each a plain JSON object in settings.json;
// `askModel.activeProfile` names the one in use. A profile states its own server settings: nothing leaks from the
// Default profile (another server must not receive the company proxy's headers or extra body). Two things are not
// about the server and do reach every profile: the top-level `modelOverrides` (a model's settings follow the model;
// the profile's own entry for it wins field by field) and `systemPrompt` (unless the profile states its own).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import type { ModelOverrides } from '../catalogue/mergeCatalogue';
import { field, readSetting, type SettingGetter } from './settingField';
import { describeOverrideIssue, mergeModelOverrides, modelOverridesSchema } from './modelOverrides';
import { entryGetter, readServerSettings, serverEntryShape, type ServerEntryFields, type ServerSettings } from './serverFields';
import { DEFAULT_PROFILE_NAME } from './defaultProfile';

export { DEFAULT_PROFILE_NAME, isDefaultProfile } from './defaultProfile';


export interface ServerProfile extends ServerSettings {
  name: string;
  /** The Default profile: the top-level settings (its key is kept under its URL, as before profiles). */
  isDefault: boolean;
  /** From a workspace's settings (sharedProfiles.ts): its key is kept per user, apart from any other profile's. */
  shared: boolean;
}

/** `askModel.activeProfile` and `askModel.profiles` as a whole (each entry is checked by profileSchema). */
export const ACTIVE_PROFILE_FIELD = field('activeProfile', z.string(), '', 'must be the name of a profile (text).');
export const PROFILES_FIELD = field<unknown[]>('profiles', z.array(z.unknown()), [], 'must be a list of profiles, e.g. [{ "name": "Local", "baseUrl": "http://localhost:8080" }].');

/**
 * One entry of `askModel.profiles`: the server fields (serverFields.ts), of which a profile must state its base URL,
 * and the profile's name, model overrides and system prompt.
 */
export const profileSchema = z.object({
  ...serverEntryShape(),
  name: z.string().check(z.trim(), z.minLength(1)),
  baseUrl: z.string().check(z.trim(), z.minLength(1)),
  modelOverrides: z.optional(modelOverridesSchema),
  /** Replaces askModel.systemPrompt while the profile is active ('' sends none). */
  systemPrompt: z.optional(z.string()),
});
export type ProfileEntry = Omit<ServerEntryFields, 'baseUrl'> & { name: string; baseUrl: string; modelOverrides?: ModelOverrides; systemPrompt?: string };

/**
 * The profiles `askModel.profiles` adds, checked: each needs a name and a base URL, names are unique (case-blind) and
 * none may be called "Default". A bad entry is an error naming the entry and the field, so the user can fix it.
 */
export function readProfileEntries(get: SettingGetter): ProfileEntry[] {
  const value = readSetting(get, PROFILES_FIELD);
  const seen = new Set<string>([DEFAULT_PROFILE_NAME.toLowerCase()]);
  return value.map((item: unknown, index) => {
    const parsed = profileSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : 'the entry';
      const label = isNamed(item) ? `"${item.name}"` : `number ${index + 1}`;
      if (issue?.path[0] === 'modelOverrides') {
        const overrides = (item as { modelOverrides?: unknown }).modelOverrides;
        throw new SettingsError('askModel.profiles', `profile ${label}: modelOverrides ${describeOverrideIssue({ ...issue, path: issue.path.slice(1) }, overrides)}`);
      }
      throw new SettingsError('askModel.profiles', `profile ${label}: ${where} ${describeIssue(issue?.code)}`);
    }
    const key = parsed.data.name.toLowerCase();
    if (seen.has(key)) {
      throw new SettingsError('askModel.profiles', `profile "${parsed.data.name}": the name is used twice${key === DEFAULT_PROFILE_NAME.toLowerCase() ? ' ("Default" is the top-level settings)' : ''}; give each profile its own name.`);
    }
    seen.add(key);
    // The schema is built from the server fields' table, so its inferred type is looser than the entry it checks.
    return parsed.data as ProfileEntry;
  });
}

/** A profile entry with every unstated field at its default, and the top-level model overrides under its own. */
export function profileFromEntry(entry: ProfileEntry, topLevelOverrides: ModelOverrides = {}, shared = false): ServerProfile {
  return { name: entry.name, isDefault: false, shared, ...readServerSettings(entryGetter(entry), mergeModelOverrides(topLevelOverrides, entry.modelOverrides ?? {})) };
}

/** The active profile's name as set ('' or "Default" both mean the top-level settings). */
export function readActiveProfileName(get: SettingGetter): string {
  const name = readSetting(get, ACTIVE_PROFILE_FIELD).trim();
  return name === '' ? DEFAULT_PROFILE_NAME : name;
}

/** The entry named `name` (case-blind), or a SettingsError listing the names there are. */
export function findProfileEntry(entries: readonly ProfileEntry[], name: string): ProfileEntry {
  const found = entries.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const names = [DEFAULT_PROFILE_NAME, ...entries.map((entry) => entry.name)].map((known) => `"${known}"`).join(', ');
  throw new SettingsError('askModel.activeProfile', `names a profile "${name}" that askModel.profiles does not have; the profiles are ${names}.`);
}

function isNamed(item: unknown): item is { name: string } {
  return typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string' && (item as { name: string }).name.trim() !== '';
}

function describeIssue(code: string | undefined): string {
  if (code === 'invalid_type') return 'is missing or of the wrong type (see the setting’s description for each field).';
  if (code === 'too_small') return 'is empty or below its minimum.';
  if (code === 'too_big') return 'is above its maximum.';
  return 'is not valid.';
}
