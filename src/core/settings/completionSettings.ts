// The askModel.completions.* settings, shared by every profile (the model is per profile: `completionModel`). Read like
// every other setting: a bad value is a SettingsError naming it.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import type { SettingGetter } from './extensionSettings';

export interface CompletionSettings {
  /** By language id, with `*` for the rest: whether ghost text is offered there (as Copilot's `github.copilot.enable`). */
  enable: Record<string, boolean>;
  /** The pause in typing before a request is sent. */
  debounceMs: number;
  /** The most tokens one suggestion may have. */
  maxTokens: number;
  /** The most lines one suggestion shows. */
  maxLines: number;
  /** Offer suggestions inside comments and strings too. */
  inCommentsAndStrings: boolean;
  /** Send chunks of other recently used files of the same language, where the endpoint takes them. */
  otherFiles: boolean;
}

export const DEFAULT_COMPLETION_SETTINGS: CompletionSettings = {
  enable: { '*': true, plaintext: false, markdown: false, scminput: false },
  debounceMs: 200,
  maxTokens: 128,
  maxLines: 16,
  inCommentsAndStrings: false,
  otherFiles: true,
};

const FIELDS: { [Key in keyof CompletionSettings]: { schema: z.ZodMiniType<CompletionSettings[Key]>; problem: string } } = {
  enable: { schema: z.record(z.string(), z.boolean()), problem: 'must be an object of language ids to true or false, e.g. { "*": true, "markdown": false }.' },
  debounceMs: { schema: z.int().check(z.minimum(0), z.maximum(5000)), problem: 'must be a whole number of milliseconds from 0 to 5000.' },
  maxTokens: { schema: z.int().check(z.minimum(1), z.maximum(4096)), problem: 'must be a whole number of tokens from 1 to 4096.' },
  maxLines: { schema: z.int().check(z.minimum(1), z.maximum(200)), problem: 'must be a whole number of lines from 1 to 200.' },
  inCommentsAndStrings: { schema: z.boolean(), problem: 'must be true or false.' },
  otherFiles: { schema: z.boolean(), problem: 'must be true or false.' },
};

export function readCompletionSettings(get: SettingGetter): CompletionSettings {
  const read = <Key extends keyof CompletionSettings>(name: Key): CompletionSettings[Key] => {
    const value = get(`completions.${name}`);
    if (value === undefined || value === null) return DEFAULT_COMPLETION_SETTINGS[name];
    const parsed = FIELDS[name].schema.safeParse(value);
    if (!parsed.success) throw new SettingsError(`askModel.completions.${name}`, FIELDS[name].problem);
    return parsed.data;
  };
  return {
    enable: read('enable'),
    debounceMs: read('debounceMs'),
    maxTokens: read('maxTokens'),
    maxLines: read('maxLines'),
    inCommentsAndStrings: read('inCommentsAndStrings'),
    otherFiles: read('otherFiles'),
  };
}

/** Whether ghost text is on for `languageId`: its own entry, else `*`, else on. */
export function completionsEnabledFor(enable: Readonly<Record<string, boolean>>, languageId: string): boolean {
  return enable[languageId] ?? enable['*'] ?? true;
}
