// The model's entry in the catalogue shapes its requests: the user's answer-length limit under the spelling the model
// takes (and the other one if the server refuses it), the reasoning effort where the model can take one, no tools
// where it takes none. Unknown facts change nothing.
import assert from 'node:assert/strict';
import { applyOverride, mergeCatalogue, type ModelOverride } from '../../../src/core/catalogue/mergeCatalogue';
import { buildChatRequest, type RequestSettings } from '../../../src/core/request/buildChatRequest';
import { ChatClient } from '../../../src/core/client/chatClient';
import { CompatibilityMemory } from '../../../src/core/client/compatibilityMemory';
import { emptyModelInfo, type ModelInfo } from '../../../src/core/protocol/modelInfo';
import { modelRequestOptions, outputLimitFieldFor } from '../../../src/core/request/modelRequestOptions';
import { readExtensionSettings } from '../../../src/core/settings/extensionSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';
import type { ToolDefinition } from '../../../src/core/protocol/messages';
import { fakeFetch, jsonResponse } from '../../support/fakeFetch';

const messages = [{ role: 'user' as const, content: 'Hi' }];
const tool: ToolDefinition = { type: 'function', function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } };
const settingsFor = (info: ModelInfo, extraBody: Record<string, unknown> = {}): RequestSettings => ({
  model: info.id,
  stream: false,
  metadata: { tags: [], generationName: '', traceUserId: '' },
  extraBody,
  modelOptions: modelRequestOptions(info),
});
const withOverride = (id: string, override: ModelOverride, discovered: ModelInfo[] = []): ModelInfo => mergeCatalogue([emptyModelInfo(id), ...discovered], { [id]: override })[0] ?? applyOverride(emptyModelInfo(id), override);
const build = (info: ModelInfo, extraBody?: Record<string, unknown>) => buildChatRequest({ settings: settingsFor(info, extraBody), messages, tools: [tool] });

describe('the request for a model, from its catalogue entry', () => {
  it('sends nothing extra for a model nobody said anything about', () => {
    const request = build(emptyModelInfo('local-model'));
    assert.deepEqual(Object.keys(request).sort(), ['messages', 'model', 'stream', 'tool_choice', 'tools']);
  });

  it("sends the user's maxOutputTokens as max_tokens, or as max_completion_tokens to OpenAI's reasoning models", () => {
    assert.equal(build(withOverride('qwen2.5-coder', { maxOutputTokens: 2048 }))['max_tokens'], 2048);
    for (const model of ['o1', 'o3-mini', 'o4-mini-2025-04-16', 'openai/o3', 'azure/gpt-5-mini', 'gpt-5']) {
      const request = build(withOverride(model, { maxOutputTokens: 1000 }));
      assert.equal(request['max_completion_tokens'], 1000, model);
      assert.equal(request['max_tokens'], undefined, model);
    }
    for (const model of ['gpt-4o', 'ollama/o1lama', 'llama3.2:latest', 'orca-mini', 'gpt-4.1']) assert.equal(outputLimitFieldFor(model), 'max_tokens', model);
  });

  it("the model's limit replaces a profile-wide one in the extra body, whichever spelling it used", () => {
    const request = build(withOverride('o3', { maxOutputTokens: 500 }), { max_tokens: 9000, temperature: 0.1 });
    assert.deepEqual([request['max_tokens'], request['max_completion_tokens'], request['temperature']], [undefined, 500, 0.1]);
    assert.equal(build(emptyModelInfo('m'), { max_tokens: 9000 })['max_tokens'], 9000, 'without an override the extra body stands');
  });

  it("never sends the server's own maximum as a limit", () => {
    const listed: ModelInfo = { id: 'm', maxOutputTokens: 4096, sources: { maxOutputTokens: { endpoint: 'GET /model_group/info', field: 'max_output_tokens', basis: 'listing' } } };
    assert.equal(build(listed)['max_tokens'], undefined);
  });

  it('sends reasoning_effort where the model can take it (unknown included), not where the server says it cannot reason', () => {
    assert.equal(build(withOverride('o4-mini', { reasoningEffort: 'high' }))['reasoning_effort'], 'high');
    const reasons: ModelInfo = { id: 'r', supportsReasoning: true, sources: { supportsReasoning: { endpoint: 'GET /v1/models', field: 'supported_parameters', basis: 'listing' } } };
    assert.equal(build(withOverride('r', { reasoningEffort: 'low' }, [reasons]))['reasoning_effort'], 'low');
    const cannot: ModelInfo = { id: 'c', supportsReasoning: false, sources: { supportsReasoning: { endpoint: 'POST /api/show', field: 'capabilities', basis: 'serving' } } };
    assert.equal(build(withOverride('c', { reasoningEffort: 'low' }, [cannot]))['reasoning_effort'], undefined);
  });

  it('offers no tools to a model with tools off (the override, or the server saying it takes none)', () => {
    const off = build(withOverride('m', { tools: false }));
    assert.deepEqual([off.tools, off.tool_choice], [undefined, undefined]);
    const ollamaNoTools: ModelInfo = { id: 'gemma', supportsTools: false, sources: { supportsTools: { endpoint: 'POST /api/show', field: 'capabilities', basis: 'serving' } } };
    assert.equal(build(ollamaNoTools).tools, undefined);
    assert.equal(build(withOverride('gemma', { tools: true }, [ollamaNoTools])).tools?.length, 1, "the user's word wins");
  });
});

