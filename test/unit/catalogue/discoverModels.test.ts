// Discovery: the model list, then the richer endpoints of each kind of server, merged into the catalogue. Each kind is
// served by the reference server from the recorded bodies (over real loopback HTTP, through the client's own port);
// the time limit, the concurrency and the failures go through a fake port or a fake fetch.
import assert from 'node:assert/strict';
import { AuthenticationError } from '../../../src/core/errors/httpErrors';
import { catalogueModels, modelInfoFor } from '../../../src/core/catalogue/catalogueCache';
import { ChatClient } from '../../../src/core/client/chatClient';
import { discoverModels, discoverServerModels, SOURCE_PROBES } from '../../../src/core/catalogue/discoverCatalogue';
import { resolveServiceUrls } from '../../../src/core/http/resolveUrls';
import { identifyLocalServer, probeTargets } from '../../../src/core/discovery/localServers';
import { readModelIds } from '../../../src/core/protocol/responseSchema';
import type { DiscoveryReply, DiscoveryRequest } from '../../../src/core/client/discoveryExchange';
import type { ModelInfo } from '../../../src/core/protocol/modelInfo';
import { loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';
import { DISCOVERY_SHAPES, listedModelIds, type DiscoveryShape } from '../../support/discovery/discoveryShapes';
import { fakeFetch, jsonResponse } from '../../support/fakeFetch';
import { startReferenceServer, type ReferenceServer } from '../../support/referenceServer';

const KEY = 'sk-discovery-test-key';

async function discoverFrom(shape: DiscoveryShape) {
  const server = await startReferenceServer({ discovery: shape, apiKey: KEY });
  try {
    const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: server.url, apiKey: KEY });
    const discovered = await discoverServerModels(client);
    return { discovered, models: catalogueModels(discovered, {}), requests: server.requests.map((request) => `${request.method} ${request.path}`), server };
  } finally {
    await server.close();
  }
}

const facts = (model: ModelInfo | undefined) => {
  const { id: _id, sources: _sources, ...rest } = model ?? { id: '', sources: {} };
  return rest;
};

