// Whether VS Code's own settings hide our models from its chat. From VS Code 1.140 the Copilot harness (the Agent Host)
// can be where new chats open, and it offers extension-provided models such as ours only with its BYOK bridge on
// (`chat.agentHost.byokModels.enabled`); even then its subagents and utility model use Copilot's own. A user who moves
// to us there finds none of our models and is not told why, so Test Connection and Manage Models say so, naming the
// setting to change. Read from VS Code's registrations (microsoft/vscode, src/vs/platform/agentHost/): the harness is
// on only outside a browser, with `chat.agentHost.enabled` true and `chat.disableAIFeatures` not true; what makes it
// the default for new chats is `chat.defaultToCopilotHarness` (PR #326265), `chat.editor.preferCopilotHarness`
// (#326178), the local harness hidden (`chat.editor.localAgent.enabled` false) or, in the builds before those,
// `chat.editor.defaultProvider: copilotAh`. A VS Code that registers none of these settings gets no notice: a value a
// user wrote for a setting this VS Code does not know changes nothing, so it is not read.

export const AGENT_HOST_ENABLED_SETTING = 'chat.agentHost.enabled';
export const BYOK_BRIDGE_SETTING = 'chat.agentHost.byokModels.enabled';
const AI_FEATURES_DISABLED_SETTING = 'chat.disableAIFeatures';

/** A setting that makes the harness where new chats open, the value that does it and the value that undoes it. */
interface HarnessDefault {
  setting: string;
  makesDefault: boolean | string;
  undo: boolean | string;
  /** Why the setting puts new chats in the harness, in the notice's words. */
  says: string;
}

const HARNESS_DEFAULTS: readonly HarnessDefault[] = [
  { setting: 'chat.defaultToCopilotHarness', makesDefault: true, undo: false, says: 'new chats open in the Copilot harness' },
  { setting: 'chat.editor.preferCopilotHarness', makesDefault: true, undo: false, says: 'new chats open in the Copilot harness instead of the local one' },
  { setting: 'chat.editor.localAgent.enabled', makesDefault: false, undo: true, says: "the local harness is hidden from the chat's picker" },
  { setting: 'chat.editor.defaultProvider', makesDefault: 'copilotAh', undo: 'local', says: 'new chats open in the Copilot harness' },
];

/** What VS Code's settings say, as the host reads them. */
export interface VscodeSettingsReader {
  /** The setting's value as VS Code applies it (user, workspace, experiment or default); undefined when none. */
  read: (key: string) => unknown;
  /** Whether this VS Code registers the setting: one without the Copilot harness has none of these. */
  known: (key: string) => boolean;
  /** VS Code in a browser (vscode.dev, code-server), where the harness never runs. */
  web: boolean;
}

/** Why our models do not show in VS Code's chat, and the one setting that brings them back. */
export interface HiddenModelsNotice {
  /** A sentence or two for the user, naming the setting and its value. */
  message: string;
  /** The setting to change (its id, as the Settings editor finds it). */
  setting: string;
  /** The value to give it. */
  value: boolean | string;
  /** The setting that made the harness where chats open. */
  cause: string;
}

/** The notice for the settings as they are, or undefined when nothing hides our models (or this VS Code has no harness). */
export function hiddenModelsNotice(settings: VscodeSettingsReader): HiddenModelsNotice | undefined {
  const setTo = (key: string, value: unknown): boolean => settings.known(key) && settings.read(key) === value;
  if (settings.web || !setTo(AGENT_HOST_ENABLED_SETTING, true) || setTo(AI_FEATURES_DISABLED_SETTING, true)) return undefined;
  const harnesses = HARNESS_DEFAULTS.filter((entry) => setTo(entry.setting, entry.makesDefault));
  const [first] = harnesses;
  if (first === undefined) return undefined;
  const because = `${first.says} (${harnesses.map((entry) => `${entry.setting} is ${JSON.stringify(entry.makesDefault)}`).join(', ')})`;
  const leave = `set ${harnesses.map((entry) => `${entry.setting} to ${JSON.stringify(entry.undo)}`).join(' and ')} to chat in the local harness`;
  if (settings.known(BYOK_BRIDGE_SETTING)) {
    if (settings.read(BYOK_BRIDGE_SETTING) === true) return undefined;
    return {
      message:
        `VS Code's chat does not list Ask Model's models: ${because}, and the harness offers models from extensions only with ${BYOK_BRIDGE_SETTING} on. ` +
        `Set ${BYOK_BRIDGE_SETTING} to true (the harness's subagents and utility model still use Copilot's own models), or ${leave}.`,
      setting: BYOK_BRIDGE_SETTING,
      value: true,
      cause: first.setting,
    };
  }
  // A harness without the bridge (a build before it) cannot offer our models at all: only leaving it brings them back.
  return {
    message: `VS Code's chat does not list Ask Model's models: ${because}, and this VS Code's harness offers no models from extensions. To see them, ${leave}.`,
    setting: first.setting,
    value: first.undo,
    cause: first.setting,
  };
}
