// The language model provider's answer (askModelLanguageModels.ts) in plain Node, through the vscode shim, the
// session's real services and a real loopback server: VS Code's chat (or any caller) names the profile and the model,
// brings its messages and tools; the request is the one run's (the profile's metadata and body, the caller's tools and
// tool mode), the parts come back as VS Code's classes, and the answer is recorded as every surface's is.
import assert from 'node:assert/strict';
import { hostHarness, type HostHarness } from '../../../../support/host/hostHarness';
import { startReferenceServer, textTurn, toolCallsTurn, type ReferenceServer } from '../../../../support/referenceServer';
import { vscodeShim } from '../../../../support/vscodeShim';
import { AskModelLanguageModels } from '../../../../../src/host/features/languageModels/askModelLanguageModels';


const api = vscodeShim.api as { LanguageModelTextPart: new (value: string) => { value: string }; LanguageModelToolCallPart: new (...args: unknown[]) => { callId: string; name: string; input: object } };
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
const weather = { name: 'get_weather', description: 'The weather in a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const user = (text: string) => ({ role: 1, name: undefined, content: [new api.LanguageModelTextPart(text)] });

describe('VS Code’s language models: the run (host, through the vscode shim)', () => {
  let server: ReferenceServer;
  let second: ReferenceServer;
  let host: HostHarness;

  before(async () => {
    server = await startReferenceServer({ model: 'default-model' });
    second = await startReferenceServer({ model: 'second-model' });
  });
  after(async () => {
    await server.close();
    await second.close();
  });
  beforeEach(() => {
    server.reset();
    second.reset();
    host = hostHarness();
    host.state.layers.user['askModel.baseUrl'] = server.url;
    host.state.layers.user['askModel.model'] = 'default-model';
    host.state.layers.user['askModel.metadata.tags'] = ['team-web'];
    host.state.layers.user['askModel.profiles'] = [{ name: 'Second', baseUrl: second.url, model: 'second-model', extraBody: { user: 'second' } }];
  });
  afterEach(() => host.dispose());

  const models = () => new AskModelLanguageModels({ runs: host.platform.runs, clients: host.platform.clients, catalogues: host.platform.catalogues, contextMemories: host.platform.contextMemories, log: host.log, listChanged: () => undefined });
  const respond = async (profile: string, model: string, options: Record<string, unknown>) => {
    const parts: unknown[] = [];
    await models().respond({ profile, model } as never, [user('What is the weather in Oslo?')] as never, options as never, { report: (part: unknown) => void parts.push(part) }, token as never);
    return parts;
  };

  it('the profile the caller named answers, with its own body and the surface’s metadata, and the answer is recorded', async () => {
    second.script(textTurn('Sunny.'));
    const parts = await respond('Second', 'second-model', {});
    assert.deepEqual(parts.filter((part) => part instanceof api.LanguageModelTextPart).map((part) => (part as { value?: string }).value), ['Sunny.']);
    assert.equal(server.requests.length, 0, 'the active profile’s server is not asked');
    const body = second.requests.find((request) => request.path === '/v1/chat/completions')!.body as Record<string, unknown>;
    assert.equal(body['model'], 'second-model');
    assert.equal(body['user'], 'second');
    assert.deepEqual(body['metadata'], { generation_name: 'vscode-chat' });
    assert.ok(host.state.logLines.some((line) => /^info: vscode-chat \(profile Second\): answered by second-model/.test(line)));
  });

  it('the caller’s tools and tool mode go in the request, and a tool call comes back as VS Code’s part', async () => {
    server.script(toolCallsTurn([{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }]));
    const parts = await respond('Default', 'default-model', { tools: [weather], toolMode: 2 });
    const call = parts.find((part) => part instanceof api.LanguageModelToolCallPart) as { callId: string; name: string; input: object } | undefined;
    assert.deepEqual(call && { callId: call.callId, name: call.name, input: call.input }, { callId: 'call_1', name: 'get_weather', input: { city: 'Oslo' } });
    const body = server.requests.find((request) => request.path === '/v1/chat/completions')!.body as Record<string, unknown>;
    assert.deepEqual((body['tools'] as { function: { name: string } }[]).map((tool) => tool.function.name), ['get_weather']);
    assert.equal(body['tool_choice'], 'required');
    assert.deepEqual(body['metadata'], { tags: ['team-web'], generation_name: 'vscode-chat' });
  });
});
