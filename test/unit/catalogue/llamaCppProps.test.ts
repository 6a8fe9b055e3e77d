import assert from 'node:assert/strict';
import { parseLlamaCppProps } from '../../../src/core/catalogue/llamaCppProps';
import { loadedRouterModels, routerPropsUrl } from '../../../src/core/catalogue/llamaCppRouter';
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

describe('loadedRouterModels (a llama.cpp router\'s model list)', () => {
  const routerReadme = (): unknown => JSON.parse(loadDiscoveryFixtures('openai-models').find((fixture) => fixture.name.endsWith('llama.cpp-router-readme-example'))?.bodyText ?? '{}');
  const oneModelReadme = (): unknown => JSON.parse(loadDiscoveryFixtures('openai-models').find((fixture) => fixture.name.endsWith('/llama.cpp-readme-example'))?.bodyText ?? '{}');

  it('a router lists a status for each model: the documented unloaded one is not loaded, so none is asked about', () => {
    assert.deepEqual(loadedRouterModels(routerReadme()), []);
  });

  it('only the models whose status is "loaded", in the list\'s order; loading, sleeping and failed ones are not', () => {
    // The status objects are the README's own (section "GET /models"); the ids are ours.
    const list = {
      object: 'list',
      data: [
        { id: 'a', status: { value: 'unloaded', args: ['llama-server', '-ctx', '4096'], failed: true, exit_code: 1 } },
        { id: 'b', status: { value: 'loaded', args: ['llama-server', '-ctx', '4096'] } },
        { id: 'c', status: { value: 'loading', args: ['llama-server', '-ctx', '4096'] } },
        { id: 'd', status: { value: 'sleeping', args: ['llama-server', '-ctx', '4096'] } },
        { id: 'e', status: { value: 'loaded', args: ['llama-server', '-ctx', '4096'] } },
      ],
    };
    assert.deepEqual(loadedRouterModels(list), ['b', 'e']);
  });

  it('any other model list (a one-model llama.cpp, vLLM, OpenRouter) is not a router', () => {
    assert.equal(loadedRouterModels(oneModelReadme()), undefined);
    assert.equal(loadedRouterModels({ object: 'list', data: [{ id: 'm', object: 'model' }] }), undefined);
    assert.equal(loadedRouterModels({ data: [{ id: 'm', status: 'active' }] }), undefined);
    assert.equal(loadedRouterModels('Not Found'), undefined);
  });

  it('asks /props for one model by its URL-encoded name, with autoload off', () => {
    assert.equal(routerPropsUrl('http://localhost:8080/props', 'ggml-org/gemma-3-4b-it-GGUF:Q4_K_M'), 'http://localhost:8080/props?model=ggml-org%2Fgemma-3-4b-it-GGUF%3AQ4_K_M&autoload=false');
  });
});