describe('discoverModels against the reference server serving each kind of server', () => {
  it('serves every shape with its own model list', () => {
    for (const shape of DISCOVERY_SHAPES) assert.ok(listedModelIds(shape).length > 0, shape);
  });

  it('LM Studio: /v1/models names the models, /api/v0/models gives each its kind, window and vision; the embedding model is kept, as embeddings', async () => {
    const { models } = await discoverFrom('lm-studio');
    assert.deepEqual(models.map((model) => [model.id, model.kind, model.contextWindow, model.supportsVision]), [
      ['qwen2-vl-7b-instruct', 'chat', 32768, true],
      ['meta-llama-3.1-8b-instruct', 'chat', 131072, false],
      ['text-embedding-nomic-embed-text-v1.5', 'embeddings', 2048, undefined],
    ]);
    assert.deepEqual(models[2]?.sources.kind, { endpoint: 'GET /api/v0/models', field: 'type', basis: 'serving' });
  });

  it("LM Studio: the other servers' endpoints, answered 200 \"Unexpected endpoint or method\", are absent: not read, not failed", async () => {
    const { discovered, requests } = await discoverFrom('lm-studio');
    assert.deepEqual(
      discovered.endpoints.map(({ endpoint, outcome }) => `${endpoint} ${outcome}`),
      ['GET /v1/models read', 'GET /model/info absent', 'GET /model_group/info absent', 'GET /props absent', 'GET /api/v0/models read', 'GET /api/tags absent'],
    );
    assert.ok(requests.includes('GET /props') && requests.includes('GET /api/tags'), requests.join(', '));
  });

  it('vLLM: max_model_len from /v1/models; the other probes are 404s, noted as absent, never errors', async () => {
    const { discovered, models, requests } = await discoverFrom('vllm');
    assert.deepEqual(facts(models[0]), { contextWindow: 8096 });
    assert.deepEqual(discovered.listedIds, ['meta-llama/Meta-Llama-3.1-8B-Instruct']);
    assert.deepEqual(
      discovered.endpoints.map(({ endpoint, outcome }) => `${endpoint} ${outcome}`),
      ['GET /v1/models read', 'GET /model/info absent', 'GET /model_group/info absent', 'GET /props absent', 'GET /api/v0/models absent', 'GET /api/tags absent'],
    );
    assert.ok(!requests.some((request) => request.includes('/api/show') || request.includes('/api/ps')), 'no /api/show or /api/ps on a server without /api/tags');
  });

  it("llama.cpp: the window is the slot's n_ctx from /props; /v1/models' n_ctx_train is only the model's maximum; vision off without a projector", async () => {
    const { models } = await discoverFrom('llama.cpp');
    assert.equal(models.length, 1);
    assert.deepEqual(facts(models[0]), { contextWindow: 1024, maxContextWindow: 131072, supportsVision: false });
    assert.equal(models[0]?.sources.contextWindow?.endpoint, 'GET /props');
    assert.deepEqual(models[0]?.sources.maxContextWindow, { endpoint: 'GET /v1/models', field: 'meta.n_ctx_train', basis: 'trained' });
  });

  it('LiteLLM: /v1/model/info and /model_group/info, with the key; limits, prices and capabilities per model group', async () => {
    const { models, requests, discovered } = await discoverFrom('litellm');
    const gpt = models.find((model) => model.id === 'gpt-3.5-turbo');
    assert.deepEqual(facts(gpt), { kind: 'chat', contextWindow: 16385, maxOutputTokens: 4096, inputPricePerToken: 0.0000015, outputPricePerToken: 0.000002, supportsTools: true });
    assert.deepEqual(facts(models.find((model) => model.id === 'llava-hf')), { supportsVision: true });
    assert.deepEqual(facts(models.find((model) => model.id === 'rerank-english-v3.0')), {});
    assert.ok(requests.includes('GET /v1/model/info') && requests.includes('GET /model_group/info'), requests.join(', '));
    assert.ok(!requests.includes('GET /health'), 'never /health, which calls every model');
    assert.equal(discovered.endpoints.find((outcome) => outcome.endpoint === 'GET /model_group/info')?.models, 3);
  });

  it("Ollama: /api/tags says it is Ollama, then /api/show for each listed model; a model it cannot show stays unknown", async () => {
    const { models, requests } = await discoverFrom('ollama');
    assert.deepEqual(models.map((model) => model.id), ['deepseek-v3.1:671b', 'gpt-oss:120b', 'gpt-oss:20b']);
    assert.deepEqual(facts(models[1]), { kind: 'chat', contextWindow: 131072, maxContextWindow: 131072, supportsTools: true, supportsVision: false, supportsReasoning: true });
    assert.deepEqual(facts(models[0]), {});
    assert.equal(requests.filter((request) => request === 'POST /api/show').length, 3);
  });

  it("OpenRouter: the provider's window and output limit (top_provider), the model-wide context_length as its maximum, pricing and supported_parameters from /v1/models", async () => {
    const { models } = await discoverFrom('openrouter');
    assert.equal(models.length, 151);
    assert.deepEqual(facts(models.find((model) => model.id === 'anthropic/claude-sonnet-4')), {
      contextWindow: 200000,
      maxContextWindow: 200000,
      maxOutputTokens: 64000,
      inputPricePerToken: 0.000003,
      outputPricePerToken: 0.000015,
      supportsTools: true,
      supportsVision: true,
      supportsReasoning: true,
    });
    const qwen = models.find((model) => model.id === 'qwen/qwen3-coder');
    assert.deepEqual([qwen?.contextWindow, qwen?.maxContextWindow], [262144, 1048576]);
    assert.deepEqual(qwen?.sources.contextWindow, { endpoint: 'GET /v1/models', field: 'top_provider.context_length', basis: 'listing' });
  });

  it('a plain server (no discovery shape): the ids and nothing invented', async () => {
    const server: ReferenceServer = await startReferenceServer({ model: 'plain-model' });
    try {
      const discovered = await discoverServerModels(new ChatClient({ fetch: globalThis.fetch, baseUrl: `${server.url}/v1` }));
      assert.deepEqual(catalogueModels(discovered, {}), [{ id: 'plain-model', sources: {} }]);
    } finally {
      await server.close();
    }
  });
});

