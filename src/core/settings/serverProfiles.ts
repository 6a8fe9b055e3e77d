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
import type { SettingGetter } from './extensionSettings';
import { describeOverrideIssue, mergeModelOverrides, modelOverridesSchema } from './modelOverrides';
import { COMPLETION_ENDPOINTS } from '../completions/completionEndpoints';
import type { EndpointSetting } from '../completions/endpointChooser';

/** The values of `completionEndpoint`, and its schema (one list: the endpoints' own and `auto`). */
export const COMPLETION_ENDPOINT_SETTINGS = ['auto', ...COMPLETION_ENDPOINTS] as const satisfies readonly EndpointSetting[];
export const completionEndpointSchema = z.enum(COMPLETION_ENDPOINT_SETTINGS);

export const DEFAULT_PROFILE_NAME = 'Default';

/** What a profile says about its server; the same fields as the top-level settings. */
export interface ServerSettings {
  baseUrl: string;
  model: string;
  stream: boolean;
  metadata: { tags: string[]; generationName: string; traceUserId: string };
  extraBody: Record<string, unknown>;
  headers: Record<string, string>;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  maxRetries: number;
  /** The user's per-model settings for this server's models, by model id. */
  modelOverrides: ModelOverrides;
  /** The model for inline completions; '' turns them off for this server. */
  completionModel: string;
  /** How to ask this server for completions: `auto` finds out (endpointChooser.ts). */
  completionEndpoint: EndpointSetting;
  /** The model that writes commit messages; '' means the profile's chat model. */
  commitModel: string;
}

export interface ServerProfile extends ServerSettings {
  name: string;
  /** The Default profile: the top-level settings (its key is kept under its URL, as before profiles). */
  isDefault: boolean;
}

export const SERVER_DEFAULTS = {
  baseUrl: 'http://localhost:4000',
  stream: true,
  firstByteSeconds: 120,
  idleSeconds: 60,
  maxRetries: 2,
} as const;

const seconds = z.number().check(z.minimum(0));
const profileSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1)),
  baseUrl: z.string().check(z.trim(), z.minLength(1)),
  model: z.optional(z.string()),
  stream: z.optional(z.boolean()),
  headers: z.optional(z.record(z.string(), z.string())),
  extraBody: z.optional(z.record(z.string(), z.unknown())),
  metadata: z.optional(z.object({ tags: z.optional(z.array(z.string())), generationName: z.optional(z.string()), traceUserId: z.optional(z.string()) })),
  timeouts: z.optional(z.object({ firstByteSeconds: z.optional(seconds), idleSeconds: z.optional(seconds) })),
  maxRetries: z.optional(z.int().check(z.minimum(0), z.maximum(10))),
  modelOverrides: z.optional(modelOverridesSchema),
  completionModel: z.optional(z.string()),
  completionEndpoint: z.optional(completionEndpointSchema),
  commitModel: z.optional(z.string()),
  /** Replaces askModel.systemPrompt while the profile is active ('' sends none). */
  systemPrompt: z.optional(z.string()),
});
/** The JSON schema of each field of a profile that package.json's must match (checked by a unit test). */
export const profileEntryFieldSchemas = { modelOverrides: modelOverridesSchema, systemPrompt: z.string() } as const;
export type ProfileEntry = z.infer<typeof profileSchema>;

/**
 * The profiles `askModel.profiles` adds, checked: each needs a name and a base URL, names are unique (case-blind) and
 * none may be called "Default". A bad entry is an error naming the entry and the field, so the user can fix it.
 */
export function readProfileEntries(get: SettingGetter): ProfileEntry[] {
  const value = get('profiles');
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SettingsError('askModel.profiles', 'must be a list of profiles, e.g. [{ "name": "Local", "baseUrl": "http://localhost:8080" }].');
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
    return parsed.data;
  });
}

/** A profile entry with every unstated field at its default, and the top-level model overrides under its own. */
export function profileFromEntry(entry: ProfileEntry, topLevelOverrides: ModelOverrides = {}): ServerProfile {
  return {
    name: entry.name,
    isDefault: false,
    baseUrl: entry.baseUrl,
    model: (entry.model ?? '').trim(),
    stream: entry.stream ?? SERVER_DEFAULTS.stream,
    metadata: { tags: entry.metadata?.tags ?? [], generationName: entry.metadata?.generationName ?? '', traceUserId: entry.metadata?.traceUserId ?? '' },
    extraBody: entry.extraBody ?? {},
    headers: entry.headers ?? {},
    firstByteTimeoutMs: (entry.timeouts?.firstByteSeconds ?? SERVER_DEFAULTS.firstByteSeconds) * 1000,
    idleTimeoutMs: (entry.timeouts?.idleSeconds ?? SERVER_DEFAULTS.idleSeconds) * 1000,
    maxRetries: entry.maxRetries ?? SERVER_DEFAULTS.maxRetries,
    modelOverrides: mergeModelOverrides(topLevelOverrides, entry.modelOverrides ?? {}),
    completionModel: (entry.completionModel ?? '').trim(),
    completionEndpoint: entry.completionEndpoint ?? 'auto',
    commitModel: (entry.commitModel ?? '').trim(),
  };
}

/** The active profile's name as set ('' or "Default" both mean the top-level settings). */
export function readActiveProfileName(get: SettingGetter): string {
  const value = get('activeProfile');
  if (value === undefined || value === null) return DEFAULT_PROFILE_NAME;
  if (typeof value !== 'string') throw new SettingsError('askModel.activeProfile', 'must be the name of a profile (text).');
  return value.trim() === '' ? DEFAULT_PROFILE_NAME : value.trim();
}

/** The entry named `name` (case-blind), or a SettingsError listing the names there are. */
export function findProfileEntry(entries: readonly ProfileEntry[], name: string): ProfileEntry {
  const found = entries.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const names = [DEFAULT_PROFILE_NAME, ...entries.map((entry) => entry.name)].map((known) => `"${known}"`).join(', ');
  throw new SettingsError('askModel.activeProfile', `names a profile "${name}" that askModel.profiles does not have; the profiles are ${names}.`);
}

export function isDefaultProfile(name: string): boolean {
  return name.toLowerCase() === DEFAULT_PROFILE_NAME.toLowerCase();
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
