// Write Commit Message's host adapter in plain Node, through the vscode shim, the session's real services and a real
// loopback server: the message is written by the one run every surface makes (its model rule: the commit model, else
// the chat model; no tools), streamed into the repository's input box, and recorded as every answer is.
import assert from 'node:assert/strict';
import { hostHarness, type HostHarness } from '../../../../support/host/hostHarness';
import { startReferenceServer, textTurn, type ReferenceServer } from '../../../../support/referenceServer';
import { writeCommitMessageCommand } from '../../../../../src/host/features/commit/commitMessageCommand';


const STAGED = 'diff --git a/src/add.ts b/src/add.ts\n--- a/src/add.ts\n+++ b/src/add.ts\n@@ -1 +1 @@\n-export const add = (a, b) => a - b;\n+export const add = (a, b) => a + b;\n';

function gitWithOneRepository(): { repository: { inputBox: { value: string } } } & Record<string, unknown> {
  const repository = {
    rootUri: { scheme: 'file', path: '/workspace', fsPath: '/workspace' },
    inputBox: { value: '' },
    diff: async (cached?: boolean) => (cached ? STAGED : ''),
    log: async () => [{ message: 'Fix the subtraction' }],
  };
  const api = { state: 'initialized', onDidChangeState: () => ({ dispose: () => undefined }), repositories: [repository], getRepository: () => repository };
  return { repository, isActive: true, exports: { enabled: true, getAPI: () => api } };
}

describe('Write Commit Message: the run (host, through the vscode shim)', () => {
  let server: ReferenceServer;
  let host: HostHarness;

  before(async () => {
    server = await startReferenceServer({ model: 'chat-model', models: ['commit-model'] });
  });
  after(() => server.close());
  beforeEach(() => {
    server.reset();
    host = hostHarness();
    host.state.layers.user['askModel.baseUrl'] = server.url;
  });
  afterEach(() => host.dispose());

  const write = () => writeCommitMessageCommand({ runs: host.platform.runs, active: host.active, log: host.log });

  it('streams the message into the input box with the commit model, no tools, and records the answer', async () => {
    const git = gitWithOneRepository();
    host.state.extensions.set('vscode.git', git);
    host.state.layers.user['askModel.model'] = 'chat-model';
    host.state.layers.user['askModel.commitModel'] = 'commit-model';
    host.state.layers.user['askModel.tools.enabled'] = true;
    server.script(textTurn('Fix add: it subtracted instead of adding'));
    const result = await write();
    assert.equal(result.status, 'done');
    assert.equal(git.repository.inputBox.value, 'Fix add: it subtracted instead of adding');
    const request = server.requests.find((recorded) => recorded.path === '/v1/chat/completions')!.body as Record<string, unknown>;
    assert.equal(request['model'], 'commit-model');
    assert.equal(request['tools'], undefined);
    assert.deepEqual(request['metadata'], { generation_name: 'commit-message' });
    assert.ok(host.state.logLines.some((line) => /^info: commit-message \(profile Default\): model commit-model, stream true/.test(line)), 'the request is logged by the run');
    assert.ok(host.state.logLines.some((line) => /^info: commit-message \(profile Default\): answered by /.test(line)), 'the answer is recorded by the run');
  });

  it('with no commit model, the chat model answers', async () => {
    host.state.extensions.set('vscode.git', gitWithOneRepository());
    host.state.layers.user['askModel.model'] = 'chat-model';
    server.script(textTurn('Fix add'));
    await write();
    assert.equal((server.requests.find((recorded) => recorded.path === '/v1/chat/completions')!.body as Record<string, unknown>)['model'], 'chat-model');
  });

  it('with neither set, the model the user picks becomes the chat model and answers', async () => {
    host.state.extensions.set('vscode.git', gitWithOneRepository());
    host.state.pickAnswers.push('chat-model');
    server.script(textTurn('Fix add'));
    assert.equal((await write()).status, 'done');
    assert.equal(host.state.layers.user['askModel.model'], 'chat-model');
    assert.equal((server.requests.find((recorded) => recorded.path === '/v1/chat/completions')!.body as Record<string, unknown>)['model'], 'chat-model');
  });

  it('with neither set, the user is asked to pick one (the chat model), and a dismissed pick cancels with nothing sent', async () => {
    host.state.extensions.set('vscode.git', gitWithOneRepository());
    host.state.pickAnswers.push(undefined);
    const result = await write();
    assert.equal(result.status, 'cancelled');
    assert.equal(server.requests.filter((recorded) => recorded.path === '/v1/chat/completions').length, 0);
  });
});