describe('discoverModels through a fake port', () => {
  const urls = resolveServiceUrls('http://server.test:4000/v1');
  const list = (...ids: string[]) => ({ status: 200, json: { object: 'list', data: ids.map((id) => ({ id, object: 'model' })) } });
  const notFound: DiscoveryReply = { status: 404, json: { error: 'not found' } };

  it('a probe that does not answer in time is given up, noted as failed, and the rest of the catalogue stands', async () => {
    // The time limits are the test's: a probe's ends only when the test says its 50 ms have passed.
    const limits: { ms: number; passed: AbortController }[] = [];
    let propsAsked: () => void = () => undefined;
    const propsWaiting = new Promise<void>((resolve) => (propsAsked = resolve));
    const discovery = discoverModels({
      urls,
      probeTimeoutMs: 50,
      timeLimit: (ms) => {
        const passed = new AbortController();
        limits.push({ ms, passed });
        return passed.signal;
      },
      request: (request) => {
        if (request.url.endsWith('/v1/models')) return Promise.resolve(list('a'));
        if (request.url.endsWith('/props')) {
          propsAsked();
          return new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted'))));
        }
        return Promise.resolve(notFound);
      },
    });
    await propsWaiting;
    assert.ok(limits.length > 0 && limits.every((limit) => limit.ms === 50), `limits asked: ${limits.map((limit) => limit.ms).join(', ')}`);
    // 50 ms pass: every limit set so far ends; only /props was still waiting.
    for (const { passed } of limits) passed.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    const discovered = await discovery;
    assert.deepEqual(discovered.listedIds, ['a']);
    const props = discovered.endpoints.find((outcome) => outcome.endpoint === 'GET /props');
    assert.deepEqual([props?.outcome, props?.reason], ['failed', 'no answer within 50 ms']);
    assert.deepEqual(discovered.endpoints.filter((outcome) => outcome.outcome === 'failed').map((outcome) => outcome.endpoint), ['GET /props'], 'the probes that answered stand');
  });

  it('asks /api/show a few models at a time, each by name', async () => {
    let running = 0;
    let most = 0;
    const shown: unknown[] = [];
    const ids = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
    await discoverModels({
      urls,
      concurrency: 2,
      request: async (request: DiscoveryRequest) => {
        if (request.url.endsWith('/v1/models')) return list(...ids);
        if (request.url.endsWith('/api/tags')) return { status: 200, json: { models: ids.map((name) => ({ name })) } };
        if (!request.url.endsWith('/api/show')) return notFound;
        assert.equal(request.method, 'POST');
        running++;
        most = Math.max(most, running);
        shown.push(request.body);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return { status: 200, json: { parameters: 'num_ctx 2048', capabilities: ['completion'] } };
      },
    });
    assert.equal(most, 2);
    assert.deepEqual(shown, ids.map((model) => ({ model })));
  });

  it('without a model list (404) the richer endpoints still name the models', async () => {
    const discovered = await discoverModels({
      urls,
      request: (request) => Promise.resolve(request.url.endsWith('/api/tags') ? { status: 200, json: { models: [{ name: 'qwen3:0.6b' }] } } : request.url.endsWith('/api/show') ? { status: 200, json: { parameters: 'num_ctx 4096' } } : notFound),
    });
    assert.equal(discovered.listedIds, undefined);
    assert.deepEqual(facts(catalogueModels(discovered, {})[0]), { contextWindow: 4096 });
  });

  it('with a model list, a richer endpoint cannot add models the list does not name', async () => {
    const discovered = await discoverModels({
      urls,
      request: (request) =>
        Promise.resolve(
          request.url.endsWith('/v1/models') ? list('mine') : request.url.endsWith('/model_group/info') ? { status: 200, json: { data: [{ model_group: 'mine', max_input_tokens: 1000 }, { model_group: 'not-mine', max_input_tokens: 2000 }] } } : notFound,
        ),
    });
    assert.deepEqual(catalogueModels(discovered, {}).map((model) => [model.id, model.contextWindow]), [['mine', 1000]]);
  });

  it('gives every source its own place, so the order of outcomes and statements is never a tie', () => {
    const places = Object.values(SOURCE_PROBES).map((source) => source.place);
    assert.equal(new Set(places).size, places.length, places.join(', '));
  });

  it('the probes go to the server root whatever form the base URL has (OpenRouter-style /api prefix)', async () => {
    const asked: string[] = [];
    await discoverModels({ urls: resolveServiceUrls('https://router.test/api/v1/chat/completions'), request: (request) => (asked.push(request.url), Promise.resolve(request.url.endsWith('/v1/models') ? list('x') : notFound)) });
    assert.deepEqual(asked.sort(), ['https://router.test/api/api/tags', 'https://router.test/api/api/v0/models', 'https://router.test/api/model_group/info', 'https://router.test/api/props', 'https://router.test/api/v1/model/info', 'https://router.test/api/v1/models']);
  });
});

