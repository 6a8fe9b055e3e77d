import assert from 'node:assert/strict';
import { parseOpenAiModels } from '../../../src/core/catalogue/openAiModels';
import { compareWithExpected, loadDiscoveryFixtures, type DiscoveryFixture } from '../../support/discovery/discoveryFixtures';

const fixtures = loadDiscoveryFixtures('openai-models');
const fixture = (name: string): DiscoveryFixture => {
  const found = fixtures.find((candidate) => candidate.name === `openai-models/${name}`);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};
const bodyOf = (name: string): unknown => JSON.parse(fixture(name).bodyText);

describe('parseOpenAiModels (GET /v1/models)', () => {
  for (const recorded of fixtures) {
    it(`${recorded.name}: its models, with the facts the body states`, () => {
      assert.deepEqual(compareWithExpected(recorded, parseOpenAiModels(JSON.parse(recorded.bodyText))), []);
    });
  }

  it("vLLM: max_model_len is the window the server enforces", () => {
    const [model] = parseOpenAiModels(bodyOf('vllm-max-model-len'));
    assert.deepEqual(model?.sources, { contextWindow: { endpoint: 'GET /v1/models', field: 'max_model_len', basis: 'serving' } });
  });

  it("llama.cpp: meta.n_ctx_train is the model's maximum, never its window (the server runs it with /props' n_ctx); input_modalities without image means no vision", () => {
    const [model] = parseOpenAiModels(bodyOf('llama.cpp-readme-example'));
    assert.equal(model?.contextWindow, undefined, 'the window stays unknown: /props says it');
    assert.equal(model?.sources.contextWindow, undefined);
    assert.equal(model?.maxContextWindow, 131072);
    assert.deepEqual(model?.sources.maxContextWindow, { endpoint: 'GET /v1/models', field: 'meta.n_ctx_train', basis: 'trained' });
    assert.deepEqual(model?.sources.supportsVision, { endpoint: 'GET /v1/models', field: 'architecture.input_modalities', basis: 'listing' });
  });

  it("Groq: context_window and max_completion_tokens are the limits Groq's API holds a request to", () => {
    const models = parseOpenAiModels(bodyOf('groq-context-window'));
    const versatile = models.find((model) => model.id === 'llama-3.3-70b-versatile');
    assert.deepEqual(versatile?.sources, {
      contextWindow: { endpoint: 'GET /v1/models', field: 'context_window', basis: 'serving' },
      maxOutputTokens: { endpoint: 'GET /v1/models', field: 'max_completion_tokens', basis: 'serving' },
    });
    assert.ok(models.every((model) => model.inputPricePerToken === undefined && model.supportsTools === undefined), 'Groq lists no prices or capabilities');
  });

  it('Mistral: max_context_length and the capabilities flags, which answer tools and vision both ways', () => {
    const models = parseOpenAiModels(bodyOf('mistral-capabilities'));
    const medium = models.find((model) => model.id === 'mistral-medium-2508');
    assert.deepEqual(medium?.sources, {
      kind: { endpoint: 'GET /v1/models', field: 'capabilities', basis: 'serving' },
      contextWindow: { endpoint: 'GET /v1/models', field: 'max_context_length', basis: 'serving' },
      supportsTools: { endpoint: 'GET /v1/models', field: 'capabilities.function_calling', basis: 'serving' },
      supportsVision: { endpoint: 'GET /v1/models', field: 'capabilities.vision', basis: 'serving' },
    });
    const nemo = models.find((model) => model.id === 'open-mistral-nemo');
    assert.deepEqual([nemo?.supportsTools, nemo?.supportsVision], [true, false]);
    const transcribe = models.find((model) => model.id === 'voxtral-mini-transcribe-2507');
    assert.equal(transcribe?.supportsTools, false);
    // completion_chat false: its embedding, OCR and moderation models cannot chat, whatever else they do.
    const kinds = Object.fromEntries(models.map((model) => [model.id, model.kind]));
    assert.deepEqual([kinds['mistral-embed'], kinds['codestral-embed'], kinds['mistral-ocr-latest'], kinds['mistral-moderation-latest'], kinds['codestral-2508']], ['other', 'other', 'other', 'moderation', 'chat']);
  });

  it('a list of ids only (DeepSeek, LM Studio) names its models and states nothing about them', () => {
    for (const name of ['deepseek-ids-only', 'lm-studio-ids-only']) {
      const models = parseOpenAiModels(bodyOf(name));
      assert.ok(models.length > 0, name);
      assert.ok(models.every((model) => Object.keys(model.sources).length === 0), name);
    }
  });

  it('OpenRouter: every model keeps its id and list order; the facts the list leaves null stay unknown', () => {
    const body = bodyOf('openrouter-tools-filtered') as { data: { id: string; top_provider: { max_completion_tokens: number | null } }[] };
    const models = parseOpenAiModels(body);
    assert.deepEqual(
      models.map((model) => model.id),
      body.data.map((entry) => entry.id),
    );
    const nullLimits = body.data.filter((entry) => entry.top_provider.max_completion_tokens === null).length;
    assert.equal(nullLimits, 43);
    assert.equal(models.filter((model) => model.maxOutputTokens === undefined).length, nullLimits);
    assert.ok(models.every((model) => model.contextWindow !== undefined && model.inputPricePerToken !== undefined && model.supportsTools === true));
  });

  it("OpenRouter: the window is the provider's own (top_provider.context_length), the model-wide context_length its maximum", () => {
    const body = bodyOf('openrouter-tools-filtered') as { data: { id: string; context_length: number; top_provider: { context_length: number | null } }[] };
    const models = parseOpenAiModels(body);
    const free = models.find((model) => model.id === 'mistralai/mistral-small-3.2-24b-instruct:free');
    assert.deepEqual([free?.contextWindow, free?.maxContextWindow], [96000, 128000]);
    assert.deepEqual(free?.sources.contextWindow, { endpoint: 'GET /v1/models', field: 'top_provider.context_length', basis: 'listing' });
    assert.deepEqual(free?.sources.maxContextWindow, { endpoint: 'GET /v1/models', field: 'context_length', basis: 'listing' });
    // Every entry of the recorded list: the provider's figure as the window (below the model-wide one for 21 of them),
    // the model-wide one as the maximum, unless the provider takes more (15 of them: then that is the most known).
    const provider = (entry: (typeof body.data)[number]) => entry.top_provider.context_length ?? entry.context_length;
    assert.equal(body.data.filter((entry) => provider(entry) < entry.context_length).length, 21);
    assert.equal(body.data.filter((entry) => provider(entry) > entry.context_length).length, 15);
    for (const entry of body.data) {
      const model = models.find((candidate) => candidate.id === entry.id);
      assert.deepEqual([model?.contextWindow, model?.maxContextWindow], [provider(entry), Math.max(provider(entry), entry.context_length)], entry.id);
    }
    const pixtral = models.find((model) => model.id === 'mistralai/pixtral-12b');
    assert.deepEqual([pixtral?.contextWindow, pixtral?.maxContextWindow, pixtral?.sources.maxContextWindow?.field], [131072, 131072, 'top_provider.context_length']);
    // Where the provider's figure is missing, the model-wide one is all there is.
    const [withoutProvider] = parseOpenAiModels({ data: [{ ...body.data[0], top_provider: { context_length: null } }] });
    assert.deepEqual([withoutProvider?.contextWindow, withoutProvider?.sources.contextWindow?.field], [128000, 'context_length']);
  });

  it('OpenRouter: prices are USD per token read from strings, and "0" is a real price (free)', () => {
    const models = parseOpenAiModels(bodyOf('openrouter-tools-filtered'));
    const sonnet = models.find((model) => model.id === 'anthropic/claude-sonnet-4');
    assert.equal(sonnet?.inputPricePerToken, 0.000003);
    assert.deepEqual(sonnet?.sources.inputPricePerToken, { endpoint: 'GET /v1/models', field: 'pricing.prompt', basis: 'listing' });
    const free = models.find((model) => model.id === 'mistralai/mistral-small-3.2-24b-instruct:free');
    assert.equal(free?.outputPricePerToken, 0);
  });

  it('OpenRouter: reasoning is known only where supported_parameters lists it', () => {
    const models = parseOpenAiModels(bodyOf('openrouter-tools-filtered'));
    assert.equal(models.find((model) => model.id === 'anthropic/claude-sonnet-4')?.supportsReasoning, true);
    assert.equal(models.find((model) => model.id === 'openai/o4-mini')?.supportsReasoning, undefined);
  });

  it("Together: a bare array of entries (no {data: ...} around it) is a model list; context_length is the window", () => {
    const models = parseOpenAiModels(bodyOf('together-bare-array'));
    assert.deepEqual(models.map((model) => model.id), ['Austism/chronos-hermes-13b']);
    assert.deepEqual(models[0]?.sources.contextWindow, { endpoint: 'GET /v1/models', field: 'context_length', basis: 'listing' });
    // Together's prices are USD per million tokens under other names (input, output): not read as per-token prices.
    assert.equal(models[0]?.inputPricePerToken, undefined);
    // The same entries in OpenAI's envelope read the same.
    assert.deepEqual(parseOpenAiModels({ object: 'list', data: bodyOf('together-bare-array') }), models);
  });

  it('is lenient: no model list gives no models, an entry without an id is skipped, odd fields are unknown', () => {
    assert.deepEqual(parseOpenAiModels(undefined), []);
    assert.deepEqual(parseOpenAiModels({ object: 'list' }), []);
    assert.deepEqual(parseOpenAiModels('<html>'), []);
    assert.deepEqual(parseOpenAiModels([]), []);
    assert.deepEqual(parseOpenAiModels(['gpt-4o', 42]), [], 'an array of anything but entries with ids names no model');
    const [vllm] = (bodyOf('vllm-max-model-len') as { data: Record<string, unknown>[] }).data;
    const odd = [{ ...vllm, max_model_len: null }, { ...vllm, id: '' }, { ...vllm, max_model_len: '8096' }, { ...vllm, max_model_len: -1 }, 42];
    assert.deepEqual(
      parseOpenAiModels({ data: odd }).map((model) => model.contextWindow),
      [undefined, 8096, undefined],
    );
  });
});
