import assert from 'node:assert/strict';
import { formatModelDetail, formatPricePerMillion, formatTokenCount } from '../../../src/core/catalogue/formatModelDetail';
import { parseLlamaCppProps } from '../../../src/core/catalogue/llamaCppProps';
import { mergeCatalogue } from '../../../src/core/catalogue/mergeCatalogue';
import { parseOllamaShow } from '../../../src/core/catalogue/ollamaShow';
import { parseOpenAiModels } from '../../../src/core/catalogue/openAiModels';
import { loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';

const fixtures = loadDiscoveryFixtures();
const body = (name: string): unknown => JSON.parse(fixtures.find((fixture) => fixture.name === name)?.bodyText ?? 'null');
const openRouter = () => parseOpenAiModels(body('openai-models/openrouter-tools-filtered'));

describe('formatModelDetail', () => {
  it('writes window, output limit, prices per million tokens and what the model supports', () => {
    assert.equal(
      formatModelDetail({ contextWindow: 128000, maxOutputTokens: 16384, inputPricePerToken: 0.0000025, outputPricePerToken: 0.00001, supportsTools: true, supportsVision: true }),
      '128K context · 16K out · $2.50 / $10.00 per M · tools, vision',
    );
  });

  it('describes recorded models as their bodies state them', () => {
    const sonnet = openRouter().find((model) => model.id === 'anthropic/claude-sonnet-4');
    assert.equal(formatModelDetail(sonnet ?? {}), '200K context · 64K out · $3.00 / $15.00 per M · tools, vision, reasoning');
    const free = openRouter().find((model) => model.id === 'mistralai/mistral-small-3.2-24b-instruct:free');
    // Its free provider holds a request to 96K of the model's 128K.
    assert.equal(formatModelDetail(free ?? {}), '96K context (model max 128K) · free · tools, vision');
    const [cloud] = parseOllamaShow(body('ollama-show/gpt-oss-120b-cloud'), 'gpt-oss:120b');
    assert.equal(formatModelDetail(cloud ?? {}), '128K context · tools, reasoning');
  });

  it("shows the model's maximum beside the window only where it says more, and alone (never as the window) where the window is unknown", () => {
    const [llama] = parseOpenAiModels(body('openai-models/llama.cpp-readme-example'));
    assert.equal(formatModelDetail(llama ?? {}), 'model max 128K');
    const [llamaWithProps] = mergeCatalogue([...parseOpenAiModels(body('openai-models/llama.cpp-readme-example')), ...parseLlamaCppProps(body('llamacpp-props/readme-example'))]);
    assert.equal(formatModelDetail(llamaWithProps ?? {}), '1K context (model max 128K)');
    const sonnet = openRouter().find((model) => model.id === 'anthropic/claude-sonnet-4');
    assert.match(formatModelDetail(sonnet ?? {}), /^200K context · /, 'a maximum equal to the window is not repeated');
    assert.equal(formatModelDetail({ contextWindow: 128000, maxContextWindow: 131072 }), '128K context', 'nor one that reads the same');
    assert.equal(formatModelDetail({ contextWindow: 200000, maxContextWindow: 262144 }), '200K context (model max 256K)');
  });

  it('leaves out what is unknown, never writing 0 or "no"', () => {
    assert.equal(formatModelDetail({}), '');
    assert.equal(formatModelDetail({ supportsTools: false, supportsVision: false, supportsReasoning: false }), '');
    assert.equal(formatModelDetail({ maxOutputTokens: 4096 }), '4K out');
    assert.equal(formatModelDetail({ inputPricePerToken: 0.0000015 }), '$1.50 in per M');
    assert.equal(formatModelDetail({ outputPricePerToken: 0.000002 }), '$2.00 out per M');
  });

  it("shows the effort the user chose with reasoning", () => {
    const [model] = mergeCatalogue(parseOllamaShow(body('ollama-show/gpt-oss-120b-cloud'), 'gpt-oss:120b'), { 'gpt-oss:120b': { reasoningEffort: 'high', tools: false } });
    assert.equal(formatModelDetail(model ?? {}), '128K context · reasoning (high)');
  });
});

describe('formatTokenCount', () => {
  it('writes each count in the unit it is round in', () => {
    assert.deepEqual(
      [128000, 131072, 16384, 200000, 1048576, 8096, 1024, 40960, 64000, 999, 1047576, 2000000, 16385].map(formatTokenCount),
      ['128K', '128K', '16K', '200K', '1M', '8.1K', '1K', '40K', '64K', '999', '1M', '2M', '16.4K'],
    );
  });
});

describe('formatPricePerMillion', () => {
  it('dollars per million tokens, with cents, and more digits below ten cents', () => {
    assert.deepEqual(
      [0.0000025, 0.00001, 0.0000003, 0.0000011, 0.000000015, 0.00000005, 0].map(formatPricePerMillion),
      ['$2.50', '$10.00', '$0.30', '$1.10', '$0.015', '$0.05', '$0.00'],
    );
  });
});