describe("discoverServerModels: through the ChatClient's port onto the transport", () => {
  it('a refused model list is the typed error the user can act on; a refused probe is only "absent"', async () => {
    const refused = fakeFetch(() => jsonResponse(401, { error: { message: 'Invalid API key' } }));
    await assert.rejects(discoverServerModels(new ChatClient({ fetch: refused.fetch, baseUrl: 'http://x' })), AuthenticationError);
    const probesRefused = fakeFetch((call) => (call.url.endsWith('/v1/models') ? jsonResponse(200, { object: 'list', data: [{ id: 'm' }] }) : jsonResponse(401, { error: { message: 'admin only' } })));
    const discovered = await discoverServerModels(new ChatClient({ fetch: probesRefused.fetch, baseUrl: 'http://x' }));
    assert.ok(discovered.endpoints.slice(1).every((outcome) => outcome.outcome === 'absent'));
  });

  it('sends the key and headers with every discovery request, and a JSON body to /api/show', async () => {
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/v1/models')) return jsonResponse(200, { object: 'list', data: [{ id: 'llama3.2:latest' }] });
      if (call.url.endsWith('/api/tags')) return jsonResponse(200, { models: [{ name: 'llama3.2:latest' }] });
      if (call.url.endsWith('/api/show')) return jsonResponse(200, { parameters: 'num_ctx 8192', capabilities: ['completion', 'tools'] });
      return jsonResponse(404, 'Not Found');
    });
    const discovered = await discoverServerModels(new ChatClient({ fetch, baseUrl: 'http://x', apiKey: KEY, headers: { 'X-Team': 'web' } }));
    assert.ok(calls.every((call) => call.headers['authorization'] === `Bearer ${KEY}` && call.headers['x-team'] === 'web'));
    assert.deepEqual(calls.find((call) => call.url.endsWith('/api/show'))?.body, { model: 'llama3.2:latest' });
    assert.deepEqual(facts(catalogueModels(discovered, {})[0]), { kind: 'chat', contextWindow: 8192, supportsTools: true, supportsVision: false, supportsReasoning: false });
  });

  it('a body that is not JSON (an HTML page at /props) is "absent", not a crash', async () => {
    const { fetch } = fakeFetch((call) => (call.url.endsWith('/v1/models') ? jsonResponse(200, { object: 'list', data: [{ id: 'm' }] }) : new Response('<html>hello</html>', { status: 200, headers: { 'content-type': 'text/html' } })));
    const discovered = await discoverServerModels(new ChatClient({ fetch, baseUrl: 'http://x' }));
    assert.ok(discovered.endpoints.slice(1).every((outcome) => outcome.outcome === 'absent'));
    assert.deepEqual(catalogueModels(discovered, {}), [{ id: 'm', sources: {} }]);
  });
});

