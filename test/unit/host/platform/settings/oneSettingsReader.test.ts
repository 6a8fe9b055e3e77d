// The host reads askModel.* in one place (platform/settings/settingsLayers.ts): the full reader the requests use, the
// completions' switch read on every keystroke before anything loads, and the model's status bar all see the same
// layered profiles. With profiles in the workspace's settings (shared with the team), VS Code's own `get` would give
// the workspace's list in place of the user's; the switch once read it so, and could name another completion model
// than the provider asked.
import assert from 'node:assert/strict';
import '../../../../support/host/installShim';
import { vscodeShim as shim, type ShimState } from '../../../../support/vscodeShim';
import { ServerNotices } from '../../../../../src/host/platform/notices/serverNotices';
import { registerModelStatusBar } from '../../../../../src/host/features/profiles/modelStatusBar';
import { readCompletionSwitch } from '../../../../../src/host/features/completions/completionSwitch';
import { readSettings } from '../../../../../src/host/platform/settings/settings';

const userProfile = { name: 'Mine', baseUrl: 'http://localhost:8080', model: 'mine-chat', completionModel: 'mine-coder' };
const teamProfile = { name: 'Team', baseUrl: 'https://litellm.team.example', model: 'team-chat', completionModel: 'team-coder' };

/** What each reader says the active profile's completion model is. */
function completionModels(state: ShimState): { provider: string; switch: string; statusBar: string | undefined } {
  const context = { subscriptions: [] as { dispose(): unknown }[] };
  registerModelStatusBar(context as never, new ServerNotices());
  const item = state.statusItems.find((candidate) => candidate.id === 'askModel.model');
  return { provider: readSettings().completionModel, switch: readCompletionSwitch('typescript').model, statusBar: item?.text };
}

describe('one settings reader (host, through the vscode shim)', () => {
  let state: ShimState;
  beforeEach(() => {
    state = shim.reset();
  });

  it('a profile from the workspace’s settings, active: the switch, the status bar and the provider name its completion model', () => {
    state.layers.user['askModel.profiles'] = [userProfile];
    state.layers.workspace['askModel.profiles'] = [teamProfile];
    state.layers.workspace['askModel.activeProfile'] = 'Team';
    const read = completionModels(state);
    assert.equal(read.provider, 'team-coder');
    assert.equal(read.switch, 'team-coder');
    assert.equal(read.statusBar, '$(sparkle) Team · team-chat');
  });

  it('the user’s own profile active while the workspace shares another: all read the user’s (VS Code’s get would have dropped it)', () => {
    state.layers.user['askModel.profiles'] = [userProfile];
    state.layers.user['askModel.activeProfile'] = 'Mine';
    state.layers.workspace['askModel.profiles'] = [teamProfile];
    const read = completionModels(state);
    assert.equal(read.provider, 'mine-coder');
    assert.equal(read.switch, 'mine-coder');
    assert.equal(read.statusBar, '$(sparkle) Mine · mine-chat');
  });

  it('a workspace profile that carries a key is refused by every reader alike, and said once', () => {
    state.layers.user['askModel.profiles'] = [userProfile];
    state.layers.workspace['askModel.profiles'] = [{ ...teamProfile, name: 'Leaky', apiKey: 'sk-team' }];
    state.layers.user['askModel.activeProfile'] = 'Leaky';
    assert.throws(() => readSettings(), /no profile "Leaky"|profile "Leaky" that askModel.profiles does not have/);
    assert.equal(readCompletionSwitch('typescript').model, '');
    const warnings = state.messages.filter((shown) => shown.level === 'warning').map((shown) => shown.text);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /"Leaky" in the workspace's settings is refused: it carries a key \(the field apiKey\)/);
  });

  it('an untrusted workspace shares no profile with any reader', () => {
    state.trusted = false;
    state.layers.workspace['askModel.profiles'] = [teamProfile];
    state.layers.user['askModel.activeProfile'] = 'Team';
    assert.throws(() => readSettings(), /Team/);
    assert.equal(readCompletionSwitch('typescript').model, '');
  });

  it('the Default profile: the top-level completion model, and the switch is off for a language turned off', () => {
    state.layers.user['askModel.completionModel'] = 'qwen2.5-coder:1.5b';
    state.layers.user['askModel.completions.enable'] = { '*': true, typescript: false };
    assert.equal(readSettings().completionModel, 'qwen2.5-coder:1.5b');
    assert.deepEqual(readCompletionSwitch('typescript'), { model: 'qwen2.5-coder:1.5b', profile: 'Default', enabled: true, enabledHere: false });
    assert.equal(readCompletionSwitch('python').enabledHere, true);
    // package.json's default turns plain text and Markdown off.
    state.layers.user['askModel.completions.enable'] = undefined;
    delete state.layers.user['askModel.completions.enable'];
    assert.equal(readCompletionSwitch('markdown').enabledHere, false);
  });
});
