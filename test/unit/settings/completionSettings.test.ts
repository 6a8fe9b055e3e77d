// The settings of inline completions: the model and endpoint per profile (empty model = off), the shared
// askModel.completions.* settings with their defaults, the per-model FIM template, and package.json's contributions
// matching what the reader takes (a default in one place and another in the other would be a setting that lies).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { completionsEnabledFor, DEFAULT_COMPLETION_SETTINGS, readCompletionSettings } from '../../../src/core/settings/completionSettings';
import { readExtensionSettings } from '../../../src/core/settings/extensionSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';
import { COMPLETION_ENDPOINT_SETTINGS } from '../../../src/core/settings/serverFields';

const getter = (values: Record<string, unknown>) => (key: string) => values[key];

interface Contributed {
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Contributed>;
  items?: Contributed;
  additionalProperties?: Contributed;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { configuration: { properties: Record<string, Contributed> } } };
const contributed = manifest.contributes.configuration.properties;

describe('completion settings', () => {
  it('the Default profile has no completion model until one is set, and probes the endpoint', () => {
    const settings = readExtensionSettings(getter({}));
    assert.equal(settings.completionModel, '');
    assert.equal(settings.completionEndpoint, 'auto');
    const set = readExtensionSettings(getter({ completionModel: '  qwen2.5-coder:1.5b ', completionEndpoint: 'infill' }));
    assert.equal(set.completionModel, 'qwen2.5-coder:1.5b');
    assert.equal(set.completionEndpoint, 'infill');
  });

  it('a profile states its own completion model and endpoint; none leaks from the Default profile', () => {
    const values = { completionModel: 'default-coder', activeProfile: 'Local', profiles: [{ name: 'Local', baseUrl: 'http://localhost:8080' }] };
    assert.equal(readExtensionSettings(getter(values)).completionModel, '');
    const withModel = { ...values, profiles: [{ name: 'Local', baseUrl: 'http://localhost:8080', completionModel: 'local-coder', completionEndpoint: 'ollama-generate' }] };
    const settings = readExtensionSettings(getter(withModel));
    assert.equal(settings.completionModel, 'local-coder');
    assert.equal(settings.completionEndpoint, 'ollama-generate');
  });

  it('an unknown endpoint is an error naming the setting and the values it takes', () => {
    assert.throws(() => readExtensionSettings(getter({ completionEndpoint: 'v1' })), (error: unknown) => {
      assert.ok(error instanceof SettingsError);
      assert.match(error.message, /askModel\.completionEndpoint/);
      assert.match(error.message, /auto, infill, completions, fim, ollama-generate, chat/);
      return true;
    });
    assert.throws(() => readExtensionSettings(getter({ activeProfile: 'L', profiles: [{ name: 'L', baseUrl: 'http://x', completionEndpoint: 'v1' }] })), /profile "L": completionEndpoint/);
  });

  it('fimTemplate takes a family or a template with both holes, and names the fix otherwise', () => {
    const ok = readExtensionSettings(getter({ modelOverrides: { a: { fimTemplate: 'qwen' }, b: { fimTemplate: '<PRE>{prefix}<SUF>{suffix}<MID>' } } }));
    assert.equal(ok.modelOverrides['a']?.fimTemplate, 'qwen');
    assert.throws(() => readExtensionSettings(getter({ modelOverrides: { c: { fimTemplate: '<PRE>{prefix}<MID>' } } })), /"c"\.fimTemplate must be a model family \(qwen, starcoder, deepseek, codellama, codestral, codegemma\)/);
  });

  it('the shared settings have their defaults, and a bad value names its setting', () => {
    assert.deepEqual(readCompletionSettings(getter({})), DEFAULT_COMPLETION_SETTINGS);
    // A default handed out is a copy: a caller changing it leaves the next read as it was.
    readCompletionSettings(getter({})).enable['typescript'] = false;
    assert.equal(readCompletionSettings(getter({})).enable['typescript'], undefined);
    const read = readCompletionSettings(getter({ 'completions.debounceMs': 0, 'completions.maxTokens': 64, 'completions.enable': { '*': false } }));
    assert.equal(read.debounceMs, 0);
    assert.equal(read.maxTokens, 64);
    assert.deepEqual(read.enable, { '*': false });
    assert.throws(() => readCompletionSettings(getter({ 'completions.debounceMs': -1 })), /askModel\.completions\.debounceMs/);
    assert.throws(() => readCompletionSettings(getter({ 'completions.maxLines': 1.5 })), /askModel\.completions\.maxLines/);
    assert.throws(() => readCompletionSettings(getter({ 'completions.enable': { python: 'yes' } })), /askModel\.completions\.enable/);
  });

  it('a language\'s own entry wins over "*", and with neither completions are on', () => {
    assert.equal(completionsEnabledFor({ '*': true, markdown: false }, 'markdown'), false);
    assert.equal(completionsEnabledFor({ '*': false, python: true }, 'python'), true);
    assert.equal(completionsEnabledFor({ '*': false }, 'go'), false);
    assert.equal(completionsEnabledFor({}, 'go'), true);
  });

  it('package.json contributes each completion setting with the reader\'s default and range', () => {
    for (const [name, value] of Object.entries(DEFAULT_COMPLETION_SETTINGS)) {
      const entry = contributed[`askModel.completions.${name}`];
      assert.ok(entry, `askModel.completions.${name} is contributed`);
      assert.deepEqual(entry.default, value, `askModel.completions.${name}'s default`);
    }
    const ranges: Record<string, [number, number]> = { debounceMs: [0, 5000], maxTokens: [1, 4096], maxLines: [1, 200] };
    for (const [name, [minimum, maximum]] of Object.entries(ranges)) {
      assert.equal(contributed[`askModel.completions.${name}`]?.minimum, minimum);
      assert.equal(contributed[`askModel.completions.${name}`]?.maximum, maximum);
    }
    assert.deepEqual(contributed['askModel.completionEndpoint']?.enum, [...COMPLETION_ENDPOINT_SETTINGS]);
    assert.deepEqual(contributed['askModel.profiles']?.items?.properties?.['completionEndpoint']?.enum, [...COMPLETION_ENDPOINT_SETTINGS]);
    assert.equal(contributed['askModel.completionModel']?.default, '');
    assert.ok(contributed['askModel.profiles']?.items?.properties?.['completionModel']);
    assert.ok(contributed['askModel.modelOverrides']?.additionalProperties?.properties?.['fimTemplate']);
    assert.ok(contributed['askModel.profiles']?.items?.properties?.['modelOverrides']?.additionalProperties?.properties?.['fimTemplate']);
  });
});