describe('the compatibility resend for a refused field', () => {
  const okBody = { id: 'x', object: 'chat.completion', created: 1, model: 'o3', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] };
  const refusing = (refuse: (body: Record<string, unknown>) => string | undefined) =>
    fakeFetch((call) => {
      const problem = refuse(call.body as Record<string, unknown>);
      return problem === undefined ? jsonResponse(200, okBody) : jsonResponse(400, { error: { message: problem, type: 'invalid_request_error', param: null, code: 'unsupported_parameter' } });
    });

  it("a server refusing max_tokens (OpenAI's words) gets max_completion_tokens, and keeps getting it", async () => {
    const server = refusing((body) => ('max_tokens' in body ? "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." : undefined));
    const client = new ChatClient({ fetch: server.fetch, baseUrl: 'http://x', compatibility: new CompatibilityMemory() });
    const request = buildChatRequest({ settings: settingsFor(withOverride('my-proxy-alias', { maxOutputTokens: 64 })), messages });
    assert.equal((await client.complete(request)).text, 'ok');
    assert.deepEqual(server.calls.map((call) => [(call.body as Record<string, unknown>)['max_tokens'], (call.body as Record<string, unknown>)['max_completion_tokens']]), [[64, undefined], [undefined, 64]]);
    await client.complete(request);
    assert.equal((server.calls[2]?.body as Record<string, unknown>)['max_completion_tokens'], 64, 'remembered for the endpoint');
    assert.equal(server.calls.length, 3);
  });

  it('a server refusing max_completion_tokens gets max_tokens', async () => {
    const server = refusing((body) => ('max_completion_tokens' in body ? '[{"loc":["body","max_completion_tokens"],"msg":"Extra inputs are not permitted"}]' : undefined));
    const request = buildChatRequest({ settings: settingsFor(withOverride('o3', { maxOutputTokens: 64 })), messages });
    assert.equal((await new ChatClient({ fetch: server.fetch, baseUrl: 'http://x' }).complete(request)).text, 'ok');
    assert.equal((server.calls[1]?.body as Record<string, unknown>)['max_tokens'], 64);
  });

  it('a refused reasoning_effort is dropped and remembered; a limit too large for the window reaches the user', async () => {
    const server = refusing((body) => ('reasoning_effort' in body ? "Unrecognized request argument supplied: reasoning_effort" : undefined));
    const client = new ChatClient({ fetch: server.fetch, baseUrl: 'http://x' });
    const request = buildChatRequest({ settings: settingsFor(withOverride('m', { reasoningEffort: 'low' })), messages });
    assert.equal((await client.complete(request)).text, 'ok');
    await client.complete(request);
    assert.deepEqual(server.calls.map((call) => 'reasoning_effort' in (call.body as object)), [true, false, false]);

    const tooLarge = refusing(() => "'max_tokens' or 'max_completion_tokens' is too large: 9000. This model's maximum context length is 8096 tokens");
    const big = buildChatRequest({ settings: settingsFor(withOverride('m', { maxOutputTokens: 9000 })), messages });
    await assert.rejects(new ChatClient({ fetch: tooLarge.fetch, baseUrl: 'http://x', maxRetries: 0 }).complete(big), /too large/);
    assert.equal(tooLarge.calls.length, 1, 'not resent under the other spelling');
  });
});

