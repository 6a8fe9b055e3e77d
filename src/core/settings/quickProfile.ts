// The active profile as the status bar and the completions' switch read it before anything is loaded (on every
// keystroke, at activation): the same layered profile entries (sharedProfiles.ts) and the same lookup as
// readExtensionSettings, without its checks (a bad value is reported with its name when a request is made). No zod
// here: this runs in the wiring loaded at start-up (src/core/eager.ts).
import { DEFAULT_PROFILE_NAME, isDefaultProfile } from './defaultProfile';

export interface QuickProfile {
  /** The active profile's name ("Default" for the top-level settings). */
  profile: string;
  /** Its chat model, completion model and base URL; '' where unset. */
  model: string;
  completionModel: string;
  baseUrl: string;
  /** How many profiles `askModel.profiles` adds to the Default one. */
  added: number;
}

/**
 * `get`: the settings as the readers see them (`profiles` already layered). A profile the entries lack, or entries that
 * are not a list, read as an empty profile (the full reader names the problem).
 */
export function quickProfile(get: (key: string) => unknown): QuickProfile {
  const entries = Array.isArray(get('profiles')) ? (get('profiles') as unknown[]) : [];
  const active = textOf(get('activeProfile'));
  if (active === '' || isDefaultProfile(active)) {
    return { profile: DEFAULT_PROFILE_NAME, model: textOf(get('model')), completionModel: textOf(get('completionModel')), baseUrl: textOf(get('baseUrl')), added: entries.length };
  }
  const entry = entries.find((candidate: unknown) => textOf(fieldOf(candidate, 'name')).toLowerCase() === active.toLowerCase());
  return {
    profile: entry === undefined ? active : textOf(fieldOf(entry, 'name')),
    model: textOf(fieldOf(entry, 'model')),
    completionModel: textOf(fieldOf(entry, 'completionModel')),
    baseUrl: textOf(fieldOf(entry, 'baseUrl')),
    added: entries.length,
  };
}

function fieldOf(entry: unknown, field: string): unknown {
  return typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[field] : undefined;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
