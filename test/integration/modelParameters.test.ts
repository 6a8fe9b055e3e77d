// Per-model request parameters and a system prompt per profile in a real extension host: the reference servers record
// the body and headers that Ask Model and VS Code's chat (through our language model provider) sent, with the model's
// sampling parameters from askModel.modelOverrides, a profile's own override winning field by field, and the profile's
// system prompt in place of the shared one.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readAskModelLog } from '../support/e2e/askModelLog';
import { textTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection, settleLanguageModels, until } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface AskResult {
  status: string;
  error?: { message: string };
}

/** A header value that may be a credential (a gateway's routing token): sent, never written to the log. */
const ROUTE_TOKEN = 'route-token-7f3a9c';

const ask = (question: string): Thenable<AskResult> => vscode.commands.executeCommand<AskResult>('askModel.ask', { question });
const lastChat = (server: ReferenceServer) => {
  const request = server.requests.filter((recorded) => recorded.path.endsWith('/chat/completions')).at(-1);
  assert.ok(request, 'the server received a chat request');
  return { body: request.body as Record<string, unknown>, headers: request.headers };
};
const systemText = (body: Record<string, unknown>): string | undefined => (body['messages'] as { role: string; content: string }[]).find((message) => message.role === 'system')?.content;

describe('per-model request parameters and a system prompt per profile, in a real extension host', function () {
  this.timeout(60_000);
  const company = useReferenceServer({ model: 'qwen' });
  const local = useReferenceServer({ model: 'qwen' });
  useSettings();

  before(activateExtension);
  beforeEach(async () => {
    await openWithSelection('hello.ts', [1, 3]);
  });
  afterEach(closeAllEditors);

  const settings = () => ({
    baseUrl: company().url,
    model: 'qwen',
    systemPrompt: 'Shared prompt.',
    extraBody: { temperature: 1, user: 'ide' },
    modelOverrides: { qwen: { temperature: 0.3, seed: 7, topK: 20, stop: ['</answer>'], headers: { 'X-Route': ROUTE_TOKEN } } },
    profiles: [{ name: 'Local', baseUrl: local().url, model: 'qwen', systemPrompt: 'Local prompt.', modelOverrides: { qwen: { temperature: 0.1, minP: 0.05 } } }],
  });

  it('Ask Model sends the model’s sampling parameters and headers; under a profile, its own override wins field by field and its system prompt is sent', async () => {
    await configure(settings());
    company().script(textTurn('From the company server.'));
    const fromDefault = await ask('Which temperature?');
    assert.equal(fromDefault.status, 'done', JSON.stringify(fromDefault.error));
    const sent = lastChat(company());
    assert.equal(sent.body['temperature'], 0.3, 'the override wins over the profile’s extraBody');
    assert.equal(sent.body['seed'], 7);
    assert.equal(sent.body['top_k'], 20);
    assert.deepEqual(sent.body['stop'], ['</answer>']);
    assert.equal(sent.body['user'], 'ide', 'the rest of the profile’s extraBody is kept');
    assert.equal(sent.headers['x-route'], ROUTE_TOKEN);
    assert.ok(systemText(sent.body)?.startsWith('Shared prompt.'), systemText(sent.body));

    await configure({ activeProfile: 'Local' });
    local().script(textTurn('From the local server.'));
    const fromLocal = await ask('Which temperature now?');
    assert.equal(fromLocal.status, 'done', JSON.stringify(fromLocal.error));
    const merged = lastChat(local());
    assert.equal(merged.body['temperature'], 0.1, 'the profile’s own override wins');
    assert.equal(merged.body['min_p'], 0.05);
    assert.equal(merged.body['seed'], 7, 'the top-level override applies under the profile');
    assert.equal(merged.body['user'], undefined, 'the Default profile’s extraBody does not');
    assert.equal(merged.headers['x-route'], ROUTE_TOKEN);
    assert.ok(systemText(merged.body)?.startsWith('Local prompt.'), systemText(merged.body));
    const userData = process.env['ASK_MODEL_TEST_USER_DATA'];
    assert.ok(userData, 'ASK_MODEL_TEST_USER_DATA names the user data folder');
    // Once the log holds the Local request's answer, the whole exchange has been logged.
    const log = await until(() => (/ask-model \(profile Local\): answered/.test(readAskModelLog(userData)) ? readAskModelLog(userData) : undefined), 'the Local answer in the log', 15_000);
    assert.ok(!log.includes(ROUTE_TOKEN), 'the model’s header value is not in the log');
  });

  it('VS Code’s chat, through our language model provider, sends them too', async () => {
    await configure(settings());
    await settleLanguageModels();
    const model = await until(async () => (await vscode.lm.selectChatModels({ vendor: 'ask-model' })).find((candidate) => candidate.id === 'Local/qwen'), 'the language model Local/qwen');
    local().reset();
    local().script(textTurn('Hello from Local.'));
    const response = await model.sendRequest([vscode.LanguageModelChatMessage.User('Say hello.')], {});
    let text = '';
    for await (const part of response.text) text += part;
    assert.equal(text, 'Hello from Local.');
    const sent = lastChat(local());
    assert.equal(sent.body['temperature'], 0.1);
    assert.equal(sent.body['min_p'], 0.05);
    assert.equal(sent.body['seed'], 7);
    assert.equal(sent.headers['x-route'], ROUTE_TOKEN);
  });

  it('an override out of range is refused before anything is sent, naming the model and the field', async () => {
    await configure({ baseUrl: company().url, model: 'qwen', modelOverrides: { qwen: { temperature: 3 } } });
    const result = await ask('Anything?');
    assert.notEqual(result.status, 'done');
    assert.match(result.error?.message ?? '', /askModel\.modelOverrides.*"qwen"\.temperature must be a number from 0 to 2/);
    assert.equal(company().requests.filter((recorded) => recorded.path.endsWith('/chat/completions')).length, 0);
  });
});