describe("discoverModels: a 200 that says the route does not exist (LM Studio's \"Unexpected endpoint or method\")", () => {
  const recorded = () => loadDiscoveryFixtures('missing-route').find((fixture) => fixture.name.endsWith('/lm-studio-200-unexpected-endpoint'))!;

  it('is the endpoint being absent at every probe, even where a lenient parser would name the one model listed', async () => {
    const fixture = recorded();
    const missing: DiscoveryReply = { status: 200, json: JSON.parse(fixture.bodyText) as unknown };
    // One model listed: a server outside router mode serves one, so /props is read as that model's description.
    const discovered = await discoverModels({
      urls: resolveServiceUrls('http://localhost:1234/v1'),
      request: (request) => Promise.resolve(request.url.endsWith('/v1/models') ? { status: 200, json: { object: 'list', data: [{ id: 'qwen3-8b', object: 'model' }] } } : missing),
    });
    assert.deepEqual(
      discovered.endpoints.map(({ endpoint, outcome }) => `${endpoint} ${outcome}`),
      ['GET /v1/models read', 'GET /model/info absent', 'GET /model_group/info absent', 'GET /props absent', 'GET /api/v0/models absent', 'GET /api/tags absent'],
    );
    assert.deepEqual(catalogueModels(discovered, {}), [{ id: 'qwen3-8b', sources: {} }]);
  });

  it('at /v1/models it is no model list (the user types the name), not an error', async () => {
    const discovered = await discoverModels({ urls: resolveServiceUrls('http://localhost:1234'), request: () => Promise.resolve({ status: 200, json: JSON.parse(recorded().bodyText) as unknown }) });
    assert.equal(discovered.listedIds, undefined);
    assert.equal(discovered.endpoints[0]?.outcome, 'absent');
  });

  it('through the client’s port: the recorded bytes at every probe leave the catalogue as /v1/models made it', async () => {
    const { fetch } = fakeFetch((call) => (call.url.endsWith('/v1/models') ? jsonResponse(200, { object: 'list', data: [{ id: 'qwen3-8b' }] }) : new Response(recorded().bodyText, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } })));
    const discovered = await discoverServerModels(new ChatClient({ fetch, baseUrl: 'http://localhost:1234/v1' }));
    assert.ok(discovered.endpoints.slice(1).every((outcome) => outcome.outcome === 'absent'), JSON.stringify(discovered.endpoints));
  });
});

describe("a model list as a bare array (Together's GET /v1/models): read wherever a listing is read", () => {
  const together = () => loadDiscoveryFixtures('openai-models').find((fixture) => fixture.name.endsWith('/together-bare-array'))!.bodyText;
  const togetherFetch = () => fakeFetch((call) => (call.url.endsWith('/v1/models') ? new Response(together(), { status: 200, headers: { 'content-type': 'application/json' } }) : jsonResponse(404, { error: { message: 'not found' } })));

  it('discovery lists its models with their facts, through the client’s port', async () => {
    const discovered = await discoverServerModels(new ChatClient({ fetch: togetherFetch().fetch, baseUrl: 'https://api.together.xyz/v1', apiKey: KEY }));
    assert.deepEqual(discovered.listedIds, ['Austism/chronos-hermes-13b']);
    assert.deepEqual(discovered.endpoints[0], { endpoint: 'GET /v1/models', url: 'https://api.together.xyz/v1/models', outcome: 'read', models: 1 });
    assert.deepEqual(facts(catalogueModels(discovered, {})[0]), { kind: 'chat', contextWindow: 2048, maxContextWindow: 2048 });
  });

  it('the client’s own model list and the local-server probe read it too', async () => {
    assert.deepEqual(await new ChatClient({ fetch: togetherFetch().fetch, baseUrl: 'https://api.together.xyz/v1', apiKey: KEY }).listModels(), ['Austism/chronos-hermes-13b']);
    assert.deepEqual(readModelIds(JSON.parse(together())), ['Austism/chronos-hermes-13b']);
    const [target] = probeTargets([4242]).filter((candidate) => candidate.port === 4242);
    const found = identifyLocalServer(target!, { models: { status: 200, json: JSON.parse(together()) as unknown } });
    assert.deepEqual([found?.kind, found?.models], ['openai-compatible', ['Austism/chronos-hermes-13b']]);
  });
});

