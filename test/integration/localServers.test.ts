// The first five minutes in a real extension host: Find Local Model Servers finds a server on a loopback port and
// names it from what it answers (the reference server answering as Ollama does, from the recorded bodies); a hosted
// provider's preset becomes a profile with its URL and headers and the key in secret storage; and Test Connection to
// a LiteLLM proxy reports the key's spend against its budget from /key/info (a recorded body of a key past it).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import overBudget from '../fixtures/key-info/over-budget-captured.json';
import { DEFAULT_MODEL, textTurn } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface FoundServer {
  kind: string;
  label: string;
  baseUrl: string;
  port: number;
  models?: string[];
  needsKey: boolean;
}

interface Report {
  ok: boolean;
  message: string;
  keyBudget?: string;
}

const KEY = 'sk-first-five-minutes-key';

describe('local servers, presets and key budgets in a real extension host', function () {
  this.timeout(30_000);
  const ollama = useReferenceServer({ discovery: 'ollama', host: '127.0.0.1' });
  const proxy = useReferenceServer({ discovery: 'litellm', apiKey: KEY, keyInfo: overBudget.body });
  const plain = useReferenceServer({ apiKey: KEY });

  // Before the settings are restored: the key of the server the last test named.
  after(() => vscode.commands.executeCommand('askModel.clearApiKey'));
  useSettings();
  before(activateExtension);
  beforeEach(() => openWithSelection('hello.ts', [1, 3]));
  afterEach(closeAllEditors);

  it('finds an Ollama on a loopback port, names it from /api/tags and lists its models; a closed port is not reported', async () => {
    const port = Number(new URL(ollama().url).port);
    const found = await vscode.commands.executeCommand<FoundServer[]>('askModel.findLocalServers', { ports: [port], notify: false });
    const mine = found.find((server) => server.port === port);
    assert.ok(mine, `found ${JSON.stringify(found)}`);
    assert.equal(mine.kind, 'ollama');
    assert.equal(mine.label, 'Ollama');
    assert.equal(mine.baseUrl, `http://127.0.0.1:${port}`);
    assert.ok((mine.models ?? []).length > 0, 'its models are listed');
    assert.equal(mine.needsKey, false);
    const asked = ollama().requests.map((request) => `${request.method} ${request.path}`);
    assert.ok(asked.includes('GET /v1/models') && asked.includes('GET /api/tags'), asked.join(', '));
    assert.ok(asked.every((request) => request.startsWith('GET ')), 'the probe only reads');

    // The same port after the server stops: nothing there, nothing reported (closing it again after the block is a no-op).
    await ollama().close();
    const after = await vscode.commands.executeCommand<FoundServer[]>('askModel.findLocalServers', { ports: [port], notify: false });
    assert.equal(after.find((server) => server.port === port), undefined);
  });

  it('refuses a port that is not one, saying what to give', async () => {
    const found = await vscode.commands.executeCommand<FoundServer[]>('askModel.findLocalServers', { ports: [70000], notify: false });
    assert.deepEqual(found, []);
  });

  it('a preset becomes a profile with its URL and headers, the key kept out of settings', async () => {
    const added = await vscode.commands.executeCommand<{ name: string }>('askModel.addProfile', { preset: 'openrouter', apiKey: KEY, test: false });
    assert.equal(added?.name, 'OpenRouter');
    const config = vscode.workspace.getConfiguration('askModel');
    assert.equal(config.get('activeProfile'), 'OpenRouter');
    const profiles = config.get<{ name: string; baseUrl: string; headers?: Record<string, string> }[]>('profiles') ?? [];
    assert.deepEqual(profiles.map((profile) => [profile.name, profile.baseUrl, profile.headers?.['X-Title']]), [['OpenRouter', 'https://openrouter.ai/api/v1', 'Ask Model']]);
    assert.ok(!JSON.stringify(profiles).includes(KEY), 'the key is not in settings');

    const azure = await vscode.commands.executeCommand<{ name: string }>('askModel.addProfile', { preset: 'azure-openai', presetValues: { resource: 'contoso' }, apiKey: KEY, test: false });
    assert.equal(azure?.name, 'Azure OpenAI');
    const after = vscode.workspace.getConfiguration('askModel').get<{ name: string; baseUrl: string }[]>('profiles') ?? [];
    assert.equal(after.find((profile) => profile.name === 'Azure OpenAI')?.baseUrl, 'https://contoso.openai.azure.com/openai/v1');
  });

  it('Test Connection to a LiteLLM proxy reports the key’s spend and budget from /key/info, asked with the key', async () => {
    await configure({ baseUrl: proxy().url, model: 'gpt-3.5-turbo' });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: KEY });
    proxy().script(textTurn('OK'));
    const report = await vscode.commands.executeCommand<Report>('askModel.testConnection');
    assert.equal(report.ok, true, report.message);
    assert.equal(report.keyBudget, 'LiteLLM key "lit7002-before-r2-gpt55-chat": $3.05 of $2.50 spent (122 %).');
    assert.match(report.message, /\$3\.05 of \$2\.50 spent \(122 %\)/);
    const keyInfo = proxy().requests.filter((request) => request.path === '/key/info');
    assert.equal(keyInfo.length, 1);
    assert.equal(keyInfo[0]?.headers['authorization'], `Bearer ${KEY}`);
  });

  it('a server that is not a LiteLLM: Test Connection reports no budget, and its answers never ask /key/info', async () => {
    await configure({ baseUrl: plain().url, model: DEFAULT_MODEL });
    await vscode.commands.executeCommand('askModel.setApiKey', { apiKey: KEY });
    plain().script(textTurn('OK'));
    const report = await vscode.commands.executeCommand<Report>('askModel.testConnection');
    assert.equal(report.ok, true, report.message);
    assert.equal(report.keyBudget, undefined);
    assert.doesNotMatch(report.message, /LiteLLM key/);
    plain().reset();
    plain().script(textTurn('An answer.'));
    const answer = await vscode.commands.executeCommand<{ status: string }>('askModel.ask', { question: 'Anything?' });
    assert.equal(answer.status, 'done');
    assert.deepEqual(plain().requests.filter((request) => request.path === '/key/info'), [], 'no x-litellm-call-id, no /key/info');
  });
});
