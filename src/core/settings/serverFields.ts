// The settings that say how to reach and use one server, declared once: the top-level `askModel.baseUrl`, `model`,
// `timeouts.idleSeconds`, … (the Default profile) and each entry of `askModel.profiles` have the same fields, so both
// are read from this one table: its schema, default and problem text per field. A dotted setting is a nested object in
// a profile entry (`askModel.timeouts.idleSeconds` is `"timeouts": { "idleSeconds": … }`), as the table nests it. What
// the code reads of a server (ServerSettings) is made from the table too, one entry per field (AS_SETTINGS).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import type { ModelOverrides } from '../catalogue/mergeCatalogue';
import { COMPLETION_ENDPOINTS, type EndpointSetting } from './completionEndpointSetting';
import { readSetting, type Field, type SettingGetter } from './settingField';
import { HEADER_NAME } from '../http/headerName';

/** The values of `completionEndpoint`, and its schema (one list: the endpoints' own and `auto`). */
export const COMPLETION_ENDPOINT_SETTINGS = ['auto', ...COMPLETION_ENDPOINTS] as const satisfies readonly EndpointSetting[];
export const completionEndpointSchema = z.enum(COMPLETION_ENDPOINT_SETTINGS);

/** A field before its key is known: the key is its path in the table. */
interface FieldSpec<T> {
  schema: z.ZodMiniType<T>;
  fallback: T;
  problem: string;
}
interface FieldTable {
  [name: string]: FieldSpec<unknown> | FieldTable;
}
const spec = <T>(schema: z.ZodMiniType<T>, fallback: T, problem: string): FieldSpec<T> => ({ schema, fallback, problem });
const isSpec = (node: FieldSpec<unknown> | FieldTable): node is FieldSpec<unknown> => 'schema' in node && 'problem' in node;

const seconds = 'must be a number of seconds, 0 or more (0 = no limit).';
const SERVER_FIELDS = {
  baseUrl: spec(z.string(), 'http://localhost:4000', 'must be a URL such as http://localhost:4000.'),
  model: spec(z.string(), '', 'must be a model name (text).'),
  stream: spec(z.boolean(), true, 'must be true or false.'),
  metadata: {
    tags: spec(z.array(z.string()), [], 'must be a list of strings, e.g. ["team-a", "vscode"].'),
    generationName: spec(z.string(), '', 'must be text.'),
    traceUserId: spec(z.string(), '', 'must be text.'),
  },
  extraBody: spec(z.record(z.string(), z.unknown()), {}, 'must be a JSON object, e.g. { "temperature": 0.2 }.'),
  headers: spec(z.record(z.string(), z.string()), {}, 'must be an object of header names to text values.'),
  apiKeyHeader: spec(z.string().check(z.regex(HEADER_NAME)), 'Authorization', 'must be a header name, e.g. Authorization (the key as Bearer) or api-key (the key alone).'),
  timeouts: {
    firstByteSeconds: spec(z.number().check(z.minimum(0)), 120, seconds),
    idleSeconds: spec(z.number().check(z.minimum(0)), 60, seconds),
  },
  maxRetries: spec(z.int().check(z.minimum(0), z.maximum(10)), 2, 'must be a whole number from 0 to 10.'),
  completionModel: spec(z.string(), '', 'must be a model name (text); empty turns completions off.'),
  completionEndpoint: spec<EndpointSetting>(completionEndpointSchema, 'auto', `must be one of ${COMPLETION_ENDPOINT_SETTINGS.join(', ')}.`),
  commitModel: spec(z.string(), '', 'must be a model name (text); empty means the chat model (askModel.model).'),
} satisfies FieldTable;

type Values<Table> = { [Name in keyof Table]: Table[Name] extends FieldSpec<infer T> ? T : Values<Table[Name]> };
type Optional<Table> = { [Name in keyof Table]?: Table[Name] extends FieldSpec<infer T> ? T : Optional<Table[Name]> };

/** The server fields as written in a profile entry: each may be left out. */
export type ServerEntryFields = Optional<typeof SERVER_FIELDS>;
type ServerValues = Values<typeof SERVER_FIELDS>;

/**
 * How each field of the table becomes what the code reads: most as written (a name trimmed of stray spaces), the time
 * limits in milliseconds under names that say so. ServerSettings is what these give, so a field added to the table
 * without its entry here fails to compile.
 */
