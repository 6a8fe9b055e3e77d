// Whether inline completions are on, as the status-bar switch shows it and the provider checks it on every keystroke
// before anything loads: the active profile's completion model (read from the same layered settings as every other
// reader, so the switch and the provider never disagree about the model) and `askModel.completions.enable`, per
// language as Copilot's `github.copilot.enable`. No checks: a bad value is reported when the completions load.
import { quickProfile } from '../../../core/eager';
import { settingsLayersNow } from '../../platform/settings/settingsLayers';

const DEFAULT_ENABLE: Readonly<Record<string, boolean>> = { '*': true, plaintext: false, markdown: false, scminput: false };

export interface CompletionSwitch {
  /** The completion model of the active profile; '' when it has none (completions are off). */
  model: string;
  profile: string;
  /** On for `*`. */
  enabled: boolean;
  /** On for the language asked about. */
  enabledHere: boolean;
}

export function readCompletionSwitch(languageId: string | undefined): CompletionSwitch {
  const layers = settingsLayersNow();
  const { completionModel: model, profile } = quickProfile((key) => layers.get(key));
  const stated = layers.get('completions.enable');
  const enable = typeof stated === 'object' && stated !== null ? (stated as Record<string, unknown>) : DEFAULT_ENABLE;
  const everywhere = enable['*'] !== false;
  const here = languageId === undefined || typeof enable[languageId] !== 'boolean' ? everywhere : enable[languageId] === true;
  return { model, profile, enabled: everywhere, enabledHere: here };
}
