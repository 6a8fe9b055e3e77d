// What VS Code's chat learns of tokens from our provider, through the vscode shim, the session's real services and
// a loopback server: every answer ends with a `usage` data part holding the server's counts (what Copilot Chat's
// context-window indicator reads: microsoft/vscode extensions/copilot/src/platform/endpoint/vscode-node/
// extChatEndpoint.ts at commit 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd), none when the server counted nothing.
import assert from 'node:assert/strict';
import { hostHarness, type HostHarness } from '../../../../support/host/hostHarness';
import { loadRecordedCases } from '../../../../support/recorded/recordedCases';
import { replayTurn, startReferenceServer, textTurn, type ReferenceServer } from '../../../../support/referenceServer';
import { vscodeShim } from '../../../../support/vscodeShim';
import { AskModelLanguageModels } from '../../../../../src/host/features/languageModels/askModelLanguageModels';

const api = vscodeShim.api as {
  LanguageModelTextPart: new (value: string) => { value: string };
  LanguageModelDataPart: new (data: Uint8Array, mimeType: string) => { data: Uint8Array; mimeType: string };
};
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };
const user = (...content: unknown[]) => ({ role: 1, name: undefined, content });
const recorded = (name: string) => {
  const found = loadRecordedCases().find((entry) => entry.name === name);
  if (!found) throw new Error(`no recorded case ${name}`);
  return found;
};

describe('VS Code’s language models: the usage part (host, through the vscode shim)', () => {
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
  const usageOf = (part: unknown) => JSON.parse(new TextDecoder().decode((part as { data: Uint8Array }).data)) as unknown;

  it('ends the answer with a usage part of VS Code’s class holding the server’s counts', async () => {
    server.script(textTurn('Sunny.', { chunks: 3, usage: { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 } }));
    const parts = await respond([user(new api.LanguageModelTextPart('Weather?'))]);
    const last = parts.at(-1);
    assert.ok(last instanceof api.LanguageModelDataPart, 'the last part is a LanguageModelDataPart');
    assert.equal(last.mimeType, 'usage');
    assert.deepEqual(usageOf(last), { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 });
    assert.equal(parts.filter((part) => part instanceof api.LanguageModelDataPart).length, 1, 'one usage part, at the end');
    assert.equal(parts.filter((part) => part instanceof api.LanguageModelTextPart).map((part) => (part as { value: string }).value).join(''), 'Sunny.');
  });

  it('carries a real server’s usage with its cached and reasoning tokens (DeepSeek’s recorded stream)', async () => {
    const deepseek = recorded('deepseek/tool-call-after-reasoning-stream');
    server.script(replayTurn(deepseek.body));
    const parts = await respond([user(new api.LanguageModelTextPart('Weather?'))]);
    assert.deepEqual(usageOf(parts.at(-1)), { prompt_tokens: 374, completion_tokens: 61, total_tokens: 435, prompt_tokens_details: { cached_tokens: 256 }, completion_tokens_details: { reasoning_tokens: 17 } });
  });

  it('reports no usage part when the server sent no usage (Ollama’s recorded stream)', async () => {
    const ollama = recorded('ollama/tool-call-as-text-one-chunk');
    server.script(replayTurn(ollama.body));
    const parts = await respond([user(new api.LanguageModelTextPart('List the files.'))]);
    assert.ok(parts.length > 0 && parts.every((part) => part instanceof api.LanguageModelTextPart), `only text parts: ${parts.map((part) => (part as object).constructor.name).join(', ')}`);
  });
});