const AS_SETTINGS = {
  baseUrl: (baseUrl) => ({ baseUrl: baseUrl.trim() }),
  model: (model) => ({ model: model.trim() }),
  stream: (stream) => ({ stream }),
  metadata: (metadata) => ({ metadata }),
  extraBody: (extraBody) => ({ extraBody }),
  headers: (headers) => ({ headers }),
  apiKeyHeader: (apiKeyHeader) => ({
    /** The header the API key goes in: `Authorization` sends `Bearer <key>`; another name (Azure's `api-key`) the key alone. */
    apiKeyHeader,
  }),
  timeouts: (timeouts) => ({ firstByteTimeoutMs: timeouts.firstByteSeconds * 1000, idleTimeoutMs: timeouts.idleSeconds * 1000 }),
  maxRetries: (maxRetries) => ({ maxRetries }),
  completionModel: (completionModel) => ({
    /** The model for inline completions; '' turns them off for this server. */
    completionModel: completionModel.trim(),
  }),
  completionEndpoint: (completionEndpoint) => ({
    /** How to ask this server for completions: `auto` finds out (endpointChooser.ts). */
    completionEndpoint,
  }),
  commitModel: (commitModel) => ({
    /** The model that writes commit messages; '' means the profile's chat model. */
    commitModel: commitModel.trim(),
  }),
} satisfies { [Name in keyof ServerValues]: (value: ServerValues[Name]) => object };

type AsSettings = typeof AS_SETTINGS;
type SettingsOfEachField = { [Name in keyof AsSettings]: ReturnType<AsSettings[Name]> }[keyof AsSettings];
/** One object type with the properties of every member of a union of object types. */
type AllPropertiesOf<Union> = (Union extends unknown ? (part: Union) => void : never) extends (all: infer All) => void ? { [Key in keyof All]: All[Key] } : never;

/** What a profile says about its server (the same fields as the top-level settings), as the code reads it. */
export type ServerSettings = AllPropertiesOf<
  | SettingsOfEachField
  | {
      /** The user's per-model settings for this server's models, by model id: the top-level ones under the profile's (modelOverrides.ts). */
      modelOverrides: ModelOverrides;
    }
>;

/** Every server field with its key below `askModel.` (package.json's are checked against these). */
export function serverFields(): Field<unknown>[] {
  const walk = (table: FieldTable, prefix: string): Field<unknown>[] =>
    Object.entries(table).flatMap(([name, node]) => (isSpec(node) ? [{ key: `${prefix}${name}`, ...node }] : walk(node, `${prefix}${name}.`)));
  return walk(SERVER_FIELDS, '');
}

/**
 * The schema of the server fields in a profile entry: each optional, nested as in the table (a key the table does not
 * have is dropped, as package.json's `additionalProperties: false` tells VS Code's settings editor).
 */
export function serverEntryShape(): Record<string, z.ZodMiniType> {
  const shape = (table: FieldTable): Record<string, z.ZodMiniType> =>
    Object.fromEntries(Object.entries(table).map(([name, node]) => [name, z.optional(isSpec(node) ? node.schema : z.object(shape(node)))]));
  return shape(SERVER_FIELDS);
}

/**
 * A server's settings read through `get` (the top-level settings, or a checked profile entry by path): each field at
 * its value or default, a bad one a SettingsError naming it.
 */
export function readServerSettings(get: SettingGetter, modelOverrides: ModelOverrides): ServerSettings {
  const read = (table: FieldTable, prefix: string): Record<string, unknown> =>
    Object.fromEntries(Object.entries(table).map(([name, node]) => [name, isSpec(node) ? readSetting(get, { key: `${prefix}${name}`, ...node }) : read(node, `${prefix}${name}.`)]));
  const values = read(SERVER_FIELDS, '') as ServerValues;
  // Each field through its own entry; AS_SETTINGS' type has checked that each entry takes its field's value.
  const settings = (Object.keys(AS_SETTINGS) as (keyof AsSettings)[]).map((name) => (AS_SETTINGS[name] as (value: unknown) => object)(values[name]));
  return Object.assign({ modelOverrides }, ...settings) as ServerSettings;
}

/** A getter over a parsed profile entry: `timeouts.idleSeconds` is `entry.timeouts?.idleSeconds`. */
export function entryGetter(entry: object): SettingGetter {
  return (key) => key.split('.').reduce<unknown>((node, name) => (typeof node === 'object' && node !== null && Object.hasOwn(node, name) ? (node as Record<string, unknown>)[name] : undefined), entry);
}
