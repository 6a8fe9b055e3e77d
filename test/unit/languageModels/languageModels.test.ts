// VS Code's language model API onto our requests and back, with plain objects in the shapes VS Code hands a provider
// (its part classes are recognised by their fields; src/core/languageModels).
import assert from 'node:assert/strict';
import { ASSUMED_CONTEXT_WINDOW, languageModelId, languageModelInformation, reasoningEffortSchema, SERVER_DEFAULT_EFFORT, withModelConfiguration } from '../../../src/core/languageModels/languageModelCatalogue';
import { LanguageModelAnswer, languageModelErrorCode, languageModelTokenCount } from '../../../src/core/languageModels/languageModelAnswer';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { chatMessagesFromLanguageModel, toolChoiceFor, toolDefinitionsFromLanguageModel } from '../../../src/core/languageModels/languageModelMessages';
import { createHttpError } from '../../../src/core/errors/httpErrors';
import { emptyTokenCalibration, recordPromptUsage } from '../../../src/core/context/tokenCalibration';
import { estimateMessageTokens, estimateTextTokens } from '../../../src/core/context/estimateTokens';
import { modelRequestOptions } from '../../../src/core/request/modelRequestOptions';
import { ServerTokenCounter } from '../../../src/core/context/serverTokenCounter';
import { newTokenCountState, tokenCountUrls } from '../../../src/core/context/tokenCountServers';
import { FakeTokenCountPort } from '../../support/fakes/context/fakeTokenCountPort';
import { requestSettingsFor } from '../../../src/core/request/requestAssembly';
import { readExtensionSettings } from '../../../src/core/settings/extensionSettings';
import type { ChatDone, ChatEvent } from '../../../src/core/stream/events';
import type { ModelInfo } from '../../../src/core/protocol/modelInfo';

const USER = 1;
const ASSISTANT = 2;
const SYSTEM = 3;
const text = (value: string) => ({ value });
const toolCall = (callId: string, name: string, input: object) => ({ callId, name, input });
const toolResult = (callId: string, content: unknown[]) => ({ callId, content });
const data = (value: string, mimeType: string) => ({ mimeType, data: new TextEncoder().encode(value) });

const httpError = (status: number) => createHttpError({ status, url: 'http://127.0.0.1:4000/v1/chat/completions', serverMessage: 'said so', body: '', headers: {}, hadApiKey: true });

function done(promptTokens?: number): ChatDone {
  return {
    finishReason: 'stop',
    model: 'm',
    id: undefined,
    usage: promptTokens === undefined ? undefined : { prompt_tokens: promptTokens, completion_tokens: 1 },
    responseMs: undefined,
    timings: { timeToFirstByteMs: 1, timeToFirstTokenMs: 1, totalMs: 2, tokensPerSecond: undefined, tokensPerSecondEstimated: false },
    streamed: true,
    refused: false,
    ignoredChoices: [],
    headers: {} as ChatDone['headers'],
  };
}