describe('discoverModels: a llama.cpp router (several models, /props per loaded model)', () => {
  const propsBody = (): unknown => JSON.parse(loadDiscoveryFixtures('llamacpp-props')[0]?.bodyText ?? '{}');
  // The entry shape and the status objects are the ones llama.cpp's README documents for a router's model list
  // (section "GET /models"); the ids are ours.
  const routerList = {
    object: 'list',
    data: [
      { id: 'ggml-org/gemma-3-4b-it-GGUF:Q4_K_M', object: 'model', status: { value: 'loaded', args: ['llama-server', '-ctx', '4096'] }, architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] } },
      { id: 'Qwen3-8B-Q4_K_M', object: 'model', status: { value: 'unloaded' }, architecture: { input_modalities: ['text'], output_modalities: ['text'] } },
      { id: 'llama-3.2-1b-Q4_K_M', object: 'model', status: { value: 'sleeping', args: ['llama-server', '-ctx', '4096'] } },
      { id: 'gemma-3-4b-it-Q8_0', object: 'model', status: { value: 'loaded', args: ['llama-server', '-ctx', '4096'] } },
    ],
  };

  it('asks /props?model= (autoload off) for each loaded model only, never the bare /props or a model not loaded', async () => {
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/v1/models')) return jsonResponse(200, routerList);
      if (call.url.includes('/props?model=')) return jsonResponse(200, propsBody());
      return jsonResponse(404, { error: { code: 404, message: 'File Not Found', type: 'not_found_error' } });
    });
    const discovered = await discoverServerModels(new ChatClient({ fetch, baseUrl: 'http://localhost:8080/v1' }));
    const props = calls.filter((call) => call.url.includes('/props')).map((call) => call.url);
    assert.deepEqual(props.sort(), [
      'http://localhost:8080/props?model=gemma-3-4b-it-Q8_0&autoload=false',
      'http://localhost:8080/props?model=ggml-org%2Fgemma-3-4b-it-GGUF%3AQ4_K_M&autoload=false',
    ]);
    const models = catalogueModels(discovered, {});
    assert.deepEqual(models.map((model) => model.id), routerList.data.map((entry) => entry.id));
    // The loaded model's own server: its slot's window, and no projector loaded, whatever the list computed offline.
    assert.deepEqual(facts(models[0]), { contextWindow: 1024, supportsVision: false });
    assert.deepEqual(models[0]?.sources.contextWindow, { endpoint: 'GET /props', field: 'default_generation_settings.n_ctx', basis: 'serving' });
    assert.deepEqual(facts(models[1]), { supportsVision: false });
    assert.deepEqual(facts(models[2]), {});
    assert.deepEqual(
      discovered.endpoints.filter((outcome) => outcome.endpoint === 'GET /props').map((outcome) => outcome.outcome),
      ['read', 'read'],
    );
  });

  it('a router with nothing loaded is asked no /props at all', async () => {
    const asked: string[] = [];
    const discovered = await discoverModels({
      urls: resolveServiceUrls('http://localhost:8080/v1'),
      request: (request) => (asked.push(request.url), Promise.resolve(request.url.endsWith('/v1/models') ? { status: 200, json: { object: 'list', data: [routerList.data[1]] } } : { status: 404, json: undefined })),
    });
    assert.ok(!asked.some((url) => url.includes('/props')), asked.join(', '));
    assert.deepEqual(discovered.listedIds, ['Qwen3-8B-Q4_K_M']);
  });

  it('a model unloaded between the list and its /props (the router answers 400 "model is not loaded") is noted absent', async () => {
    const discovered = await discoverModels({
      urls: resolveServiceUrls('http://localhost:8080/v1'),
      request: (request) =>
        Promise.resolve(
          request.url.endsWith('/v1/models')
            ? { status: 200, json: { object: 'list', data: [routerList.data[0]] } }
            : request.url.includes('/props?model=')
              ? { status: 400, json: { error: { code: 400, message: 'model is not loaded', type: 'invalid_request_error' } } }
              : { status: 404, json: undefined },
        ),
    });
    assert.equal(discovered.endpoints.find((outcome) => outcome.endpoint === 'GET /props')?.outcome, 'absent');
    assert.deepEqual(facts(catalogueModels(discovered, {})[0]), { supportsVision: true });
  });
});

