import assert from 'node:assert/strict';
import { parseLiteLlmModelGroupInfo, parseLiteLlmModelInfo } from '../../../src/core/catalogue/liteLlmModelInfo';
import { compareWithExpected, loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';

const infoFixtures = loadDiscoveryFixtures('litellm-model-info');
const groupFixtures = loadDiscoveryFixtures('litellm-model-group-info');
const groupBody = (): { data: Record<string, unknown>[] } => JSON.parse(groupFixtures[0]?.bodyText ?? '{}');

describe('parseLiteLlmModelInfo (GET /model/info)', () => {
  for (const recorded of infoFixtures) {
    it(`${recorded.name}: its deployments, with the facts the body states`, () => {
      assert.deepEqual(compareWithExpected(recorded, parseLiteLlmModelInfo(JSON.parse(recorded.bodyText))), []);
    });
  }

  it('reads the one deployment sent as an object (?litellm_model_id=)', () => {
    const body = JSON.parse(infoFixtures[0]?.bodyText ?? '{}') as { data: unknown[] };
    assert.deepEqual(
      parseLiteLlmModelInfo({ data: body.data[0] }).map((model) => model.id),
      ['fake-openai-endpoint'],
    );
  });

  it('reads the cost-map fields under model_info, and only those', () => {
    const [group] = groupBody().data.filter((entry) => entry['model_group'] === 'gpt-3.5-turbo');
    const [deployment] = parseLiteLlmModelInfo({ data: [{ model_name: 'gpt-3.5-turbo', model_info: group }] });
    assert.equal(deployment?.contextWindow, 16385);
    assert.deepEqual(deployment?.sources.contextWindow, { endpoint: 'GET /model/info', field: 'model_info.max_input_tokens', basis: 'listing' });
    assert.deepEqual(parseLiteLlmModelInfo({ data: [{ model_name: 'gpt-3.5-turbo', ...group }] })[0]?.sources, {});
  });
});

describe('parseLiteLlmModelGroupInfo (GET /model_group/info)', () => {
  for (const recorded of groupFixtures) {
    it(`${recorded.name}: its groups, with the facts the body states`, () => {
      assert.deepEqual(compareWithExpected(recorded, parseLiteLlmModelGroupInfo(JSON.parse(recorded.bodyText))), []);
    });
  }

  it("takes LiteLLM's defaults for a model its cost map lacks (cost 0.0, supports_* false) as unknown", () => {
    const [rerank] = parseLiteLlmModelGroupInfo(groupBody());
    assert.equal(rerank?.id, 'rerank-english-v3.0');
    assert.deepEqual(rerank?.sources, {});
  });

  it('reads float limits (16385.0) as token counts, and true flags with their field', () => {
    const gpt = parseLiteLlmModelGroupInfo(groupBody()).find((model) => model.id === 'gpt-3.5-turbo');
    assert.equal(gpt?.maxOutputTokens, 4096);
    assert.deepEqual(gpt?.sources.supportsTools, { endpoint: 'GET /model_group/info', field: 'supports_function_calling', basis: 'listing' });
  });

  it('is lenient: no data gives no models; an entry without a name is skipped', () => {
    assert.deepEqual(parseLiteLlmModelGroupInfo({ error: { message: 'Authentication Error' } }), []);
    assert.deepEqual(parseLiteLlmModelGroupInfo(null), []);
    const [first] = groupBody().data;
    assert.deepEqual(parseLiteLlmModelGroupInfo({ data: [{ ...first, model_group: null }, 'x'] }), []);
  });
});
