// Our models through VS Code's language model API, in a real extension host. A second extension installed for the
// run (test/support/languageModelCaller) makes a question and a tool round trip through the API; the other tests call
// `vscode.lm.selectChatModels({ vendor: 'ask-model' })` and `model.sendRequest` themselves: the test index is loaded
// by the host as a caller of its own (not as Ask Model), with VS Code's own plumbing (the main thread, the part
// classes, the error transfer) between it and the provider.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RoundTripArgs, RoundTripResult } from '../support/languageModelCaller/extension';
import { startPeer, type Peer } from '../support/peer/startPeer';
import { faultTurn, textTurn, toolCallsTurn, type ReferenceServer } from '../support/referenceServer';
import { readAskModelLog } from '../support/e2e/askModelLog';
import { activateExtension, configure, until } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

const VENDOR = 'ask-model';
const KEY = 'sk-language-models-test-key';
const weatherTool: vscode.LanguageModelChatTool = {
  name: 'get_weather',
  description: 'The weather in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** What Test Connection and Manage Models say when VS Code's settings hide our models. */
interface Notice {
  message: string;
  setting: string;
  value: unknown;
}

interface Streamed {
  text: string;
  calls: vscode.LanguageModelToolCallPart[];
}

async function collect(response: vscode.LanguageModelChatResponse): Promise<Streamed> {
  const streamed: Streamed = { text: '', calls: [] };
  for await (const part of response.stream) {
    if (part instanceof vscode.LanguageModelTextPart) streamed.text += part.value;
    else if (part instanceof vscode.LanguageModelToolCallPart) streamed.calls.push(part);
  }
  return streamed;
}

async function modelById(id: string): Promise<vscode.LanguageModelChat> {
  return until(async () => (await vscode.lm.selectChatModels({ vendor: VENDOR })).find((model) => model.id === id), `the language model ${id}`);
}

/** The second extension's round trip: selectChatModels, a question, a tool call and its result sent back. */
const roundTripFromAnotherExtension = (args: RoundTripArgs): Thenable<RoundTripResult> => vscode.commands.executeCommand<RoundTripResult>('askModelTest.languageModelRoundTrip', args);

const chatBodies = (server: ReferenceServer): Record<string, unknown>[] =>
  server.requests.filter((request) => request.path.endsWith('/chat/completions')).map((request) => request.body as Record<string, unknown>);

describe('VS Code language models (vendor ask-model)', function () {
  this.timeout(60_000);
  before(activateExtension);
  const litellm = useReferenceServer({ discovery: 'litellm', apiKey: KEY });
  const second = useReferenceServer({ model: 'second-model' });
  // Before the settings are restored: the LiteLLM server's key.
  after(() => vscode.commands.executeCommand('askModel.clearApiKey'));
  // Once for the block: every change of these settings makes VS Code list the models, and discover each catalogue, again.
  useSettings(() => ({ baseUrl: litellm().url, model: 'gpt-3.5-turbo', 'metadata.tags': ['team-web'], profiles: [{ name: 'Second', baseUrl: second().url, model: 'second-model' }] }), { scope: 'block' });
  before(() => vscode.commands.executeCommand('askModel.setApiKey', { apiKey: KEY }));

  it('offers every model of every profile, with the catalogue\'s window and capabilities', async () => {
    const models = await vscode.lm.selectChatModels({ vendor: VENDOR });
    const ids = models.map((model) => model.id);
    assert.ok(ids.includes('Default/gpt-3.5-turbo') && ids.includes('Default/llava-hf'), ids.join(', '));
    assert.ok(ids.includes('Second/second-model'), ids.join(', '));
    const gpt = models.find((model) => model.id === 'Default/gpt-3.5-turbo');
    // LiteLLM's recorded model info: a 16,385-token window, 4,096 of it for the answer.
    assert.equal(gpt?.maxInputTokens, 16_385 - 4096);
    assert.equal(gpt?.vendor, VENDOR);
    assert.equal(gpt?.family, 'gpt-3.5-turbo');
  });

  it('streams an answer, with generation_name vscode-chat and the profile\'s tags', async () => {
    const model = await modelById('Default/gpt-3.5-turbo');
    litellm().script(textTurn('Hello from the reference server.', { chunks: 4 }));
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('Say hello.')], {});
    const streamed = await collect(response);
    assert.equal(streamed.text, 'Hello from the reference server.');
    const [body] = chatBodies(litellm());
    assert.deepEqual(body?.['metadata'], { tags: ['team-web'], generation_name: 'vscode-chat' });
    assert.equal(body?.['model'], 'gpt-3.5-turbo');
    assert.equal(litellm().requests.find((request) => request.path.endsWith('/chat/completions'))?.headers['authorization'], `Bearer ${KEY}`);
  });

  it('an answer in VS Code\'s chat leaves what every surface leaves: the answer line in the log and the day\'s spend', async () => {
    const userData = process.env['ASK_MODEL_TEST_USER_DATA'];
    assert.ok(userData, 'ASK_MODEL_TEST_USER_DATA names the user data folder');
    const model = await modelById('Default/gpt-3.5-turbo');
    litellm().script(textTurn('Counted.', { chunks: 2 }));
    await collect(await model.sendRequest([vscode.LanguageModelChatMessage.User('Count me.')], {}));
    // LiteLLM's recorded model info prices gpt-3.5-turbo, so the answer has a cost and the day's spend grows.
    const answered = await until(() => readAskModelLog(userData).match(/vscode-chat \(profile Default\): answered by [^\n]*, cost [^\n]*/)?.[0], 'the answer line in the log', 15_000);
    assert.match(answered, /usage \{"prompt_tokens":\d+/);
    await until(() => /spent on \d{4}-\d{2}-\d{2}: [^\n]*over \d+ answer\(s\)/.exec(readAskModelLog(userData).slice(readAskModelLog(userData).indexOf(answered)))?.[0], 'the day\'s spend after it', 15_000);
  });

  it('a caller receives the answer\'s usage as its last part: a LanguageModelDataPart of type usage, the server\'s counts as JSON', async () => {
    const model = await modelById('Default/gpt-3.5-turbo');
    litellm().script(textTurn('Counted.', { chunks: 2, usage: { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 } }));
    const parts: unknown[] = [];
    for await (const part of (await model.sendRequest([vscode.LanguageModelChatMessage.User('Count me.')], {})).stream) parts.push(part);
    const kinds = parts.map((part) => (part as object).constructor.name).join(', ');
    const last = parts.at(-1);
    assert.ok(last instanceof vscode.LanguageModelDataPart, `the last part is a LanguageModelDataPart (parts: ${kinds})`);
    assert.equal(last.mimeType, 'usage');
    assert.deepEqual(JSON.parse(new TextDecoder().decode(last.data)), { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 });
    assert.equal(parts.filter((part) => part instanceof vscode.LanguageModelDataPart).length, 1, `one usage part (parts: ${kinds})`);
  });

  it('another extension selects the model and streams an answer and a tool round trip through the API', async () => {
    litellm().script(textTurn('Hello, other extension.', { chunks: 3 }), toolCallsTurn([{ name: 'get_weather', arguments: '{"city":"Oslo"}' }]), textTurn('Thanks for the weather.'));
    const result = await roundTripFromAnotherExtension({ id: 'Default/gpt-3.5-turbo', tool: weatherTool, toolResult: '3 °C' });
    assert.ok(result.ids.includes('Second/second-model'), result.ids.join(', '));
    assert.equal(result.hello, 'Hello, other extension.');
    assert.deepEqual(result.call, { name: 'get_weather', input: { city: 'Oslo' } });
    assert.equal(result.afterTool, 'Thanks for the weather.');
    const last = chatBodies(litellm()).at(-1)?.['messages'] as { role: string; tool_calls?: { id: string }[] }[];
    assert.deepEqual(last.at(-1), { role: 'tool', tool_call_id: last.at(-2)?.tool_calls?.[0]?.id, content: '3 °C' });
  });

  it('goes to the model\'s own profile: a second profile\'s model is answered by its server', async () => {
    const model = await modelById('Second/second-model');
    second().script(textTurn('From the second server.'));
    const streamed = await collect(await model.sendRequest([vscode.LanguageModelChatMessage.User('Who are you?')], {}));
    assert.equal(streamed.text, 'From the second server.');
    assert.equal(chatBodies(litellm()).length, 0, 'the Default profile\'s server was not asked');
  });

  it('a tool round trip: the call as a LanguageModelToolCallPart, its result sent back as a tool message', async () => {
    const model = await modelById('Default/gpt-3.5-turbo');
    litellm().script(toolCallsTurn([{ name: 'get_weather', arguments: '{"city":"Oslo"}', id: 'call_weather_1' }], { fragments: 3 }), textTurn('It is 3 °C in Oslo.'));
    const question = vscode.LanguageModelChatMessage.User('Weather in Oslo?');
    const first = await collect(await model.sendRequest([question], { tools: [weatherTool], toolMode: vscode.LanguageModelChatToolMode.Auto }));
    assert.equal(first.calls.length, 1);
    const [call] = first.calls;
    assert.deepEqual([call?.callId, call?.name, call?.input], ['call_weather_1', 'get_weather', { city: 'Oslo' }]);
    const [firstBody] = chatBodies(litellm());
    assert.equal((firstBody?.['tools'] as { function: { name: string } }[])[0]?.function.name, 'get_weather');
    assert.equal(firstBody?.['tool_choice'], 'auto');

    const second = await collect(
      await model.sendRequest(
        [
          question,
          vscode.LanguageModelChatMessage.Assistant([new vscode.LanguageModelToolCallPart(call!.callId, call!.name, call!.input)]),
          vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(call!.callId, [new vscode.LanguageModelTextPart('3 °C, rain')])]),
        ],
        { tools: [weatherTool] },
      ),
    );
    assert.equal(second.text, 'It is 3 °C in Oslo.');
    const messages = chatBodies(litellm())[1]?.['messages'] as Record<string, unknown>[];
    assert.deepEqual(messages.slice(1), [
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
      { role: 'tool', tool_call_id: 'call_weather_1', content: '3 °C, rain' },
    ]);
  });

  it('never passes on a broken tool call: the request fails with what was wrong', async () => {
    const model = await modelById('Default/gpt-3.5-turbo');
    litellm().script(toolCallsTurn([{ name: 'get_weather', arguments: '{"city": "Os' }]));
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('Weather?')], { tools: [weatherTool] });
    const seen: unknown[] = [];
    await assert.rejects(
      (async () => {
        for await (const part of response.stream) seen.push(part);
      })(),
      (error: Error) => error instanceof vscode.LanguageModelError && /tool call that cannot be run/.test(error.message),
    );
    assert.ok(!seen.some((part) => part instanceof vscode.LanguageModelToolCallPart), 'no call part was reported');
  });

  it('reports a refused key as LanguageModelError NoPermissions, with the server\'s words', async () => {
    const model = await modelById('Default/gpt-3.5-turbo');
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: 'sk-wrong-key' });
    try {
      const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('hi')], {});
      await assert.rejects(collect(response), (error: Error) => {
        assert.ok(error instanceof vscode.LanguageModelError, `${error.name}: ${error.message}`);
        assert.equal(error.code, 'NoPermissions');
        assert.match(error.message, /^401 from .*The server said: "/);
        assert.ok(!error.message.includes('sk-wrong-key'), 'the key is never in the message');
        return true;
      });
    } finally {
      await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: KEY });
    }
  });

  it('honours cancellation: the stream ends mid-answer, while the server still holds it', async function () {
    // Under the idle time-out (60 s), which would end a stalled stream too, with an error.
    this.timeout(30_000);
    const model = await modelById('Default/gpt-3.5-turbo');
    // The server stalls after three chunks until the connection closes: only the cancellation can end this stream (if
    // it did not, the loop below would wait until the test's time-out fails it).
    litellm().script(faultTurn({ type: 'stall', afterChunks: 3 }, textTurn('a long answer that never finishes', { chunks: 8 })));
    const cancel = new vscode.CancellationTokenSource();
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('Go on.')], {}, cancel.token);
    let text = '';
    for await (const chunk of response.text) {
      text += chunk;
      cancel.cancel();
    }
    assert.ok(text.length > 0 && text !== 'a long answer that never finishes', `part of the answer arrived: ${text}`);
  });

  it('counts tokens with the estimate; the count grows with the text', async () => {
    const model = await modelById('Default/gpt-3.5-turbo');
    const short = await model.countTokens('hello');
    const long = await model.countTokens('hello world, '.repeat(50));
    assert.ok(short > 0 && long > short * 10, `${short} vs ${long}`);
    const message = await model.countTokens(vscode.LanguageModelChatMessage.User('hello world, '.repeat(50)));
    assert.ok(message > long, 'a message counts its template tokens too');
  });

  it('a change of profiles changes the list (the change event)', async () => {
    const changed = new Promise<void>((resolve) => {
      const listener = vscode.lm.onDidChangeChatModels(() => {
        listener.dispose();
        resolve();
      });
    });
    await configure({ profiles: [{ name: 'Renamed', baseUrl: second().url, model: 'second-model' }] });
    await changed;
    await modelById('Renamed/second-model');
    assert.ok(!(await vscode.lm.selectChatModels({ vendor: VENDOR })).some((model) => model.id.startsWith('Second/')));
    await configure({ profiles: [{ name: 'Second', baseUrl: second().url, model: 'second-model' }] });
  });

  it('sends an image to a model the catalogue says reads images, as an image_url part; names it to one that does not', async () => {
    // A real 1×1 PNG: the workbench decodes images on their way to a provider (an undecodable one fails the request there).
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));
    const question = vscode.LanguageModelChatMessage.User([new vscode.LanguageModelTextPart('What is this?'), vscode.LanguageModelDataPart.image(png, 'image/png')]);
    const llava = await modelById('Default/llava-hf');
    litellm().script(textTurn('A tiny PNG.'), textTurn('I cannot see it.'));
    assert.equal((await collect(await llava.sendRequest([question], {}))).text, 'A tiny PNG.');
    const sentToLlava = (chatBodies(litellm())[0]?.['messages'] as Record<string, unknown>[])[0];
    assert.deepEqual(sentToLlava, {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` } },
      ],
    });
    await collect(await (await modelById('Default/gpt-3.5-turbo')).sendRequest([question], {}));
    const sentToText = (chatBodies(litellm())[1]?.['messages'] as Record<string, unknown>[])[0];
    assert.deepEqual(sentToText, { role: 'user', content: `What is this?[image/png content of ${png.byteLength} bytes left out: this model is not known to read images]` });
  });

  it('sends earlier answers’ reasoning back to a model whose override says sendReasoning, and to no other', async () => {
    const model = await modelById('Default/gpt-3.5-turbo');
    const conversation = [vscode.LanguageModelChatMessage.User('Hi.'), vscode.LanguageModelChatMessage.Assistant('Hello.'), vscode.LanguageModelChatMessage.User('Again?')];
    const assistantSent = (index: number): Record<string, unknown> | undefined => (chatBodies(litellm())[index]?.['messages'] as Record<string, unknown>[] | undefined)?.[1];
    litellm().script(textTurn('Without.'), textTurn('With.'));
    await collect(await model.sendRequest(conversation, {}));
    assert.deepEqual(assistantSent(0), { role: 'assistant', content: 'Hello.' }, 'not sent while nothing asks for it');
    await configure({ modelOverrides: { 'gpt-3.5-turbo': { sendReasoning: true } } });
    try {
      await collect(await model.sendRequest(conversation, {}));
      assert.deepEqual(assistantSent(1), { role: 'assistant', content: 'Hello.', reasoning_content: '' }, 'sent on every assistant message, empty where it had none');
    } finally {
      await configure({ modelOverrides: undefined });
    }
  });

  it('a thinking model\'s reasoning arrives as thinking parts (this VS Code has them), never in the text; sent back as reasoning_content where wanted', async () => {
    const ThinkingPart = (vscode as unknown as { LanguageModelThinkingPart?: new (value: string) => { value: string | string[] } }).LanguageModelThinkingPart;
    assert.ok(ThinkingPart, 'the code-server the tests run has LanguageModelThinkingPart');
    const model = await modelById('Default/gpt-3.5-turbo');
    litellm().script(textTurn('It is sunny.', { reasoning: 'The user wants the weather. Say sunny.', chunks: 3 }));
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('Weather?')], {});
    let text = '';
    let thinking = '';
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) text += part.value;
      else if (part instanceof ThinkingPart) thinking += Array.isArray(part.value) ? part.value.join('') : part.value;
    }
    assert.equal(text, 'It is sunny.');
    assert.equal(thinking, 'The user wants the weather. Say sunny.');

    // The caller sends the answer back with its thinking: a model whose override wants reasoning gets it as reasoning_content.
    const history = [vscode.LanguageModelChatMessage.User('Weather?'), vscode.LanguageModelChatMessage.Assistant([new ThinkingPart('Say sunny.') as unknown as vscode.LanguageModelTextPart, new vscode.LanguageModelTextPart('It is sunny.')]), vscode.LanguageModelChatMessage.User('Sure?')];
    await configure({ modelOverrides: { 'gpt-3.5-turbo': { sendReasoning: true } } });
    try {
      litellm().script(textTurn('Yes.'), textTurn('Yes.'));
      await collect(await model.sendRequest(history, {}));
      const sent = (chatBodies(litellm()).at(-1)?.['messages'] as Record<string, unknown>[])[1];
      assert.deepEqual(sent, { role: 'assistant', content: 'It is sunny.', reasoning_content: 'Say sunny.' });
    } finally {
      await configure({ modelOverrides: undefined });
    }
    await collect(await model.sendRequest(history, {}));
    const unwanted = (chatBodies(litellm()).at(-1)?.['messages'] as Record<string, unknown>[])[1];
    assert.deepEqual(unwanted, { role: 'assistant', content: 'It is sunny.' }, 'not sent to a model that does not want it');
  });

  it('a server asked again (Test Connection, the picker\'s Refresh) that lists another model: VS Code is told', async () => {
    await configure({ activeProfile: 'Second' });
    await modelById('Second/second-model'); // listed, so the provider's catalogue of that server is the session's
    // VS Code reports a change only when the list it gets differs, and asks the provider again only when told (or
    // when a caller selects models, which this test does only after the event).
    let told = 0;
    const listener = vscode.lm.onDidChangeChatModels(() => told++);
    try {
      second().listModels(['second-model-deployed-since']);
      second().script(textTurn('ok'));
      await vscode.commands.executeCommand('askModel.testConnection');
      await until(() => told > 0 || undefined, 'the change event after Test Connection asked the server again');
      await modelById('Second/second-model-deployed-since');
    } finally {
      listener.dispose();
      second().listModels([]);
      await configure({ activeProfile: undefined });
    }
  });

  it('Manage Models opens the profile settings', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('askModel.manageModels');
    await until(() => vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Settings', 'the Settings editor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  // VS Code's own settings can put new chats in the Copilot harness (the Agent Host), which lists models from
  // extensions only with its bridge on. Written only where this VS Code registers them (a VS Code without the harness
  // has no such settings, and refuses to write them); in a browser (code-server) the harness never runs. Either way
  // without them, nothing is said.
  it('the Copilot harness where chats open without its bridge: Test Connection and Manage Models name chat.agentHost.byokModels.enabled', async () => {
    const BRIDGE = 'chat.agentHost.byokModels.enabled';
    const harness: Record<string, unknown> = { 'chat.agentHost.enabled': true, 'chat.defaultToCopilotHarness': true, [BRIDGE]: false };
    const registered = Object.keys(harness).filter((key) => vscode.workspace.getConfiguration().inspect(key)?.defaultValue !== undefined);
    const write = async (values: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(values)) if (registered.includes(key)) await vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
    };
    const harnessRuns = registered.length === Object.keys(harness).length && vscode.env.uiKind !== vscode.UIKind.Web;
    const testConnection = () => vscode.commands.executeCommand<{ ok: boolean; hiddenModels?: Notice }>('askModel.testConnection');
    const manageModels = () => vscode.commands.executeCommand<Notice | undefined>('askModel.manageModels');
    try {
      await write(harness);
      const report = await testConnection();
      assert.equal(report.ok, true, 'the server itself answers');
      const managed = await manageModels();
      if (!harnessRuns) {
        assert.equal(report.hiddenModels, undefined, `nothing hides our models here (registered: ${registered.join(', ') || 'none'}, ui ${vscode.env.uiKind})`);
        assert.equal(managed, undefined);
        return;
      }
      assert.deepEqual({ setting: report.hiddenModels?.setting, value: report.hiddenModels?.value }, { setting: BRIDGE, value: true });
      assert.match(report.hiddenModels?.message ?? '', /chat\.defaultToCopilotHarness is true/);
      assert.equal(managed?.setting, BRIDGE);
      await write({ [BRIDGE]: true });
      assert.equal((await testConnection()).hiddenModels, undefined, 'the bridge on: our models are listed in the harness');
      assert.equal(await manageModels(), undefined);
    } finally {
      await write(Object.fromEntries(Object.keys(harness).map((key) => [key, undefined])));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});

describe('VS Code language models against the llama.cpp peer', function () {
  this.timeout(240_000);
  let peer: Peer;

  before(async function () {
    const started = await startPeer();
    if ('unavailable' in started) throw new Error(`the llama.cpp peer cannot be started from the extension host: ${started.unavailable}`);
    peer = started;
    await activateExtension();
  });
  useSettings(() => ({ profiles: [{ name: 'Peer', baseUrl: peer.baseUrl, model: peer.model }] }), { scope: 'block' });
  after(() => peer?.stop());

  it('another extension gets an answer and completes a tool round trip through the API', async () => {
    const result = await roundTripFromAnotherExtension({ id: `Peer/${peer.model}`, tool: weatherTool, toolResult: 'Sunny, 21 °C' });
    assert.equal(result.hello, 'Hello! I am a tiny test model.');
    assert.deepEqual(result.call, { name: 'get_weather', input: { city: 'Paris' } });
    assert.equal(result.afterTool, 'Done.');
  });

  it('answers through selectChatModels/sendRequest, and completes a tool round trip', async () => {
    const model = await modelById(`Peer/${peer.model}`);
    const hello = await collect(await model.sendRequest([vscode.LanguageModelChatMessage.User('Say hello.')], {}));
    assert.equal(hello.text, 'Hello! I am a tiny test model.');

    const question = vscode.LanguageModelChatMessage.User('Weather in Paris?');
    const first = await collect(await model.sendRequest([question], { tools: [weatherTool] }));
    assert.equal(first.calls.length, 1, `text: ${first.text}`);
    const [call] = first.calls;
    assert.equal(call?.name, 'get_weather');
    assert.deepEqual(call?.input, { city: 'Paris' });
    const done = await collect(
      await model.sendRequest(
        [
          question,
          vscode.LanguageModelChatMessage.Assistant([call!]),
          vscode.LanguageModelChatMessage.User([new vscode.LanguageModelToolResultPart(call!.callId, [new vscode.LanguageModelTextPart('Sunny, 21 °C')])]),
        ],
        { tools: [weatherTool] },
      ),
    );
    assert.equal(done.text, 'Done.');
  });
});
