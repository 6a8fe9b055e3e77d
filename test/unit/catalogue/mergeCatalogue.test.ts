import assert from 'node:assert/strict';
import { applyOverride, ENDPOINT_RANK, mergeCatalogue } from '../../../src/core/catalogue/mergeCatalogue';
import { emptyModelInfo, type ModelInfo } from '../../../src/core/protocol/modelInfo';
import { parseLiteLlmModelGroupInfo, parseLiteLlmModelInfo } from '../../../src/core/catalogue/liteLlmModelInfo';
import { parseLlamaCppProps } from '../../../src/core/catalogue/llamaCppProps';
import { parseOllamaShow } from '../../../src/core/catalogue/ollamaShow';
import { parseOllamaTags } from '../../../src/core/catalogue/ollamaTags';
import { parseOpenAiModels } from '../../../src/core/catalogue/openAiModels';
import { prepareRun } from '../../../src/core/run/prepareRun';
import { loadDiscoveryFixtures, type DiscoveryFixture } from '../../support/discovery/discoveryFixtures';
import { fakePrepareRunPorts } from '../../support/fakes/run/fakePrepareRunPorts';

const fixtures = loadDiscoveryFixtures();
const body = (name: string): unknown => JSON.parse(fixtureNamed(name).bodyText);
function fixtureNamed(name: string): DiscoveryFixture {
  const found = fixtures.find((fixture) => fixture.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
}

// llama.cpp's README documents /v1/models and /props for the same server and model path.
const llamaModels = () => parseOpenAiModels(body('openai-models/llama.cpp-readme-example'));
const llamaProps = () => parseLlamaCppProps(body('llamacpp-props/readme-example'));
const LLAMA = '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf';

describe('mergeCatalogue', () => {
  it('ranks every endpoint apart, so only statements of one endpoint are ever combined as equals', () => {
    const ranks = Object.values(ENDPOINT_RANK);
    assert.equal(new Set(ranks).size, ranks.length, JSON.stringify(ENDPOINT_RANK));
  });

  it("llama.cpp: the window is /props' per-slot n_ctx (what the server accepts), whatever the order; /v1/models' n_ctx_train stays the model's maximum", () => {
    for (const discovered of [[...llamaModels(), ...llamaProps()], [...llamaProps(), ...llamaModels()]]) {
      const [model] = mergeCatalogue(discovered);
      assert.equal(model?.contextWindow, 1024);
      assert.deepEqual(model?.sources.contextWindow, { endpoint: 'GET /props', field: 'default_generation_settings.n_ctx', basis: 'serving' });
      assert.equal(model?.maxContextWindow, 131072);
    }
  });

  it('llama.cpp without /props (a proxy that passes only /v1): the window stays unknown, the trained length only a maximum, and a run fits to no window', async () => {
    const [model] = mergeCatalogue(llamaModels());
    assert.equal(model?.contextWindow, undefined);
    assert.equal(model?.maxContextWindow, 131072);
    const ports = fakePrepareRunPorts({ settings: { model: LLAMA }, models: { [LLAMA]: model! } });
    await prepareRun(ports, { surface: 'chat' });
    assert.equal(ports.memories[0]!.known(), undefined, "the context fitter is given no window: n_ctx_train is not the server's");
  });

  it("Ollama: the num_ctx in use beats the trained context_length another source gave", () => {
    const trained = parseOllamaShow(body('ollama-show/smollm2-1.7b-local'), 'llama2')[0];
    const inUse = parseOllamaShow(body('ollama-show/llama2-num-ctx-2023'), 'llama2')[0];
    assert.ok(trained && inUse);
    const [model] = mergeCatalogue([trained, inUse]);
    assert.equal(model?.contextWindow, 4096);
    assert.equal(model?.sources.contextWindow?.basis, 'serving');
  });

  it('a listing beats a trained length, and a deployment (/model/info) beats its group (/model_group/info)', () => {
    const group = parseLiteLlmModelGroupInfo(body('litellm-model-group-info/proxy-docstring-example')).find((model) => model.id === 'gpt-3.5-turbo');
    assert.ok(group);
    const deployment: ModelInfo = { id: 'gpt-3.5-turbo', contextWindow: 16000, sources: { contextWindow: { endpoint: 'GET /model/info', field: 'model_info.max_input_tokens', basis: 'listing' } } };
    const trained: ModelInfo = { id: 'gpt-3.5-turbo', contextWindow: 32768, sources: { contextWindow: { endpoint: 'POST /api/show', field: 'model_info.llama.context_length', basis: 'trained' } } };
    const [model] = mergeCatalogue([trained, group, deployment]);
    assert.equal(model?.contextWindow, 16000);
    assert.equal(model?.maxOutputTokens, 4096);
    assert.equal(model?.sources.maxOutputTokens?.endpoint, 'GET /model_group/info');
  });

  it('several deployments behind one name: the figure every one honours (smallest window, dearest price, a capability only if all have it)', () => {
    const origin = (field: string) => ({ endpoint: 'GET /model/info' as const, field, basis: 'listing' as const });
    const a: ModelInfo = { id: 'm', contextWindow: 128000, inputPricePerToken: 0.000001, supportsTools: true, supportsVision: true, sources: { contextWindow: origin('model_info.max_input_tokens'), inputPricePerToken: origin('model_info.input_cost_per_token'), supportsTools: origin('model_info.supports_function_calling'), supportsVision: origin('model_info.supports_vision') } };
    const b: ModelInfo = { id: 'm', contextWindow: 32000, inputPricePerToken: 0.000002, supportsTools: true, sources: { contextWindow: origin('model_info.max_input_tokens'), inputPricePerToken: origin('model_info.input_cost_per_token'), supportsTools: origin('model_info.supports_function_calling') } };
    const c: ModelInfo = { id: 'm', supportsVision: false, sources: { supportsVision: origin('model_info.supports_vision') } };
    const [model] = mergeCatalogue([a, b, c]);
    assert.deepEqual([model?.contextWindow, model?.inputPricePerToken, model?.supportsTools, model?.supportsVision], [32000, 0.000002, true, false]);
  });

  it('unknown stays unknown: a fact no source states is not set, and has no source', () => {
    const [model] = mergeCatalogue([...parseOllamaTags(body('ollama-tags/cloud-models')), ...parseOllamaShow(body('ollama-show/gpt-oss-120b-cloud'), 'gpt-oss:120b')]);
    assert.equal(model?.id, 'deepseek-v3.1:671b');
    assert.deepEqual(model, emptyModelInfo('deepseek-v3.1:671b'));
    const [deployment] = mergeCatalogue(parseLiteLlmModelInfo(body('litellm-model-info/proxy-docstring-example')));
    assert.deepEqual(deployment, emptyModelInfo('fake-openai-endpoint'));
  });

  it('keeps the order in which ids first appear, one entry each', () => {
    const merged = mergeCatalogue([...parseOllamaTags(body('ollama-tags/cloud-models')), ...parseOllamaShow(body('ollama-show/gpt-oss-120b-cloud'), 'gpt-oss:120b')]);
    assert.deepEqual(
      merged.map((model) => model.id),
      ['deepseek-v3.1:671b', 'gpt-oss:120b', 'gpt-oss:20b'],
    );
    assert.equal(merged[1]?.contextWindow, 131072);
  });

  describe('overrides', () => {
    it("win over every server, and say so; what they leave out stays the servers'", () => {
      const [model] = mergeCatalogue([...llamaModels(), ...llamaProps()], { [LLAMA]: { contextWindow: 8192, tools: false, reasoningEffort: 'high' } });
      assert.equal(model?.contextWindow, 8192);
      assert.deepEqual(model?.sources.contextWindow, { endpoint: 'override', field: 'contextWindow', basis: 'override' });
      assert.equal(model?.supportsTools, false);
      assert.deepEqual(model?.sources.supportsTools, { endpoint: 'override', field: 'tools', basis: 'override' });
      assert.equal(model?.reasoningEffort, 'high');
      assert.equal(model?.supportsVision, false);
      assert.equal(model?.sources.supportsVision?.endpoint, 'GET /props');
    });

    it('turn on what the servers did not know (vision for a LiteLLM group), and set output limits', () => {
      const [rerank] = mergeCatalogue(parseLiteLlmModelGroupInfo(body('litellm-model-group-info/proxy-docstring-example')), {
        'rerank-english-v3.0': { vision: true, maxOutputTokens: 4096 },
      });
      assert.deepEqual([rerank?.supportsVision, rerank?.maxOutputTokens, rerank?.contextWindow], [true, 4096, undefined]);
    });

    it('apply only to their model; a model no endpoint listed gets its override with applyOverride', () => {
      const merged = mergeCatalogue(parseOllamaTags(body('ollama-tags/api-docs-example')), { 'llama3.2:latest': { contextWindow: 16384 }, 'not-listed': { contextWindow: 1 } });
      assert.deepEqual(
        merged.map((model) => [model.id, model.contextWindow]),
        [
          ['deepseek-r1:latest', undefined],
          ['llama3.2:latest', 16384],
        ],
      );
      assert.equal(applyOverride(emptyModelInfo('not-listed'), { contextWindow: 32768 }).contextWindow, 32768);
    });

    it('ignore settings that are not a count or are empty, and model ids that are object keys', () => {
      const [model] = mergeCatalogue(llamaProps(), { [LLAMA]: { contextWindow: 0, maxOutputTokens: 1.5, reasoningEffort: '  ' } });
      assert.equal(model?.contextWindow, 1024);
      assert.equal(model?.maxOutputTokens, undefined);
      assert.equal(model?.reasoningEffort, undefined);
      assert.deepEqual(mergeCatalogue([emptyModelInfo('constructor')], {}), [emptyModelInfo('constructor')]);
    });

    it('do not change the discovered entries they are applied to', () => {
      const props = llamaProps();
      mergeCatalogue(props, { [LLAMA]: { contextWindow: 8192 } });
      assert.equal(props[0]?.contextWindow, 1024);
    });
  });
});