describe('askModel.modelOverrides', () => {
  const getter = (values: Record<string, unknown>) => (key: string) => values[key];
  const refuses = (values: Record<string, unknown>, setting: string, pattern: RegExp) =>
    assert.throws(() => readExtensionSettings(getter(values)), (error: unknown) => error instanceof SettingsError && error.setting === setting && pattern.test(error.message));

  it('is read for the Default profile, and applies under each profile with the profile’s own on top', () => {
    const values = { modelOverrides: { 'gpt-4o': { maxOutputTokens: 4096, tools: false } }, profiles: [{ name: 'Local', baseUrl: 'http://l', modelOverrides: { qwen: { contextWindow: 32768 } } }] };
    assert.deepEqual(readExtensionSettings(getter(values)).modelOverrides, { 'gpt-4o': { maxOutputTokens: 4096, tools: false } });
    assert.deepEqual(readExtensionSettings(getter({ ...values, activeProfile: 'Local' })).modelOverrides, { 'gpt-4o': { maxOutputTokens: 4096, tools: false }, qwen: { contextWindow: 32768 } });
    assert.deepEqual(readExtensionSettings(getter({})).modelOverrides, {});
  });

  it('sendReasoning becomes the catalogue flag the client reads (the user’s word, shown as from the override)', () => {
    const values = { modelOverrides: { 'deepseek-reasoner': { sendReasoning: true }, 'gpt-4o': { sendReasoning: false } } };
    const overrides = readExtensionSettings(getter(values)).modelOverrides;
    const info = withOverride('deepseek-reasoner', overrides['deepseek-reasoner'] ?? {});
    assert.equal(info.sendsReasoningBack, true);
    assert.equal(info.sources.sendsReasoningBack?.basis, 'override');
    assert.equal(withOverride('gpt-4o', overrides['gpt-4o'] ?? {}).sendsReasoningBack, false);
    assert.equal(withOverride('qwen', {}).sendsReasoningBack, undefined, 'unset: learnt from the server');
    refuses({ modelOverrides: { 'deepseek-reasoner': { sendReasoning: 'yes' } } }, 'askModel.modelOverrides', /"deepseek-reasoner"\.sendReasoning must be true or false/);
  });

  it('a bad override names the model and the field, and what it must be', () => {
    refuses({ modelOverrides: { 'gpt-4o': { maxOutputTokens: 0 } } }, 'askModel.modelOverrides', /"gpt-4o"\.maxOutputTokens must be a whole number of tokens/);
    refuses({ modelOverrides: { 'gpt-4o': { maxTokens: 100 } } }, 'askModel.modelOverrides', /"gpt-4o": "maxTokens" is not a model setting; the settings are contextWindow, maxOutputTokens/);
    refuses({ modelOverrides: { 'gpt-4o': { reasoningEffort: 'very high' } } }, 'askModel.modelOverrides', /reasoningEffort must be an effort/);
    refuses({ modelOverrides: ['gpt-4o'] }, 'askModel.modelOverrides', /must be an object of model names/);
    refuses({ activeProfile: 'Local', profiles: [{ name: 'Local', baseUrl: 'http://l', modelOverrides: { qwen: { tools: 'no' } } }] }, 'askModel.profiles', /profile "Local": modelOverrides "qwen"\.tools must be true or false/);
  });
});
