// One schema per setting: every `askModel.*` setting Ask Model reads is declared once in core (key, zod schema,
// default, problem text), and package.json's contributes.configuration is what VS Code validates settings.json
// against, completes from and shows in the Settings editor. This test walks package.json and fails when a setting is
// on one side only, or when its type, default, enum, minimum or maximum differs from the declaration, so a range or
// default typed twice cannot drift apart. A profile entry is compared whole
// (askModel.modelOverrides is, in modelOverridesManifest.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { PROJECT_RULES_FIELD } from '../../../src/core/rules/projectRulesSetting';
import { COMPLETION_FIELDS } from '../../../src/core/settings/completionSettings';
import { SHARED_FIELDS } from '../../../src/core/settings/extensionSettings';
import { MODEL_OVERRIDES_KEY, modelOverridesSchema, readModelOverrides } from '../../../src/core/settings/modelOverrides';
import type { Field } from '../../../src/core/settings/settingField';
import { serverFields } from '../../../src/core/settings/serverFields';
import { ACTIVE_PROFILE_FIELD, PROFILES_FIELD, profileSchema } from '../../../src/core/settings/serverProfiles';
import { toolSettingFields } from '../../../src/core/tools/toolSettings';
import { structureOf, structureOfZod } from '../support/jsonSchemaStructure';

type JsonSchema = Record<string, unknown>;
type Declared = Pick<Field<unknown>, 'key' | 'schema' | 'fallback'>;

/** Every setting as core declares it. */
function declaredSettings(): Declared[] {
  return [
    ...serverFields(),
    ...Object.values(SHARED_FIELDS),
    ...Object.values(COMPLETION_FIELDS),
    ...Object.values(toolSettingFields()),
    PROJECT_RULES_FIELD,
    ACTIVE_PROFILE_FIELD,
    PROFILES_FIELD,
    // Read by its own reader (its problem text names the model and field); its default is what that reader gives.
    { key: MODEL_OVERRIDES_KEY, schema: modelOverridesSchema, fallback: readModelOverrides(undefined, 'askModel.modelOverrides') },
  ] as Declared[];
}

interface Manifest {
  contributes: { configuration: { properties: Record<string, JsonSchema> } };
}
const manifestSettings = (JSON.parse(readFileSync('package.json', 'utf8')) as Manifest).contributes.configuration.properties;

/** What the test compares of one setting: its type, enum and range (from structureOf) and its default. */
function contractOf(schema: unknown, fallback: unknown): JsonSchema {
  const structure = structureOf(schema) as JsonSchema;
  const picked: JsonSchema = { default: fallback };
  for (const key of ['type', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) if (structure[key] !== undefined) picked[key] = structure[key];
  return picked;
}

const jsonSchemaOf = (schema: z.core.$ZodType): unknown => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });

/** The differences between package.json's settings and the declared ones, one line each (none: they agree). */
function differences(manifest: Record<string, JsonSchema>, declared: readonly Declared[]): string[] {
  const found: string[] = [];
  const byName = new Map(declared.map((setting) => [`askModel.${setting.key}`, setting]));
  if (byName.size !== declared.length) found.push('a key is declared twice in core');
  for (const name of Object.keys(manifest)) if (!byName.has(name)) found.push(`${name} is in package.json but Ask Model declares no schema for it`);
  for (const [name, setting] of byName) {
    const contributed = manifest[name];
    if (contributed === undefined) {
      found.push(`${name} is declared in core but package.json does not contribute it`);
      continue;
    }
    const fromManifest = contractOf(contributed, contributed['default']);
    const fromCore = contractOf(jsonSchemaOf(setting.schema), setting.fallback);
    try {
      assert.deepStrictEqual(fromManifest, fromCore);
    } catch {
      found.push(`${name}: package.json says ${JSON.stringify(fromManifest)}, core says ${JSON.stringify(fromCore)}`);
    }
  }
  return found;
}

describe('package.json’s settings match the one declaration of each in core', () => {
  it('every askModel.* setting: on both sides, with the same type, default, enum and range', () => {
    assert.deepEqual(differences(manifestSettings, declaredSettings()), []);
  });

  it('a profile entry: package.json’s items schema is the zod schema that reads it, field by field', () => {
    assert.deepEqual(structureOf(manifestSettings['askModel.profiles']?.['items']), structureOfZod(profileSchema));
  });

  it('sees a setting on one side only, and a type, default, enum or range that differs', () => {
    const changed = (change: (copy: Record<string, JsonSchema>) => void): string[] => {
      const copy = structuredClone(manifestSettings);
      change(copy);
      return differences(copy, declaredSettings());
    };
    const one = (problems: string[], pattern: RegExp) => {
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0] ?? '', pattern);
    };
    one(changed((copy) => delete copy['askModel.timeouts.idleSeconds']), /askModel\.timeouts\.idleSeconds is declared in core but package\.json does not/);
    one(changed((copy) => (copy['askModel.unknownSetting'] = { type: 'string', default: '' })), /askModel\.unknownSetting is in package\.json but/);
    one(changed((copy) => (copy['askModel.maxRetries'] = { ...copy['askModel.maxRetries'], maximum: 5 })), /askModel\.maxRetries:/);
    one(changed((copy) => (copy['askModel.completions.debounceMs'] = { ...copy['askModel.completions.debounceMs'], minimum: 10 })), /debounceMs/);
    one(changed((copy) => (copy['askModel.timeouts.firstByteSeconds'] = { ...copy['askModel.timeouts.firstByteSeconds'], default: 90 })), /firstByteSeconds/);
    one(changed((copy) => (copy['askModel.maxContextCharacters'] = { ...copy['askModel.maxContextCharacters'], type: 'number' })), /maxContextCharacters/);
    one(changed((copy) => (copy['askModel.completionEndpoint'] = { ...copy['askModel.completionEndpoint'], enum: ['auto', 'chat'] })), /completionEndpoint/);
    one(changed((copy) => (copy['askModel.projectRules'] = { ...copy['askModel.projectRules'], type: 'boolean' })), /projectRules/);
    one(changed((copy) => (copy['askModel.tools.denyGlobs'] = { ...copy['askModel.tools.denyGlobs'], default: [] })), /denyGlobs/);
  });

  it('sees a profile field that differs or is missing', () => {
    const expected = structureOfZod(profileSchema);
    const item = manifestSettings['askModel.profiles']?.['items'] as { properties: Record<string, JsonSchema> };
    const differs = (change: (properties: Record<string, JsonSchema>) => void) => {
      const copy = structuredClone(item);
      change(copy.properties);
      assert.notDeepEqual(structureOf(copy), expected);
    };
    differs((properties) => delete properties['commitModel']);
    differs((properties) => (properties['maxRetries'] = { ...properties['maxRetries'], maximum: 3 }));
    differs((properties) => (properties['timeouts'] = { type: 'object' }));
  });
});
