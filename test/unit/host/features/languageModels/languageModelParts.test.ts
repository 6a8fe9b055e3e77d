// Copilot Chat's marker parts in the messages it hands our provider (microsoft/vscode
// extensions/copilot/src/platform/endpoint/vscode-node/extChatEndpoint.ts, `convertToApiChatMessage`, at commit
// 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd: `cache_control` "ephemeral" after a cache breakpoint, in a tool message's
// content too; `stateful_marker` "<model id>\<marker>" in an assistant message), through the vscode shim, the
// session's real services and a loopback server: none reaches the server, and a part nobody knows is logged once.
import assert from 'node:assert/strict';
import { hostHarness, type HostHarness } from '../../../../support/host/hostHarness';
import { startReferenceServer, textTurn, type ReferenceServer } from '../../../../support/referenceServer';
import { vscodeShim } from '../../../../support/vscodeShim';
import { AskModelLanguageModels } from '../../../../../src/host/features/languageModels/askModelLanguageModels';

const api = vscodeShim.api as {
  LanguageModelTextPart: new (value: string) => { value: string };
  LanguageModelDataPart: new (data: Uint8Array, mimeType: string) => { data: Uint8Array; mimeType: string };
  LanguageModelToolResultPart: new (callId: string, content: unknown[]) => { callId: string; content: unknown[] };
  LanguageModelToolCallPart: new (callId: string, name: string, input: object) => { callId: string };
};
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
const bytes = (text: string) => new TextEncoder().encode(text);
const user = (...content: unknown[]) => ({ role: 1, name: undefined, content });

describe('VS Code’s language models: Copilot’s marker parts (host, through the vscode shim)', () => {
  let server: ReferenceServer;
  let host: HostHarness;

  before(async () => {
    server = await startReferenceServer({ model: 'default-model' });
  });
  after(() => server.close());
  beforeEach(() => {
    server.reset();
    host = hostHarness();
    host.state.layers.user['askModel.baseUrl'] = server.url;
    host.state.layers.user['askModel.model'] = 'default-model';
  });
  afterEach(() => host.dispose());

  const models = () => new AskModelLanguageModels({ runs: host.platform.runs, clients: host.platform.clients, catalogues: host.platform.catalogues, contextMemories: host.platform.contextMemories, log: host.log, listChanged: () => undefined });
  const respond = async (messages: unknown[], provider = models()) => {
    const parts: unknown[] = [];
    await provider.respond({ profile: 'Default', model: 'default-model' } as never, messages as never, {} as never, { report: (part: unknown) => void parts.push(part) }, token as never);
    return parts;
  };
  const chatBodies = () => server.requests.filter((request) => request.path === '/v1/chat/completions').map((request) => request.body as { messages: unknown[] });

  it('sends none of Copilot’s markers, and logs an unknown part once, at debug level', async () => {
    server.script(textTurn('One.'), textTurn('Two.'));
    const provider = models();
    const cacheControl = new api.LanguageModelDataPart(bytes('ephemeral'), 'cache_control');
    const question = [
      user(new api.LanguageModelTextPart('Weather?'), cacheControl, new api.LanguageModelDataPart(bytes('x-marker-payload'), 'x_unknown_marker')),
      { role: 2, name: undefined, content: [new api.LanguageModelTextPart('Sunny.'), new api.LanguageModelDataPart(bytes('ask-model/m\\resp_123'), 'stateful_marker'), new api.LanguageModelToolCallPart('call_1', 'get_weather', { day: 'tomorrow' })] },
      user(new api.LanguageModelToolResultPart('call_1', [new api.LanguageModelTextPart('3 °C'), cacheControl]), new api.LanguageModelTextPart('And tomorrow?'), cacheControl),
    ];
    await respond(question, provider);
    await respond(question, provider);
    const [first, second] = chatBodies();
    assert.deepEqual(first?.messages, [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: 'Sunny.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"day":"tomorrow"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '3 °C' },
      { role: 'user', content: 'And tomorrow?' },
    ]);
    const sent = JSON.stringify([first, second]);
    for (const marker of ['ephemeral', 'resp_123', 'x-marker-payload', 'cache_control', 'stateful_marker', 'left out']) assert.ok(!sent.includes(marker), `${marker} reached the server`);
    const debug = host.state.logLines.filter((line) => line.startsWith('debug: '));
    assert.deepEqual(debug, ['debug: vscode-chat (profile Default): a data part of type "x_unknown_marker" in the caller\'s messages was left out of the request: Ask Model does not know what it means']);
  });

});
