// One schema per setting: package.json's JSON schema for askModel.modelOverrides is what VS Code checks settings.json
// against and completes from, and the zod schema is what Ask Model reads with (every other setting, and a profile's
// whole entry, are compared in settingsManifest.test.ts). They are compared here, field by field (names, types, ranges, patterns, list lengths), so a field added
// to one and not the other, or a range that differs, fails this test instead of reaching a user as a setting that
// VS Code accepts and Ask Model refuses (or the other way round). Descriptions, examples and defaults are the
// manifest's own and are not compared. Checks that JSON Schema cannot state (zod refinements: a usable fimTemplate, no
// Authorization header, no `model` in a model's extraBody) are Ask Model's alone; the reader's messages name them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { modelOverridesSchema } from '../../../src/core/settings/modelOverrides';
import { structureOf, structureOfZod } from '../support/jsonSchemaStructure';

type JsonSchema = Record<string, unknown>;

const fromZod = structureOfZod;

interface Manifest {
  contributes: { configuration: { properties: Record<string, JsonSchema> } };
}
const properties = (JSON.parse(readFileSync('package.json', 'utf8')) as Manifest).contributes.configuration.properties;

describe('package.json’s settings schema matches the zod schema Ask Model reads with', () => {
  it('askModel.modelOverrides', () => {
    assert.deepEqual(structureOf(properties['askModel.modelOverrides']), fromZod(modelOverridesSchema));
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
