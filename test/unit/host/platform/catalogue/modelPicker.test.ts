// Select Model and Select Completion Model (modelPicker.ts) in plain Node, through the vscode shim and the session's
// real services, over the reference server answering as LM Studio (its recorded /api/v0/models): the chat's picker
// offers only the models that can chat, the embedding model is left out (and can still be typed).
import assert from 'node:assert/strict';
import { hostHarness, type HostHarness } from '../../../../support/host/hostHarness';
import { startReferenceServer, type ReferenceServer } from '../../../../support/referenceServer';
import { vscodeShim } from '../../../../support/vscodeShim';
import { REFRESH_LABEL, selectModel } from '../../../../../src/host/platform/catalogue/modelPicker';

type ShimPick = { items: { label: string; detail?: string }[]; show(): void };
const window = vscodeShim.api['window'] as { createQuickPick: () => ShimPick };

describe('the model pickers (host, through the vscode shim)', () => {
  let server: ReferenceServer;
  let host: HostHarness;
  let offered: { label: string; detail?: string }[][];
  const createQuickPick = window.createQuickPick;

  before(async () => {
    server = await startReferenceServer({ discovery: 'lm-studio' });
    // Each quick pick's items as it is shown.
    window.createQuickPick = () => {
      const pick = createQuickPick();
      const show = pick.show.bind(pick);
      pick.show = () => {
        offered.push([...pick.items]);
        show();
      };
      return pick;
    };
  });
  after(async () => {
    window.createQuickPick = createQuickPick;
    await server.close();
  });
  beforeEach(() => {
    offered = [];
    host = hostHarness();
    host.state.layers.user['askModel.baseUrl'] = server.url;
    host.state.layers.user['askModel.model'] = 'meta-llama-3.1-8b-instruct';
  });
  afterEach(() => host.dispose());

  const deps = () => ({ clients: host.platform.clients, catalogues: host.platform.catalogues });
  const labels = (items: readonly { label: string }[] | undefined) => (items ?? []).map((item) => item.label);

  it('Select Model offers the chat models, not the embedding model LM Studio lists beside them', async () => {
    assert.equal(await selectModel(deps()), undefined, 'dismissed');
    assert.deepEqual(labels(offered[0]), ['meta-llama-3.1-8b-instruct', 'qwen2-vl-7b-instruct', REFRESH_LABEL]);
  });

  it('Select Completion Model leaves it out too', async () => {
    await selectModel(deps(), { forCompletions: true });
    assert.deepEqual(labels(offered[0]), ['meta-llama-3.1-8b-instruct', 'qwen2-vl-7b-instruct', REFRESH_LABEL]);
  });

  it('the embedding model can still be typed, and is then the setting', async () => {
    host.state.pickAnswers.push('text-embedding-nomic-embed-text-v1.5');
    assert.equal(await selectModel(deps()), 'text-embedding-nomic-embed-text-v1.5');
    assert.equal(host.state.layers.user['askModel.model'], 'text-embedding-nomic-embed-text-v1.5');
  });
});