describe('VS Code language models: messages in', () => {
  it('maps user, assistant and system text, joining a message\'s text parts', () => {
    const messages = chatMessagesFromLanguageModel([
      { role: SYSTEM, content: [text('Be brief.')] },
      { role: USER, content: [text('What is '), text('2+2?')] },
      { role: ASSISTANT, content: [text('4')] },
    ]);
    assert.deepEqual(messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: '4' },
    ]);
  });

  it('carries a tool round: the assistant\'s calls as tool_calls (input as JSON), the results as tool messages before the user\'s text', () => {
    const messages = chatMessagesFromLanguageModel([
      { role: USER, content: [text('Weather in Oslo?')] },
      { role: ASSISTANT, content: [text('Looking.'), toolCall('call_1', 'get_weather', { city: 'Oslo' }), toolCall('call_2', 'get_time', {})] },
      { role: USER, content: [text('and be quick'), toolResult('call_1', [text('3 °C'), text(', rain')]), toolResult('call_2', [data('{"h":9}', 'application/json')])] },
    ]);
    assert.deepEqual(messages, [
      { role: 'user', content: 'Weather in Oslo?' },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '3 °C, rain' },
      { role: 'tool', tool_call_id: 'call_2', content: '{"h":9}' },
      { role: 'user', content: 'and be quick' },
    ]);
  });

  it('sends an assistant message of calls only with content null, and no empty user message after bare tool results', () => {
    const messages = chatMessagesFromLanguageModel([
      { role: ASSISTANT, content: [toolCall('c', 'f', { a: 1 })] },
      { role: USER, content: [toolResult('c', [text('ok')])] },
    ]);
    assert.deepEqual(messages, [
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] },
      { role: 'tool', tool_call_id: 'c', content: 'ok' },
    ]);
  });

  it('names a part it cannot send (an image to a model not known to read them) instead of dropping it silently, and keeps a prompt-tsx part as JSON', () => {
    const [message] = chatMessagesFromLanguageModel([{ role: USER, content: [text('Look: '), { mimeType: 'image/png', data: new Uint8Array(10) }, { value: { node: 1 } }] }]);
    assert.deepEqual(message, { role: 'user', content: 'Look: [image/png content of 10 bytes left out: this model is not known to read images]{"node":1}' });
    const [binary] = chatMessagesFromLanguageModel([{ role: USER, content: [{ mimeType: 'application/zip', data: new Uint8Array(3) }] }], { readsImages: true });
    assert.deepEqual(binary, { role: 'user', content: '[application/zip content of 3 bytes left out: Ask Model sends only text and images]' });
  });

  it('sends a user message\'s images to a model that reads them as image_url parts with data: URLs, in the order given', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const messages = chatMessagesFromLanguageModel(
      [
        { role: ASSISTANT, content: [toolCall('c', 'screenshot', {})] },
        { role: USER, content: [toolResult('c', [text('taken')]), text('What is in '), text('this? '), { mimeType: 'IMAGE/PNG', data: png }, text('And this:'), { mimeType: 'image/jpeg', data: new Uint8Array([0xff, 0xd8]) }] },
      ],
      { readsImages: true },
    );
    assert.deepEqual(messages.slice(1), [
      { role: 'tool', tool_call_id: 'c', content: 'taken' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in this? ' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } },
          { type: 'text', text: 'And this:' },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9g=' } },
        ],
      },
    ]);
    const settings = requestSettingsFor(readExtensionSettings((key) => ({ model: 'm' })[key]), 'vscode-chat');
    assert.equal(buildChatRequest({ settings, messages }).messages.length, 3, 'passes the request schema');
    assert.ok(estimateMessageTokens(messages[2]!) > 700, 'an image counts as the tokens a vision model spends on it');
  });

  it('encodes a large image whole (base64 in chunks, not one argument per byte)', () => {
    const bytes = new Uint8Array(300_000).map((_, index) => index % 251);
    const [message] = chatMessagesFromLanguageModel([{ role: USER, content: [{ mimeType: 'image/webp', data: bytes }] }], { readsImages: true });
    const part = (message?.content as { type: string; image_url?: { url: string } }[])[0];
    assert.equal(part?.image_url?.url, `data:image/webp;base64,${Buffer.from(bytes).toString('base64')}`);
  });

  it('the mapped conversation passes the request schema', () => {
    const settings = requestSettingsFor(readExtensionSettings((key) => ({ model: 'm', 'metadata.tags': ['team'] })[key]), 'vscode-chat');
    const request = buildChatRequest({
      settings,
      messages: chatMessagesFromLanguageModel([
        { role: USER, content: [text('hi')] },
        { role: ASSISTANT, content: [toolCall('c', 'f', {})] },
        { role: USER, content: [toolResult('c', [text('done')])] },
      ]),
      tools: toolDefinitionsFromLanguageModel([{ name: 'f', description: 'does f' }]),
      toolChoice: toolChoiceFor(2),
    });
    assert.deepEqual(request.metadata, { tags: ['team'], generation_name: 'vscode-chat' });
    assert.equal(request.tool_choice, 'required');
    assert.equal(request.messages.length, 3);
  });
});

