// VS Code settings that keep our models out of its chat: the Copilot harness where chats open, without its bridge for
// extensions' models. Settings as a VS Code of each kind registers them (src/core/languageModels/hiddenModels.ts).
import assert from 'node:assert/strict';
import { AGENT_HOST_ENABLED_SETTING, BYOK_BRIDGE_SETTING, hiddenModelsNotice, type VscodeSettingsReader } from '../../../src/core/languageModels/hiddenModels';

/** What a VS Code 1.140-era build registers, at its defaults (the harness on, not the default, the bridge off). */
const HARNESS_BUILD: Record<string, unknown> = {
  [AGENT_HOST_ENABLED_SETTING]: true,
  [BYOK_BRIDGE_SETTING]: false,
  'chat.defaultToCopilotHarness': false,
  'chat.editor.preferCopilotHarness': false,
  'chat.editor.localAgent.enabled': true,
  'chat.disableAIFeatures': false,
};

/** The registered settings at `registered` (value: the default), with what the user set in `user` (known or not). */
function reader(registered: Record<string, unknown>, user: Record<string, unknown> = {}, web = false): VscodeSettingsReader {
  return {
    read: (key) => (key in user ? user[key] : registered[key]),
    known: (key) => key in registered,
    web,
  };
}

describe('hiddenModelsNotice', () => {
  it('a VS Code without the harness\'s settings gets no notice, whatever a user wrote for them', () => {
    assert.equal(hiddenModelsNotice(reader({})), undefined);
    const written = { [AGENT_HOST_ENABLED_SETTING]: true, 'chat.defaultToCopilotHarness': true, [BYOK_BRIDGE_SETTING]: false };
    assert.equal(hiddenModelsNotice(reader({}, written)), undefined);
  });

  it('the harness at its defaults (chats open in the local harness) hides nothing', () => {
    assert.equal(hiddenModelsNotice(reader(HARNESS_BUILD)), undefined);
  });

  it('chat.defaultToCopilotHarness on without the bridge: names chat.agentHost.byokModels.enabled, true', () => {
    const notice = hiddenModelsNotice(reader(HARNESS_BUILD, { 'chat.defaultToCopilotHarness': true }));
    assert.ok(notice);
    assert.equal(notice.setting, 'chat.agentHost.byokModels.enabled');
    assert.equal(notice.value, true);
    assert.equal(notice.cause, 'chat.defaultToCopilotHarness');
    assert.match(notice.message, /chat\.agentHost\.byokModels\.enabled to true/);
    assert.match(notice.message, /chat\.defaultToCopilotHarness is true/);
    assert.match(notice.message, /chat\.defaultToCopilotHarness to false to chat in the local harness/);
    assert.match(notice.message, /subagents and utility model/);
  });

  it('an experiment that makes the harness the default reads as the setting\'s default, and counts the same', () => {
    const notice = hiddenModelsNotice(reader({ ...HARNESS_BUILD, 'chat.defaultToCopilotHarness': true }));
    assert.equal(notice?.setting, BYOK_BRIDGE_SETTING);
  });

  it('chat.editor.preferCopilotHarness on, or the local harness hidden, hides our models too', () => {
    const preferred = hiddenModelsNotice(reader(HARNESS_BUILD, { 'chat.editor.preferCopilotHarness': true }));
    assert.equal(preferred?.cause, 'chat.editor.preferCopilotHarness');
    assert.equal(preferred?.setting, BYOK_BRIDGE_SETTING);
    const noLocal = hiddenModelsNotice(reader(HARNESS_BUILD, { 'chat.editor.localAgent.enabled': false }));
    assert.equal(noLocal?.cause, 'chat.editor.localAgent.enabled');
    assert.match(noLocal?.message ?? '', /local harness is hidden/);
    assert.match(noLocal?.message ?? '', /chat\.editor\.localAgent\.enabled to true/);
  });

  it('every setting that puts chats in the harness is named in the way back to the local harness', () => {
    const notice = hiddenModelsNotice(reader(HARNESS_BUILD, { 'chat.defaultToCopilotHarness': true, 'chat.editor.preferCopilotHarness': true }));
    assert.match(notice?.message ?? '', /chat\.defaultToCopilotHarness to false and chat\.editor\.preferCopilotHarness to false/);
  });

  it('the bridge on: our models are listed in the harness, no notice', () => {
    assert.equal(hiddenModelsNotice(reader(HARNESS_BUILD, { 'chat.defaultToCopilotHarness': true, [BYOK_BRIDGE_SETTING]: true })), undefined);
  });

  it('the agent host off, AI features off, or VS Code in a browser: the harness does not run, no notice', () => {
    const harnessDefault = { 'chat.defaultToCopilotHarness': true };
    assert.equal(hiddenModelsNotice(reader(HARNESS_BUILD, { ...harnessDefault, [AGENT_HOST_ENABLED_SETTING]: false })), undefined);
    assert.equal(hiddenModelsNotice(reader(HARNESS_BUILD, { ...harnessDefault, 'chat.disableAIFeatures': true })), undefined);
    assert.equal(hiddenModelsNotice(reader(HARNESS_BUILD, harnessDefault, true)), undefined);
  });

  it('a build before the bridge: only leaving the harness brings our models back, so that setting is named', () => {
    const { [BYOK_BRIDGE_SETTING]: _bridge, ...beforeBridge } = HARNESS_BUILD;
    const notice = hiddenModelsNotice(reader(beforeBridge, { 'chat.defaultToCopilotHarness': true }));
    assert.deepEqual({ setting: notice?.setting, value: notice?.value }, { setting: 'chat.defaultToCopilotHarness', value: false });
    assert.match(notice?.message ?? '', /offers no models from extensions/);
    assert.doesNotMatch(notice?.message ?? '', /byokModels/);
  });

  it('the builds with chat.editor.defaultProvider: copilotAh is the harness, and local undoes it', () => {
    const older = { [AGENT_HOST_ENABLED_SETTING]: true, 'chat.editor.defaultProvider': 'local' };
    assert.equal(hiddenModelsNotice(reader(older)), undefined);
    const notice = hiddenModelsNotice(reader(older, { 'chat.editor.defaultProvider': 'copilotAh' }));
    assert.deepEqual({ setting: notice?.setting, value: notice?.value }, { setting: 'chat.editor.defaultProvider', value: 'local' });
    assert.match(notice?.message ?? '', /chat\.editor\.defaultProvider is "copilotAh"/);
  });
});