describe('modelInfoFor', () => {
  it('a model nobody listed (typed by the user) has only its override; one listed has both', () => {
    const discovered = { statements: [{ id: 'listed', contextWindow: 4096, sources: { contextWindow: { endpoint: 'GET /v1/models' as const, field: 'max_model_len', basis: 'serving' as const } } }], listedIds: ['listed'], endpoints: [] };
    assert.deepEqual(facts(modelInfoFor('typed', discovered, { typed: { maxOutputTokens: 1000 } })), { maxOutputTokens: 1000 });
    assert.deepEqual(facts(modelInfoFor('typed', discovered, {})), {});
    assert.deepEqual(facts(modelInfoFor('listed', discovered, { listed: { tools: false } })), { contextWindow: 4096, supportsTools: false });
    assert.deepEqual(facts(modelInfoFor('listed', undefined, {})), {});
  });
});

describe('discoverModels: the window a loaded model runs with (LM Studio /api/v0/models, Ollama /api/ps)', () => {
  const notFound = { status: 404, json: undefined };
  const list = (...ids: string[]) => ({ status: 200, json: { object: 'list', data: ids.map((id) => ({ id, object: 'model' })) } });

  it('LM Studio: loaded_context_length (serving) wins over the trained max_context_length and over nothing in /v1/models', async () => {
    const recorded = loadDiscoveryFixtures('lmstudio-models').find((fixture) => fixture.name.endsWith('gemma-4-loaded-200k-of-262k'))!;
    const discovered = await discoverModels({
      urls: resolveServiceUrls('http://localhost:1234/v1/chat/completions'),
      request: (request) => Promise.resolve(request.url.endsWith('/v1/models') ? list('google/gemma-4-26b-a4b') : request.url.endsWith('/api/v0/models') ? { status: 200, json: JSON.parse(recorded.bodyText) as unknown } : notFound),
    });
    const [model] = catalogueModels(discovered, {});
    assert.equal(model?.contextWindow, 200_000);
    assert.deepEqual(model?.sources.contextWindow, { endpoint: 'GET /api/v0/models', field: 'loaded_context_length', basis: 'serving' });
    assert.equal(discovered.endpoints.find((outcome) => outcome.endpoint === 'GET /api/v0/models')?.outcome, 'read');
  });

  it('Ollama: /api/ps context_length (the loaded window) wins over /api/show\'s trained length; a model not loaded keeps /api/show\'s', async () => {
    const discovered = await discoverModels({
      urls: resolveServiceUrls('http://localhost:11434/v1/chat/completions'),
      request: (request) => {
        if (request.url.endsWith('/v1/models')) return Promise.resolve(list('qwen3:8b', 'llama3.2:latest'));
        if (request.url.endsWith('/api/tags')) return Promise.resolve({ status: 200, json: { models: [{ name: 'qwen3:8b' }, { name: 'llama3.2:latest' }] } });
        // The shape Ollama documents since context_length was added to /api/ps (ollama/ollama#11331); the values are ours.
        if (request.url.endsWith('/api/ps')) return Promise.resolve({ status: 200, json: { models: [{ name: 'qwen3:8b', model: 'qwen3:8b', context_length: 4096 }] } });
        if (request.url.endsWith('/api/show')) return Promise.resolve({ status: 200, json: { model_info: { 'general.architecture': 'qwen3', 'qwen3.context_length': 40960 } } });
        return Promise.resolve(notFound);
      },
    });
    const models = catalogueModels(discovered, {});
    assert.deepEqual(models.map((model) => [model.id, model.contextWindow, model.sources.contextWindow?.endpoint]), [
      ['qwen3:8b', 4096, 'GET /api/ps'],
      ['llama3.2:latest', 40960, 'POST /api/show'],
    ]);
  });
});
