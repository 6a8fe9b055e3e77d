// One schema per setting: package.json's JSON schema for askModel.modelOverrides (and a profile's modelOverrides and
// systemPrompt) is what VS Code checks settings.json against and completes from, and the zod schema is what Ask Model
// reads with. They are compared here, field by field (names, types, ranges, patterns, list lengths), so a field added
// to one and not the other, or a range that differs, fails this test instead of reaching a user as a setting that
// VS Code accepts and Ask Model refuses (or the other way round). Descriptions, examples and defaults are the
// manifest's own and are not compared. Checks that JSON Schema cannot state (zod refinements: a usable fimTemplate, no
// Authorization header, no `model` in a model's extraBody) are Ask Model's alone; the reader's messages name them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { modelOverridesSchema } from '../../../src/core/settings/modelOverrides';
import { profileEntryFieldSchemas } from '../../../src/core/settings/serverProfiles';

type JsonSchema = Record<string, unknown>;

/** The keys that say what a value may be; everything else (descriptions, examples, order, defaults) is for people. */
const STRUCTURAL = ['type', 'properties', 'additionalProperties', 'propertyNames', 'items', 'anyOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern'];

/**
 * `schema` reduced to what it allows, in one spelling: zod's safe-integer bounds (JSON numbers past them are not whole
 * numbers anyway), its `propertyNames: { type: "string" }` (object keys are strings) and `additionalProperties: {}`
 * (the same as `true`) left out.
 */
function structureOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(structureOf);
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = schema as JsonSchema;
  const result: JsonSchema = {};
  for (const key of STRUCTURAL) {
    const value = source[key];
    if (value === undefined) continue;
    if (key === 'properties') result[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, property]) => [name, structureOf(property)]));
    else if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) continue;
    else if (key === 'additionalProperties' && (value === true || (typeof value === 'object' && value !== null && Object.keys(value).length === 0))) result[key] = true;
    else result[key] = structureOf(value);
  }
  if (typeof result['propertyNames'] === 'object' && result['propertyNames'] !== null) {
    const { type: _type, ...names } = result['propertyNames'] as JsonSchema;
    if (Object.keys(names).length === 0) delete result['propertyNames'];
    else result['propertyNames'] = names;
  }
  return result;
}

const fromZod = (schema: z.core.$ZodType): unknown => structureOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }));

interface Manifest {
  contributes: { configuration: { properties: Record<string, JsonSchema> } };
}
const properties = (JSON.parse(readFileSync('package.json', 'utf8')) as Manifest).contributes.configuration.properties;
const profileItem = (properties['askModel.profiles']?.['items'] ?? {}) as { properties: Record<string, JsonSchema> };

describe('package.json’s settings schema matches the zod schema Ask Model reads with', () => {
  it('askModel.modelOverrides', () => {
    assert.deepEqual(structureOf(properties['askModel.modelOverrides']), fromZod(modelOverridesSchema));
  });

  it('a profile’s modelOverrides and systemPrompt', () => {
    for (const [field, schema] of Object.entries(profileEntryFieldSchemas)) {
      assert.deepEqual(structureOf(profileItem.properties[field]), fromZod(schema), field);
    }
  });

  it('the comparison sees a difference in a range, a field or a type', () => {
    const manifest = structuredClone(properties['askModel.modelOverrides']) as { additionalProperties: { properties: Record<string, JsonSchema> } };
    const fields = manifest.additionalProperties.properties;
    const expected = fromZod(modelOverridesSchema);
    const differs = (change: (copy: Record<string, JsonSchema>) => void) => {
      const copy = structuredClone(manifest);
      change(copy.additionalProperties.properties);
      assert.notDeepEqual(structureOf(copy), expected);
    };
    assert.ok(fields['temperature'] && fields['seed'], 'the manifest states temperature and seed');
    differs((copy) => (copy['temperature'] = { ...copy['temperature'], maximum: 1 }));
    differs((copy) => delete copy['seed']);
    differs((copy) => (copy['topK'] = { ...copy['topK'], type: 'number' }));
    differs((copy) => (copy['unknownField'] = { type: 'string' }));
  });
});
