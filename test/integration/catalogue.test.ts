// The model catalogue in a real extension host, against the reference server answering as each kind of server does
// (from the recorded discovery bodies): Test Connection asks the cheap endpoints first and reports what it found per
// model; the per-model overrides reach the requests; a model with tools off is offered none.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { textTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection, settleLanguageModels } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface Report {
  ok: boolean;
  message: string;
  models?: string[];
  readiness?: { ready: boolean; summary: string };
  discovered?: { id: string; detail: string }[];
  endpoints?: { endpoint: string; outcome: string }[];
}

const KEY = 'sk-catalogue-test-key';
const testConnection = (): Thenable<Report> => vscode.commands.executeCommand<Report>('askModel.testConnection');
const requested = (server: ReferenceServer): string[] => server.requests.map((request) => `${request.method} ${new URL(request.path, 'http://x').pathname}`);
const detailOf = (report: Report, id: string): string | undefined => report.discovered?.find((model) => model.id === id)?.detail;
const lastChatBody = (server: ReferenceServer): Record<string, unknown> =>
  server.requests.filter((request) => request.path.endsWith('/chat/completions')).at(-1)?.body as Record<string, unknown>;

describe('model catalogue in a real extension host', function () {
  this.timeout(30_000);
  const servers = {
    litellm: useReferenceServer({ discovery: 'litellm', apiKey: KEY }),
    ollama: useReferenceServer({ discovery: 'ollama', apiKey: KEY }),
    vllm: useReferenceServer({ discovery: 'vllm', apiKey: KEY }),
    'llama.cpp': useReferenceServer({ discovery: 'llama.cpp', apiKey: KEY }),
  };
  /** Makes `discovery`'s server the one the settings name, with its key. */
  const connect = async (discovery: keyof typeof servers): Promise<ReferenceServer> => {
    const server = servers[discovery]();
    await configure({ baseUrl: server.url });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: KEY });
    return server;
  };

  // Before the settings are restored: the key of the server the last test named.
  after(() => vscode.commands.executeCommand('askModel.clearApiKey'));
  useSettings();
  before(activateExtension);
  beforeEach(() => openWithSelection('hello.ts', [1, 3]));
  afterEach(closeAllEditors);

  it('LiteLLM: Test Connection asks /health/readiness, then the models and their info, then one token; never /health', async () => {
    const server = await connect('litellm');
    await configure({ model: 'gpt-3.5-turbo' });
    await settleLanguageModels();
    server.reset();
    const report = await testConnection();
    assert.equal(report.ok, true, report.message);
    assert.equal(report.readiness?.ready, true);
    assert.match(report.readiness?.summary ?? '', /healthy, LiteLLM 1\.74\.9/);
    assert.equal(detailOf(report, 'gpt-3.5-turbo'), '16.4K context · 4K out · $1.50 / $2.00 per M · tools');
    assert.equal(detailOf(report, 'llava-hf'), 'vision');
    assert.equal(detailOf(report, 'rerank-english-v3.0'), '', 'nothing invented for a model nobody described');
    assert.match(report.message, /Proxy ready .*gpt-3\.5-turbo \(16\.4K context/);
    const order = requested(server);
    assert.ok(!order.includes('GET /health'), order.join(', '));
    assert.equal(order[0], 'GET /health/readiness');
    assert.equal(order[1], 'GET /v1/models');
    // The one token last but for the key's spend and budget (LiteLLM's /key/info), asked after it so its cost is counted.
    assert.deepEqual(order.slice(-2), ['POST /v1/chat/completions', 'GET /key/info']);
    assert.ok(order.includes('GET /v1/model/info') && order.includes('GET /model_group/info'));
    // The readiness probe is unauthenticated on LiteLLM; every model endpoint got the key.
    assert.ok(server.requests.filter((request) => !request.path.startsWith('/health')).every((request) => request.headers['authorization'] === `Bearer ${KEY}`));
  });

  it('Ollama: /api/tags, then /api/ps and /api/show per model; the window and capabilities per model', async () => {
    const server = await connect('ollama');
    await configure({ model: 'gpt-oss:120b' });
    await settleLanguageModels();
    server.reset();
    const report = await testConnection();
    assert.equal(report.ok, true, report.message);
    assert.equal(report.readiness, undefined, 'no readiness endpoint, no readiness claim');
    assert.deepEqual(report.models, ['deepseek-v3.1:671b', 'gpt-oss:120b', 'gpt-oss:20b']);
    assert.equal(detailOf(report, 'gpt-oss:120b'), '128K context · tools, reasoning');
    assert.equal(requested(server).filter((request) => request === 'POST /api/show').length, 3);
    assert.match(report.message, /Details from GET \/api\/tags, GET \/api\/ps, POST \/api\/show/);
  });

  it('llama.cpp and vLLM: the window the server enforces; an override wins and is what the report shows', async () => {
    await connect('llama.cpp');
    const llama = await testConnection();
    assert.equal(detailOf(llama, '../models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf'), '1K context (model max 128K)', "the slot's window; n_ctx_train only as the model's maximum");
    await connect('vllm');
    await configure({ modelOverrides: { 'meta-llama/Meta-Llama-3.1-8B-Instruct': { contextWindow: 4096, tools: false } } });
    const vllm = await testConnection();
    assert.equal(detailOf(vllm, 'meta-llama/Meta-Llama-3.1-8B-Instruct'), '4K context');
  });

  it("the model's overrides reach its requests: max_tokens, reasoning_effort; tools off offers none", async () => {
    const server = await connect('litellm');
    await configure({ model: 'gpt-3.5-turbo', modelOverrides: { 'gpt-3.5-turbo': { maxOutputTokens: 256, reasoningEffort: 'low', tools: false } }, extraBody: { max_tokens: 9000 } });
    server.script(textTurn('Asked.'), textTurn('Edited.'));
    const asked = await vscode.commands.executeCommand<{ status: string }>('askModel.ask', { question: 'Limits?' });
    assert.equal(asked.status, 'done');
    const body = lastChatBody(server);
    assert.deepEqual([body['max_tokens'], body['reasoning_effort']], [256, 'low']);
    const edited = await vscode.commands.executeCommand<{ status: string }>('askModel.editSelection', { instruction: 'Anything' });
    assert.equal(edited.status, 'done', JSON.stringify(edited));
    assert.equal(lastChatBody(server)['tools'], undefined, 'no tools for a model with tools off');
  });

  it('a bad override is an error naming the setting, the model and the field; nothing is sent', async () => {
    const server = await connect('vllm');
    await settleLanguageModels();
    server.reset();
    await configure({ model: 'meta-llama/Meta-Llama-3.1-8B-Instruct', modelOverrides: { 'meta-llama/Meta-Llama-3.1-8B-Instruct': { maxTokens: 10 } } });
    const result = await vscode.commands.executeCommand<{ status: string; error?: { message: string } }>('askModel.ask', { question: 'Bad?' });
    assert.equal(result.status, 'error');
    assert.match(result.error?.message ?? '', /askModel\.modelOverrides.*"maxTokens" is not a model setting/);
    assert.equal(server.requests.length, 0);
  });
});
