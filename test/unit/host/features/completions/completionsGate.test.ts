// Inline completions' wiring (registerCompletions.ts) in plain Node, through the vscode shim and a real loopback
// server: the switch read on every keystroke decides before anything loads, the status bar says why completions are
// off or on, and a keystroke where they are on asks the active profile's completion model through the one run.
import assert from 'node:assert/strict';
import { hostHarness, textDocument, type HostHarness } from '../../../../support/host/hostHarness';
import { startReferenceServer, type ReferenceServer } from '../../../../support/referenceServer';
import { registerCompletions } from '../../../../../src/host/features/completions/registerCompletions';


interface Provider {
  provideInlineCompletionItems(document: unknown, position: unknown, context: unknown, token: unknown): Promise<{ insertText: string }[] | undefined>;
}

const document = textDocument('src/add.ts', 'typescript', 'export function add(a: number, b: number): number {\n  return \n}\n');
const cursor = { line: 1, character: 9 };
const automatic = { triggerKind: 1, selectedCompletionInfo: undefined };
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };

describe('inline completions: the switch and the gate (host, through the vscode shim)', () => {
  let server: ReferenceServer;
  let host: HostHarness;
  let runsAsked: number;

  before(async () => {
    server = await startReferenceServer({ model: 'qwen2.5-coder:1.5b', completions: { middle: 'a + b;' } });
  });
  after(() => server.close());

  beforeEach(() => {
    server.reset();
    host = hostHarness();
    runsAsked = 0;
    host.state.layers.user['askModel.baseUrl'] = server.url;
    host.state.layers.user['askModel.completions.debounceMs'] = 0;
    const runs = host.lazily('runs');
    registerCompletions(host.context as never, {
      runs: () => {
        runsAsked++;
        return runs();
      },
      clients: host.lazily('clients'),
      catalogues: host.lazily('catalogues'),
      log: host.log,
    });
  });
  afterEach(() => host.dispose());

  const provider = (): Provider => host.state.inlineProviders[0] as Provider;
  const statusItem = () => host.state.statusItems.find((item) => item.id === 'askModel.completions')!;

  it('with no completion model: off in the status bar, and a keystroke loads nothing and asks nobody', async () => {
    assert.equal(statusItem().text, '$(circle-slash) Completions');
    assert.match(statusItem().tooltip ?? '', /off: profile "Default" has no completion model/);
    assert.equal(await provider().provideInlineCompletionItems(document, cursor, automatic, token), undefined);
    assert.equal(runsAsked, 0);
    assert.equal(server.requests.length, 0);
  });

  it('on: a keystroke asks the completion model through the one run, and the item is the server’s text', async () => {
    host.state.layers.user['askModel.completionModel'] = 'qwen2.5-coder:1.5b';
    host.state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'askModel' });
    assert.equal(statusItem().text, '$(pass) Completions');
    const items = await provider().provideInlineCompletionItems(document, cursor, automatic, token);
    assert.equal(items?.[0]?.insertText, 'a + b;');
    assert.equal(runsAsked, 1);
    assert.equal(server.completionRequests.length, 1);
    const body = server.completionRequests[0]!.body as Record<string, unknown>;
    assert.equal(body['model'], 'qwen2.5-coder:1.5b');
    assert.deepEqual(body['metadata'], { generation_name: 'inline-completion' });
  });

  it('off for the file’s language, or snoozed: nothing is asked', async () => {
    host.state.layers.user['askModel.completionModel'] = 'qwen2.5-coder:1.5b';
    host.state.layers.user['askModel.completions.enable'] = { '*': true, typescript: false };
    assert.equal(await provider().provideInlineCompletionItems(document, cursor, automatic, token), undefined);
    host.state.layers.user['askModel.completions.enable'] = { '*': true };
    await host.state.commands.get('askModel.completions.snooze')!();
    assert.equal(statusItem().text, '$(debug-pause) Completions');
    assert.equal(await provider().provideInlineCompletionItems(document, cursor, automatic, token), undefined);
    assert.equal(runsAsked, 0);
    assert.equal(server.completionRequests.length, 0);
  });

  it('a profile shared by the workspace’s settings, active: the gate and the run ask its completion model at its server', async () => {
    host.state.layers.user['askModel.completionModel'] = 'not-this-one';
    host.state.layers.workspace['askModel.profiles'] = [{ name: 'Team', baseUrl: server.url, completionModel: 'team-coder' }];
    host.state.layers.workspace['askModel.activeProfile'] = 'Team';
    host.state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'askModel' });
    assert.match(statusItem().tooltip ?? '', /on, from team-coder \(profile "Team"\)/);
    await provider().provideInlineCompletionItems(document, cursor, automatic, token);
    assert.equal((server.completionRequests[0]?.body as Record<string, unknown> | undefined)?.['model'], 'team-coder');
  });

  it('LM Studio (a route it lacks answers 200 with its error): a profile in auto mode reaches /v1/completions and goes straight there after', async () => {
    const lmStudio = await startReferenceServer({ model: 'qwen2.5-coder-1.5b-instruct', unknownRoutes: 'lm-studio', completions: { routes: ['v1-completions'], middle: 'a + b;' } });
    try {
      host.state.layers.user['askModel.profiles'] = [{ name: 'LM Studio', baseUrl: `${lmStudio.url}/v1`, completionModel: 'qwen2.5-coder-1.5b-instruct' }];
      host.state.layers.user['askModel.activeProfile'] = 'LM Studio';
      host.state.configurationChanged.fire({ affectsConfiguration: (section) => section === 'askModel' });
      const first = await provider().provideInlineCompletionItems(document, cursor, automatic, token);
      assert.equal(first?.[0]?.insertText, 'a + b;');
      assert.equal(lmStudio.completionRequests.at(-1)?.route, 'v1-completions');
      const asked = lmStudio.requests.length;
      const later = textDocument('src/add.ts', 'typescript', 'export function add(a: number, b: number): number {\n  const sum = \n}\n');
      await provider().provideInlineCompletionItems(later, { line: 1, character: 14 }, automatic, token);
      assert.deepEqual(lmStudio.requests.slice(asked).map((request) => request.path), ['/v1/completions'], 'the next keystroke asks only /v1/completions');
      assert.notEqual(statusItem().text, '$(warning) Completions');
    } finally {
      await lmStudio.close();
    }
  });
});
