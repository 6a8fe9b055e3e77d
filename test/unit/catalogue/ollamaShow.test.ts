import assert from 'node:assert/strict';
import { parseOllamaShow } from '../../../src/core/catalogue/ollamaShow';
import { compareWithExpected, loadDiscoveryFixtures, type DiscoveryFixture } from '../../support/discovery/discoveryFixtures';

const fixtures = loadDiscoveryFixtures('ollama-show');
const fixture = (name: string): DiscoveryFixture => {
  const found = fixtures.find((candidate) => candidate.name === `ollama-show/${name}`);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};
const showOf = (name: string) => parseOllamaShow(JSON.parse(fixture(name).bodyText), fixture(name).requestedModel ?? '')[0];

describe('parseOllamaShow (POST /api/show)', () => {
  for (const recorded of fixtures) {
    it(`${recorded.name}: the facts the body states about ${recorded.requestedModel}`, () => {
      assert.deepEqual(compareWithExpected(recorded, parseOllamaShow(JSON.parse(recorded.bodyText), recorded.requestedModel ?? '')), []);
    });
  }

  it('the num_ctx in parameters is the window Ollama runs the model with', () => {
    assert.deepEqual(showOf('llama2-num-ctx-2023')?.sources.contextWindow, { endpoint: 'POST /api/show', field: 'parameters num_ctx', basis: 'serving' });
  });

  it('without a num_ctx, only the trained <arch>.context_length is known, marked as trained', () => {
    assert.deepEqual(showOf('smollm2-1.7b-local')?.sources.contextWindow, { endpoint: 'POST /api/show', field: 'model_info.llama.context_length', basis: 'trained' });
    assert.deepEqual(showOf('gpt-oss-120b-cloud')?.sources.contextWindow, { endpoint: 'POST /api/show', field: 'model_info.gptoss.context_length', basis: 'trained' });
  });

  it('capabilities answer tools, vision and thinking both ways; an older server without them leaves them unknown', () => {
    const cloud = showOf('gpt-oss-120b-cloud');
    assert.deepEqual([cloud?.supportsTools, cloud?.supportsVision, cloud?.supportsReasoning], [true, false, true]);
    const old = showOf('llama2-num-ctx-2023');
    assert.deepEqual([old?.supportsTools, old?.supportsVision, old?.supportsReasoning], [undefined, undefined, undefined]);
  });

  it('num_ctx in parameters beats the trained length in the same body', () => {
    const body = JSON.parse(fixture('smollm2-1.7b-local').bodyText) as Record<string, unknown>;
    const pinned = parseOllamaShow({ ...body, parameters: `${String(body['parameters'])}\nnum_ctx                        4096` }, 'smollm2:1.7b')[0];
    assert.equal(pinned?.contextWindow, 4096);
  });

  it('is lenient: not a show body gives no model; odd model_info gives no window', () => {
    assert.deepEqual(parseOllamaShow({ error: "model 'x' not found" }, 'x'), []);
    assert.deepEqual(parseOllamaShow(null, 'x'), []);
    assert.equal(parseOllamaShow({ model_info: { 'general.architecture': 'llama', 'llama.context_length': 'long' } }, 'x')[0]?.contextWindow, undefined);
  });
});
