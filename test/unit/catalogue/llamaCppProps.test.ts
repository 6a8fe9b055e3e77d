import assert from 'node:assert/strict';
import { parseLlamaCppProps } from '../../../src/core';
import { compareWithExpected, loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';

const fixtures = loadDiscoveryFixtures('llamacpp-props');
const propsBody = (): Record<string, unknown> => JSON.parse(fixtures[0]?.bodyText ?? '{}');

describe('parseLlamaCppProps (GET /props)', () => {
  for (const recorded of fixtures) {
    it(`${recorded.name}: the model and the facts the body states`, () => {
      assert.deepEqual(compareWithExpected(recorded, parseLlamaCppProps(JSON.parse(recorded.bodyText))), []);
    });
  }

  it("the slot's n_ctx is the window the server will accept; modalities.vision what it will take", () => {
    const [model] = parseLlamaCppProps(propsBody());
    assert.deepEqual(model?.sources, {
      contextWindow: { endpoint: 'GET /props', field: 'default_generation_settings.n_ctx', basis: 'serving' },
      supportsVision: { endpoint: 'GET /props', field: 'modalities.vision', basis: 'serving' },
    });
  });

  it('names the model as asked (/props?model=), else by its alias, else by its path', () => {
    assert.equal(parseLlamaCppProps(propsBody(), 'qwen')[0]?.id, 'qwen');
    assert.equal(parseLlamaCppProps({ ...propsBody(), model_alias: 'llama-8b' })[0]?.id, 'llama-8b');
    assert.equal(parseLlamaCppProps(propsBody())[0]?.id, '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf');
  });

  it("a router's placeholder n_ctx 0 is no window, and a body naming no model gives no model", () => {
    const settings = propsBody()['default_generation_settings'] as Record<string, unknown>;
    assert.equal(parseLlamaCppProps({ ...propsBody(), default_generation_settings: { ...settings, n_ctx: 0 } })[0]?.contextWindow, undefined);
    assert.deepEqual(parseLlamaCppProps({ ...propsBody(), model_path: undefined }), []);
    assert.deepEqual(parseLlamaCppProps('Not Found'), []);
  });
});
