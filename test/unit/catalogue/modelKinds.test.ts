// A model's kind, as each server says it, and which kinds each picker offers: read through the recorded bodies and
// the merge, as the catalogue reads them; a model of unknown kind stays offered.
import assert from 'node:assert/strict';
import { kindOfLiteLlmMode, kindOfLmStudioType, kindOfMistralCapabilities, kindOfOllamaCapabilities, kindOfTogetherType, offeredForChat, offeredForCompletions } from '../../../src/core/catalogue/modelKinds';
import { formatModelDetail } from '../../../src/core/catalogue/formatModelDetail';
import { parseLiteLlmModelGroupInfo } from '../../../src/core/catalogue/liteLlmModelInfo';
import { parseLmStudioModels } from '../../../src/core/catalogue/lmStudioModels';
import { mergeCatalogue } from '../../../src/core/catalogue/mergeCatalogue';
import { parseOpenAiModels } from '../../../src/core/catalogue/openAiModels';
import { loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';

const fixtures = loadDiscoveryFixtures();
const body = (name: string): unknown => JSON.parse(fixtures.find((fixture) => fixture.name === name)?.bodyText ?? 'null');
const ids = (models: readonly { id: string }[]) => models.map((model) => model.id);

describe('model kinds: what each server says a model is for', () => {
  it('LM Studio: every model of /api/v0/models is kept with its kind; the chat pickers leave the embedding model out', () => {
    const models = mergeCatalogue([...parseOpenAiModels(body('openai-models/lm-studio-ids-only')), ...parseLmStudioModels(body('lmstudio-models/rest-v0-docs-example'))]);
    const documented = parseLmStudioModels(body('lmstudio-models/rest-v0-docs-example'));
    assert.deepEqual(documented.map((model) => [model.id, model.kind]), [
      ['qwen2-vl-7b-instruct', 'chat'],
      ['meta-llama-3.1-8b-instruct', 'chat'],
      ['text-embedding-nomic-embed-text-v1.5', 'embeddings'],
    ]);
    assert.deepEqual(ids(documented.filter(offeredForChat)), ['qwen2-vl-7b-instruct', 'meta-llama-3.1-8b-instruct']);
    assert.deepEqual(ids(documented.filter(offeredForCompletions)), ['qwen2-vl-7b-instruct', 'meta-llama-3.1-8b-instruct']);
    // Merged with LM Studio's /v1/models (ids only), the embedding model is still known, as embeddings.
    assert.equal(models.find((model) => model.id === 'text-embedding-nomic-embed-text-v1.5')?.kind, 'embeddings');
  });

  it('Mistral: the models whose completion_chat is false (embedding, OCR, moderation) are offered to no chat picker', () => {
    const models = parseOpenAiModels(body('openai-models/mistral-capabilities'));
    const notOffered = ids(models.filter((model) => !offeredForChat(model)));
    assert.deepEqual(notOffered, [
      'mistral-embed-2312',
      'mistral-embed',
      'codestral-embed',
      'codestral-embed-2505',
      'mistral-moderation-2411',
      'mistral-moderation-latest',
      'mistral-ocr-2512',
      'mistral-ocr-latest',
      'mistral-ocr-2505',
      'mistral-ocr-2503',
    ]);
    assert.deepEqual(ids(models.filter((model) => !offeredForCompletions(model))), notOffered, 'none of them completes text either');
    assert.equal(models.find((model) => model.id === 'codestral-2508')?.kind, 'chat', 'a FIM model that chats is a chat model');
  });

  it("LiteLLM: mode \"chat\" is a chat model; a group the cost map lacks (mode null: the rerank model) is of unknown kind, so still offered", () => {
    const models = parseLiteLlmModelGroupInfo(body('litellm-model-group-info/proxy-docstring-example'));
    assert.deepEqual(models.map((model) => [model.id, model.kind]), [
      ['rerank-english-v3.0', undefined],
      ['gpt-3.5-turbo', 'chat'],
      ['llava-hf', undefined],
    ]);
    assert.ok(models.every(offeredForChat));
  });

  it('Together: its type says the kind (chat here); OpenRouter, Groq, vLLM and llama.cpp lists say none', () => {
    assert.deepEqual(parseOpenAiModels(body('openai-models/together-bare-array')).map((model) => model.kind), ['chat']);
    for (const name of ['openrouter-tools-filtered', 'groq-context-window', 'vllm-max-model-len', 'llama.cpp-readme-example', 'deepseek-ids-only']) {
      assert.ok(parseOpenAiModels(body(`openai-models/${name}`)).every((model) => model.kind === undefined && offeredForChat(model)), name);
    }
  });

  it('reads only the words each server documents', () => {
    assert.deepEqual(['chat', 'responses', 'completion', 'embedding', 'rerank', 'image_generation', 'audio_transcription', 'audio_speech', 'moderation', 'batch', null, 7].map(kindOfLiteLlmMode), ['chat', 'chat', 'completion', 'embeddings', 'rerank', 'image', 'audio', 'audio', 'moderation', undefined, undefined, undefined]);
    assert.deepEqual(['chat', 'language', 'code', 'image', 'embedding', 'moderation', 'rerank', 'audio', 'transcribe', 'base', 'constructor'].map(kindOfTogetherType), ['chat', 'completion', 'completion', 'image', 'embeddings', 'moderation', 'rerank', 'audio', 'audio', undefined, undefined]);
    assert.deepEqual(['llm', 'vlm', 'embeddings', 'embedding'].map(kindOfLmStudioType), ['chat', 'chat', 'embeddings', undefined]);
    // Ollama's capabilities: "completion" generates (chat too), "embedding" alone only embeds.
    assert.deepEqual([['completion', 'tools'], ['embedding'], ['completion', 'embedding'], [], 'completion', undefined].map(kindOfOllamaCapabilities), ['chat', 'embeddings', 'chat', undefined, undefined, undefined]);
    assert.deepEqual(
      [{ completion_chat: true }, { completion_chat: false, completion_fim: true }, { completion_chat: false, moderation: true }, { completion_chat: false }, {}, null].map(kindOfMistralCapabilities),
      ['chat', 'completion', 'moderation', 'other', undefined, undefined],
    );
  });

  it('the completion picker also offers a model that only completes text; neither offers the other kinds', () => {
    const kinds = ['chat', 'completion', 'embeddings', 'rerank', 'image', 'audio', 'moderation', 'other', undefined] as const;
    assert.deepEqual(kinds.filter((kind) => offeredForChat({ kind })), ['chat', undefined]);
    assert.deepEqual(kinds.filter((kind) => offeredForCompletions({ kind })), ['chat', 'completion', undefined]);
  });

  it('the detail line names a kind that is not chat first (Test Connection lists every model)', () => {
    const embedding = parseLmStudioModels(body('lmstudio-models/rest-v0-docs-example')).find((model) => model.kind === 'embeddings');
    assert.equal(formatModelDetail(embedding ?? {}), 'embeddings · 2K context');
    assert.equal(formatModelDetail({ kind: 'completion', contextWindow: 2048 }), 'completion only · 2K context');
    assert.equal(formatModelDetail({ kind: 'other' }), 'not a chat model');
    assert.equal(formatModelDetail({ kind: 'chat', contextWindow: 2048 }), '2K context');
  });
});
