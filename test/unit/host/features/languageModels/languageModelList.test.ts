// The language model provider's list (askModelLanguageModels.ts `information`) in plain Node, through the vscode shim
// and the session's real services, over the reference server answering as LM Studio (its recorded /api/v0/models):
// VS Code's chat is offered the models that can chat, never the embedding model the server lists beside them.
import assert from 'node:assert/strict';
import { hostHarness, type HostHarness } from '../../../../support/host/hostHarness';
import { startReferenceServer, type ReferenceServer } from '../../../../support/referenceServer';
import { AskModelLanguageModels } from '../../../../../src/host/features/languageModels/askModelLanguageModels';

const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };

describe('VS Code’s language models: the list (host, through the vscode shim)', () => {
  let server: ReferenceServer;
  let host: HostHarness;

  before(async () => {
    server = await startReferenceServer({ discovery: 'lm-studio' });
  });
  after(async () => server.close());
  beforeEach(() => {
    host = hostHarness();
    host.state.layers.user['askModel.baseUrl'] = server.url;
  });
  afterEach(() => host.dispose());

  const information = () =>
    new AskModelLanguageModels({ runs: host.platform.runs, clients: host.platform.clients, catalogues: host.platform.catalogues, contextMemories: host.platform.contextMemories, log: host.log, listChanged: () => undefined }).information({} as never, token as never);

  it('offers the chat models of the profile, not its embedding model', async () => {
    const listed = await information();
    assert.deepEqual(listed.map((model) => model.model), ['qwen2-vl-7b-instruct', 'meta-llama-3.1-8b-instruct']);
    assert.equal(listed[0]?.capabilities.imageInput, true);
  });

  it('nor the embedding model when the profile names it: it cannot answer a chat', async () => {
    host.state.layers.user['askModel.model'] = 'text-embedding-nomic-embed-text-v1.5';
    assert.deepEqual((await information()).map((model) => model.model), ['qwen2-vl-7b-instruct', 'meta-llama-3.1-8b-instruct']);
  });
});