describe('VS Code language models: earlier answers\' thinking', () => {
  it('goes back as the assistant message\'s reasoning_content (the transport decides whether to send it), never as its text', () => {
    const messages = chatMessagesFromLanguageModel([
      { role: USER, content: [text('Weather?')] },
      { role: ASSISTANT, content: [{ thinking: 'Check Oslo.' }, text('Sunny.')] },
      { role: ASSISTANT, content: [{ thinking: 'Call it.' }, { callId: 'c1', name: 'get_weather', input: { city: 'Oslo' } }] },
      { role: ASSISTANT, content: [text('No thought.')] },
    ]);
    assert.deepEqual(messages.slice(1), [
      { role: 'assistant', content: 'Sunny.', reasoning_content: 'Check Oslo.' },
      { role: 'assistant', content: null, reasoning_content: 'Call it.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'assistant', content: 'No thought.' },
    ]);
  });
});

describe('VS Code language models: tools and tool mode', () => {
  it('makes function definitions from the caller\'s tools; one without a schema takes an empty object', () => {
    const tools = toolDefinitionsFromLanguageModel([
      { name: 'get_weather', description: 'Weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      { name: 'now', description: '' },
    ]);
    assert.deepEqual(tools, [
      { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
      { type: 'function', function: { name: 'now', parameters: { type: 'object', properties: {} } } },
    ]);
    assert.deepEqual(toolDefinitionsFromLanguageModel(undefined), []);
  });

  it('Required asks for a call, Auto (and anything else) leaves it to the model', () => {
    assert.equal(toolChoiceFor(2), 'required');
    assert.equal(toolChoiceFor(1), 'auto');
    assert.equal(toolChoiceFor(undefined), 'auto');
  });
});

describe('VS Code language models: the catalogue as the model list', () => {
  const info = (facts: Partial<ModelInfo>): ModelInfo => ({ id: 'qwen2.5-coder:7b', sources: {}, ...facts });

  it('gives the window as input + output, the capabilities from the catalogue, and an id unique per profile', () => {
    const entry = languageModelInformation('Local', info({ contextWindow: 32_768, maxOutputTokens: 8192, supportsTools: true, supportsVision: true }));
    assert.equal(entry.id, 'Local/qwen2.5-coder:7b');
    assert.equal(entry.name, 'qwen2.5-coder:7b');
    assert.equal(entry.detail, 'Local');
    assert.equal(entry.maxInputTokens, 32_768 - 8192);
    assert.equal(entry.maxOutputTokens, 8192);
    assert.deepEqual(entry.capabilities, { toolCalling: true, imageInput: true });
    assert.deepEqual([entry.profile, entry.model], ['Local', 'qwen2.5-coder:7b']);
    assert.match(entry.tooltip, /32K context · 8K out · tools, vision/);
  });

  it('offers tools unless the server or the user said none, images only when stated', () => {
    assert.deepEqual(languageModelInformation('P', info({})).capabilities, { toolCalling: true, imageInput: false });
    assert.deepEqual(languageModelInformation('P', info({ supportsTools: false, supportsVision: false })).capabilities, { toolCalling: false, imageInput: false });
  });

  it('assumes a small window when nobody stated one, and says so in the tooltip', () => {
    const entry = languageModelInformation('P', info({}));
    assert.equal(entry.maxInputTokens + entry.maxOutputTokens, ASSUMED_CONTEXT_WINDOW);
    assert.equal(entry.maxOutputTokens, 4096);
    assert.match(entry.tooltip, /window not stated by the server/);
  });

  it('a window an overflow taught wins over the catalogue\'s', () => {
    const entry = languageModelInformation('P', info({ contextWindow: 128_000 }), { contextWindow: 8192 });
    assert.equal(entry.maxInputTokens + entry.maxOutputTokens, 8192);
  });

  it('the same model on two profiles gets two ids; a profile name with a slash cannot collide', () => {
    assert.notEqual(languageModelId('A', 'm'), languageModelId('B', 'm'));
    assert.notEqual(languageModelId('a/b', 'c'), languageModelId('a', 'b/c'));
  });
});

describe('VS Code language models: the reasoning-effort choice', () => {
  const info = (facts: Partial<ModelInfo>): ModelInfo => ({ id: 'o4-mini', sources: {}, ...facts });
  const effort = (facts: Partial<ModelInfo>) => reasoningEffortSchema(info(facts))?.properties.reasoningEffort;

  it('is offered where the catalogue says the model reasons or the override names an effort, and nowhere else', () => {
    assert.equal(effort({}), undefined);
    assert.equal(effort({ supportsReasoning: false, reasoningEffort: 'high' }), undefined, 'a model that cannot reason is never sent one');
    assert.deepEqual(effort({ supportsReasoning: true })?.enum, [SERVER_DEFAULT_EFFORT, 'low', 'medium', 'high']);
    assert.equal(effort({ supportsReasoning: true })?.default, SERVER_DEFAULT_EFFORT, 'by default nothing is sent: the server decides');
    assert.deepEqual(effort({ reasoningEffort: 'minimal' })?.enum, ['low', 'medium', 'high', 'minimal'], 'the override\'s own level is offered too');
    assert.equal(effort({ reasoningEffort: 'high' })?.default, 'high', 'the default is what the user already chose');
    assert.deepEqual(languageModelInformation('P', info({ supportsReasoning: true })).configurationSchema, reasoningEffortSchema(info({ supportsReasoning: true })));
    assert.equal(languageModelInformation('P', info({})).configurationSchema, undefined);
    assert.equal(languageModelInformation('P', info({})).isUserSelectable, true);
  });

  it('the choice arriving with a request is the effort sent; the server\'s default sends none; anything else changes nothing', () => {
    const reasoning = info({ supportsReasoning: true });
    const sent = (configuration: unknown, model = reasoning) =>
      buildChatRequest({ settings: { ...requestSettingsFor(readExtensionSettings(() => undefined), 'vscode-chat'), model: model.id, modelOptions: modelRequestOptions(withModelConfiguration(model, configuration)) }, messages: [{ role: 'user', content: 'Hi' }] })['reasoning_effort'];
    assert.equal(sent({ reasoningEffort: 'high' }), 'high');
    assert.equal(sent({ reasoningEffort: SERVER_DEFAULT_EFFORT }), undefined);
    assert.equal(sent({ reasoningEffort: SERVER_DEFAULT_EFFORT }, info({ reasoningEffort: 'low', supportsReasoning: true })), 'low', 'not a level of this model: its own choice stands');
    assert.equal(sent({ reasoningEffort: 'extreme' }), undefined, 'a level it was not offered');
    assert.equal(sent(undefined, info({ reasoningEffort: 'low' })), 'low');
    assert.equal(sent({ reasoningEffort: 'high' }, info({})), undefined, 'a model offered no choice is sent none');
  });
});

describe('VS Code language models: the answer out', () => {
  const call = { index: 0, id: 'call_1', idGenerated: false, name: 'get_weather', argumentsText: '{"city":"Oslo"}', arguments: { city: 'Oslo' } };

  it('reports text (a batch\'s pieces joined) and assembled tool calls, not reasoning', () => {
    const answer = new LanguageModelAnswer();
    const events: ChatEvent[] = [
      { type: 'reasoning', text: 'hmm' },
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'toolCall', call },
      { type: 'text', text: '!' },
      { type: 'done', done: done(42) },
    ];
    assert.deepEqual(answer.partsOf(events), [
      { type: 'text', value: 'Hello' },
      { type: 'toolCall', callId: 'call_1', name: 'get_weather', input: { city: 'Oslo' } },
      { type: 'text', value: '!' },
    ]);
    assert.equal(answer.promptTokens, 42);
    assert.equal(answer.failure(), undefined);
  });

  it('where VS Code has thinking parts: reasoning as thinking parts, in order with the text; how the answer ended kept', () => {
    const answer = new LanguageModelAnswer({ thinking: true });
    const parts = answer.partsOf([
      { type: 'reasoning', text: 'Let me ' },
      { type: 'reasoning', text: 'think.' },
      { type: 'text', text: 'Sunny.' },
      { type: 'reasoning', text: 'Check again.' },
      { type: 'done', done: done(7) },
    ]);
    assert.deepEqual(parts, [
      { type: 'thinking', value: 'Let me think.' },
      { type: 'text', value: 'Sunny.' },
      { type: 'thinking', value: 'Check again.' },
    ]);
    assert.equal(answer.done?.usage?.prompt_tokens, 7);
  });

  it('never reports a broken tool call; the answer then fails with the call\'s message', () => {
    const answer = new LanguageModelAnswer();
    const parts = answer.partsOf([
      { type: 'text', text: 'Calling.' },
      { type: 'toolCallError', call: { index: 0, id: 'call_x', name: 'get_weather', argumentsText: '{"city": "Os', problem: 'truncated', message: 'The call to get_weather was cut off.' } },
    ]);
    assert.deepEqual(parts, [{ type: 'text', value: 'Calling.' }]);
    assert.match(answer.failure()?.message ?? '', /cannot be run.*The call to get_weather was cut off\./);
  });

  it('names the LanguageModelError code for keys, rate limits and unknown models; any other error has none', () => {
    assert.equal(languageModelErrorCode(httpError(401)), 'NoPermissions');
    assert.equal(languageModelErrorCode(httpError(403)), 'NoPermissions');
    assert.equal(languageModelErrorCode(httpError(429)), 'Blocked');
    assert.equal(languageModelErrorCode(httpError(404)), 'NotFound');
    assert.equal(languageModelErrorCode(httpError(500)), undefined);
    assert.equal(languageModelErrorCode(new Error('x')), undefined);
    assert.match(httpError(429).message, /The server said: "said so"/);
  });
});

describe('VS Code language models: token counts', () => {
  it('counts a text by the estimate until the server has counted anything', () => {
    const sample = 'function add(a: number, b: number) { return a + b; }';
    assert.equal(languageModelTokenCount(sample, emptyTokenCalibration()), estimateTextTokens(sample));
  });

  it('follows the calibrated rate per token, without the per-request constant', () => {
    let calibration = emptyTokenCalibration();
    for (const [estimated, reported] of [[1000, 1500], [2000, 3000], [4000, 6000]] as const) calibration = recordPromptUsage(calibration, estimated, reported);
    const sample = 'x '.repeat(400);
    assert.equal(languageModelTokenCount(sample, calibration), Math.ceil(estimateTextTokens(sample) * 1.5));
  });

  it('counts a message as it would be sent, tool calls and results included', () => {
    const bare = languageModelTokenCount({ role: USER, content: [text('hi')] }, emptyTokenCalibration());
    const withResult = languageModelTokenCount({ role: USER, content: [text('hi'), toolResult('c', [text('a long result '.repeat(20))])] }, emptyTokenCalibration());
    assert.ok(withResult > bare + 20, `${withResult} vs ${bare}`);
  });

  it('where the server counts: its count of the text (the estimate until it has answered, never waiting), of a message its texts plus the marks', async () => {
    const fake = new FakeTokenCountPort({ server: 'llama.cpp', tokenize: (value) => value.length });
    const counter = new ServerTokenCounter({ state: newTokenCountState(), port: fake.port, model: 'm', urls: tokenCountUrls('http://127.0.0.1:8080/v1/chat/completions') });
    const sample = 'function add(a: number, b: number) { return a + b; }';
    assert.equal(languageModelTokenCount(sample, emptyTokenCalibration(), counter), estimateTextTokens(sample), 'not counted yet: the estimate, and the text goes to the server');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(languageModelTokenCount(sample, emptyTokenCalibration(), counter), sample.length);
    assert.equal(languageModelTokenCount({ role: USER, content: [text(sample)] }, emptyTokenCalibration(), counter), sample.length + 4);
    assert.equal(fake.callsTo('/tokenize'), 1, 'each text is counted once');
    assert.deepEqual(fake.calls[0]?.body['add_special'], false, 'never a render of a whole prompt: the text alone');
  });

  it('where the server turned out not to count, or the counter fails: the estimate, never an error', async () => {
    const absent = new ServerTokenCounter({ state: { ...newTokenCountState(), endpoint: 'none' }, port: new FakeTokenCountPort({ server: 'none' }).port, model: 'm', urls: tokenCountUrls('http://127.0.0.1:8080/v1/chat/completions') });
    assert.equal(languageModelTokenCount('hello there', emptyTokenCalibration(), absent), estimateTextTokens('hello there'));
    const broken = { available: true, count: () => { throw new Error('broken'); }, prepare: async () => false };
    assert.equal(languageModelTokenCount('hello there', emptyTokenCalibration(), broken), estimateTextTokens('hello there'));
  });
});
