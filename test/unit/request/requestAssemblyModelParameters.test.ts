// The body and headers every surface sends for a model with request parameters in its overrides: the sampling
// parameters under their wire names, the model's extra body over the profile's, its headers over the profile's, and
// nothing of it for another model.
import assert from 'node:assert/strict';
import { assembleRequests, type RequestSurface } from '../../../src/core/request/requestAssembly';
import { ChatClient } from '../../../src/core/client/chatClient';
import { emptyModelInfo } from '../../../src/core/protocol/modelInfo';
import { readExtensionSettings, type ExtensionSettings } from '../../../src/core/settings/extensionSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';
import type { ChatCompletionRequest } from '../../../src/core/protocol/messages';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { fakeFetch, jsonResponse } from '../../support/fakeFetch';

const SURFACES: RequestSurface[] = ['chat', 'ask-model', 'edit-selection', 'vscode-chat', 'test-connection'];
const messages = [{ role: 'user' as const, content: 'Hi' }];
const getter = (values: Record<string, unknown>) => (key: string) => values[key];

/** Settings as the host reads them: a profile extra body, and overrides for qwen at the top level and in the profile. */
function settingsRead(): ExtensionSettings {
  return readExtensionSettings(
    getter({
      model: 'qwen',
      extraBody: { temperature: 1, top_k: 40, user: 'me' },
      modelOverrides: { qwen: { temperature: 0.7, topP: 0.8, topK: 20, minP: 0.05, presencePenalty: 0.5, frequencyPenalty: 0.25, repetitionPenalty: 1.05, seed: 42, stop: ['</answer>'] } },
    }),
  );
}
const requestFrom = (settings: ExtensionSettings, surface: RequestSurface, model = settings.model): ChatCompletionRequest =>
  assembleRequests({ settings: { ...settings, model }, surface, modelInfo: emptyModelInfo(model) }).request(messages);

describe('per-model request parameters in the body (assembleRequests)', () => {
  it('every surface sends the model’s sampling parameters under their wire names, over the profile’s extra body', () => {
    const settings = settingsRead();
    for (const surface of SURFACES) {
      const { metadata: _metadata, ...body } = requestFrom(settings, surface);
      assert.deepEqual(
        body,
        {
          temperature: 0.7,
          top_k: 20,
          user: 'me',
          top_p: 0.8,
          min_p: 0.05,
          presence_penalty: 0.5,
          frequency_penalty: 0.25,
          repetition_penalty: 1.05,
          seed: 42,
          stop: ['</answer>'],
          model: 'qwen',
          messages,
          stream: true,
        },
        surface,
      );
    }
  });

  it('another model gets none of them: only the profile’s extra body', () => {
    const { metadata: _metadata, ...body } = requestFrom(settingsRead(), 'chat', 'llama');
    assert.deepEqual(body, { temperature: 1, top_k: 40, user: 'me', model: 'llama', messages, stream: true });
  });

  it('the connection test’s one-token probe and a summary carry them too (they test and use what every request sends)', () => {
    const assembly = assembleRequests({ settings: settingsRead(), surface: 'test-connection', modelInfo: emptyModelInfo('qwen') });
    const probe = assembly.request(messages, { stream: false, maxOutputTokens: 1 });
    assert.equal(probe.stream, false);
    assert.equal(probe['max_tokens'], 1);
    assert.equal(probe['temperature'], 0.7);
    assert.equal(probe['seed'], 42);
    assert.deepEqual(assembly.request(messages, { tools: [], maxOutputTokens: 300 })['stop'], ['</answer>']);
  });

  it('the model’s extra body goes over the profile’s; a named sampling parameter goes over both', () => {
    const settings = readExtensionSettings(
      getter({
        model: 'qwen',
        extraBody: { top_k: 40, chat_template_kwargs: { enable_thinking: true }, metadata: { team: 'a' } },
        modelOverrides: { qwen: { extraBody: { top_k: 10, chat_template_kwargs: { enable_thinking: false }, repeat_penalty: 1.1 }, topK: 5 } },
      }),
    );
    const request = requestFrom(settings, 'chat');
    assert.equal(request['top_k'], 5);
    assert.deepEqual(request['chat_template_kwargs'], { enable_thinking: false });
    assert.equal(request['repeat_penalty'], 1.1);
    assert.deepEqual(request.metadata, { team: 'a', generation_name: 'chat' }, 'the profile’s metadata is kept');
  });

  it('the profile’s override wins for its server, field by field, in the body', () => {
    const settings = readExtensionSettings(
      getter({
        activeProfile: 'Local',
        modelOverrides: { qwen: { temperature: 0.7, seed: 42 } },
        profiles: [{ name: 'Local', baseUrl: 'http://l', model: 'qwen', modelOverrides: { qwen: { temperature: 0.1 } } }],
      }),
    );
    const request = requestFrom(settings, 'vscode-chat');
    assert.equal(request['temperature'], 0.1);
    assert.equal(request['seed'], 42);
  });

  it('a model body that sets what Ask Model controls, or a bad field, is an error naming modelOverrides', () => {
    const base = { model: 'qwen', stream: true, metadata: { tags: [], generationName: '', traceUserId: '' }, extraBody: {} };
    assert.throws(
      () => buildChatRequest({ settings: { ...base, modelBody: { stream: false } }, messages }),
      (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.modelOverrides' && /cannot set "stream"/.test(error.message),
    );
    assert.throws(
      () => buildChatRequest({ settings: { ...base, modelBody: { tool_choice: 'sometimes' } }, messages }),
      (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.modelOverrides' && /"qwen": "tool_choice"/.test(error.message),
    );
  });
});

describe('per-model headers (the client)', () => {
  const okBody = { id: 'x', object: 'chat.completion', created: 1, model: 'qwen', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] };
  const request = (model: string): ChatCompletionRequest => ({ model, messages, stream: false });

  it('go with requests to their model only, over the profile’s header of the same name whatever its case', async () => {
    const server = fakeFetch(() => jsonResponse(200, okBody));
    const client = new ChatClient({
      fetch: server.fetch,
      baseUrl: 'http://x',
      apiKey: 'sk-secret',
      headers: { 'X-Team': 'ide', 'X-Route': 'default' },
      modelHeaders: { qwen: { 'x-route': 'gpu-pool', 'X-Extra': '1' } },
    });
    await client.complete(request('qwen'));
    await client.complete(request('llama'));
    const [qwen, llama] = server.calls.map((call) => call.headers);
    assert.equal(qwen?.['x-route'], 'gpu-pool');
    assert.equal(qwen?.['x-extra'], '1');
    assert.equal(qwen?.['x-team'], 'ide');
    assert.equal(qwen?.['authorization'], 'Bearer sk-secret');
    assert.equal(llama?.['x-route'], 'default');
    assert.equal(llama?.['x-extra'], undefined);
  });

  it('cannot set Authorization: the error names modelOverrides', () => {
    assert.throws(
      () => new ChatClient({ fetch: fakeFetch(() => jsonResponse(200, okBody)).fetch, baseUrl: 'http://x', modelHeaders: { qwen: { Authorization: 'Bearer other' } } }),
      (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.modelOverrides' && /cannot set Authorization/.test(error.message),
    );
  });
});
