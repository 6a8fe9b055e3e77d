// Every `askModel.*` setting, read through one function so each bad value becomes a SettingsError that names it.
// The host passes VS Code's `getConfiguration('askModel').get`; the tests pass a plain object.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import type { ModelOverrides } from '../catalogue/mergeCatalogue';
import type { EndpointSetting } from '../completions/endpointChooser';
import { readModelOverrides } from './modelOverrides';
import {
  COMPLETION_ENDPOINT_SETTINGS,
  completionEndpointSchema,
  DEFAULT_PROFILE_NAME,
  findProfileEntry,
  isDefaultProfile,
  profileFromEntry,
  readActiveProfileName,
  readProfileEntries,
  SERVER_DEFAULTS,
  type ServerProfile,
  type ServerSettings,
} from './serverProfiles';

export const DEFAULT_SYSTEM_PROMPT =
  'You are a careful senior engineer helping inside VS Code. Answer briefly and exactly. Use Markdown; put code in fenced blocks with a language tag.';

/** The active profile's server settings, and the settings every profile shares. */
export interface ExtensionSettings extends ServerSettings {
  /** The active profile's name ("Default" for the top-level settings). */
  profile: string;
  /** The profile's own system prompt where it states one, else askModel.systemPrompt. */
  systemPrompt: string;
  maxContextCharacters: number;
}

/** Reads one setting by its key below `askModel.` (e.g. `metadata.tags`). */
export type SettingGetter = (key: string) => unknown;

export interface Field<T> {
  key: string;
  schema: z.ZodMiniType<T>;
  fallback: T;
  problem: string;
}

export const field = <T>(key: string, schema: z.ZodMiniType<T>, fallback: T, problem: string): Field<T> => ({ key, schema, fallback, problem });

const FIELDS = {
  baseUrl: field('baseUrl', z.string(), SERVER_DEFAULTS.baseUrl, 'must be a URL such as http://localhost:4000.'),
  model: field('model', z.string(), '', 'must be a model name (text).'),
  stream: field('stream', z.boolean(), SERVER_DEFAULTS.stream, 'must be true or false.'),
  tags: field('metadata.tags', z.array(z.string()), [], 'must be a list of strings, e.g. ["team-a", "vscode"].'),
  generationName: field('metadata.generationName', z.string(), '', 'must be text.'),
  traceUserId: field('metadata.traceUserId', z.string(), '', 'must be text.'),
  extraBody: field('extraBody', z.record(z.string(), z.unknown()), {}, 'must be a JSON object, e.g. { "temperature": 0.2 }.'),
  headers: field('headers', z.record(z.string(), z.string()), {}, 'must be an object of header names to text values.'),
  firstByteSeconds: field('timeouts.firstByteSeconds', z.number().check(z.minimum(0)), SERVER_DEFAULTS.firstByteSeconds, 'must be a number of seconds, 0 or more (0 = no limit).'),
  idleSeconds: field('timeouts.idleSeconds', z.number().check(z.minimum(0)), SERVER_DEFAULTS.idleSeconds, 'must be a number of seconds, 0 or more (0 = no limit).'),
  maxRetries: field('maxRetries', z.int().check(z.minimum(0), z.maximum(10)), SERVER_DEFAULTS.maxRetries, 'must be a whole number from 0 to 10.'),
  systemPrompt: field('systemPrompt', z.string(), DEFAULT_SYSTEM_PROMPT, 'must be text.'),
  completionModel: field('completionModel', z.string(), '', 'must be a model name (text); empty turns completions off.'),
  completionEndpoint: field<EndpointSetting>('completionEndpoint', completionEndpointSchema, 'auto', `must be one of ${COMPLETION_ENDPOINT_SETTINGS.join(', ')}.`),
  commitModel: field('commitModel', z.string(), '', 'must be a model name (text); empty means the chat model (askModel.model).'),
  maxContextCharacters: field('maxContextCharacters', z.int().check(z.minimum(1000)), 60_000, 'must be a whole number of at least 1000.'),
};

/**
 * One setting: its default when unset (a copy, so a caller changing what it got cannot change the default), its value
 * when the schema takes it, else a SettingsError naming `askModel.<key>` and what it must be.
 */
export function readSetting<T>(get: SettingGetter, spec: Field<T>): T {
  const value = get(spec.key);
  if (value === undefined || value === null) return structuredClone(spec.fallback);
  const parsed = spec.schema.safeParse(value);
  if (!parsed.success) throw new SettingsError(`askModel.${spec.key}`, spec.problem);
  return parsed.data;
}

/** The settings for the active profile (or for `profileName`). */
export function readExtensionSettings(get: SettingGetter, profileName = readActiveProfileName(get)): ExtensionSettings {
  const entry = isDefaultProfile(profileName) ? undefined : findProfileEntry(readProfileEntries(get), profileName);
  const server = entry === undefined ? readDefaultServer(get) : profileFromEntry(entry, readTopLevelOverrides(get));
  const { name, isDefault: _isDefault, ...serverSettings } = server;
  return {
    ...serverSettings,
    profile: name,
    systemPrompt: entry?.systemPrompt ?? readSetting(get, FIELDS.systemPrompt),
    maxContextCharacters: readSetting(get, FIELDS.maxContextCharacters),
  };
}

/** Every profile, the Default one first, in the order the settings list them. */
export function readServerProfiles(get: SettingGetter): ServerProfile[] {
  const topLevel = readTopLevelOverrides(get);
  return [readDefaultServer(get), ...readProfileEntries(get).map((entry) => profileFromEntry(entry, topLevel))];
}

/** `askModel.modelOverrides`: the Default profile's, and under every other profile's own. */
function readTopLevelOverrides(get: SettingGetter): ModelOverrides {
  return readModelOverrides(get('modelOverrides'), 'askModel.modelOverrides');
}

/** The top-level server settings, as the Default profile. */
function readDefaultServer(get: SettingGetter): ServerProfile {
  return {
    name: DEFAULT_PROFILE_NAME,
    isDefault: true,
    baseUrl: readSetting(get, FIELDS.baseUrl).trim(),
    model: readSetting(get, FIELDS.model).trim(),
    stream: readSetting(get, FIELDS.stream),
    metadata: { tags: readSetting(get, FIELDS.tags), generationName: readSetting(get, FIELDS.generationName), traceUserId: readSetting(get, FIELDS.traceUserId) },
    extraBody: readSetting(get, FIELDS.extraBody),
    headers: readSetting(get, FIELDS.headers),
    firstByteTimeoutMs: readSetting(get, FIELDS.firstByteSeconds) * 1000,
    idleTimeoutMs: readSetting(get, FIELDS.idleSeconds) * 1000,
    maxRetries: readSetting(get, FIELDS.maxRetries),
    modelOverrides: readTopLevelOverrides(get),
    completionModel: readSetting(get, FIELDS.completionModel).trim(),
    completionEndpoint: readSetting(get, FIELDS.completionEndpoint),
    commitModel: readSetting(get, FIELDS.commitModel).trim(),
  };
}

