// The askModel.completions.* settings, shared by every profile (the model is per profile: `completionModel`). Read like
// every other setting: a bad value is a SettingsError naming it.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { field, readSetting, type Field, type SettingGetter } from './settingField';

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

/** The askModel.completions.* settings (package.json's are checked against these). */
export const COMPLETION_FIELDS: { [Key in keyof CompletionSettings]: Field<CompletionSettings[Key]> } = {
  enable: field('completions.enable', z.record(z.string(), z.boolean()), DEFAULT_COMPLETION_SETTINGS.enable, 'must be an object of language ids to true or false, e.g. { "*": true, "markdown": false }.'),
  debounceMs: field('completions.debounceMs', z.int().check(z.minimum(0), z.maximum(5000)), DEFAULT_COMPLETION_SETTINGS.debounceMs, 'must be a whole number of milliseconds from 0 to 5000.'),
  maxTokens: field('completions.maxTokens', z.int().check(z.minimum(1), z.maximum(4096)), DEFAULT_COMPLETION_SETTINGS.maxTokens, 'must be a whole number of tokens from 1 to 4096.'),
  maxLines: field('completions.maxLines', z.int().check(z.minimum(1), z.maximum(200)), DEFAULT_COMPLETION_SETTINGS.maxLines, 'must be a whole number of lines from 1 to 200.'),
  inCommentsAndStrings: field('completions.inCommentsAndStrings', z.boolean(), DEFAULT_COMPLETION_SETTINGS.inCommentsAndStrings, 'must be true or false.'),
  otherFiles: field('completions.otherFiles', z.boolean(), DEFAULT_COMPLETION_SETTINGS.otherFiles, 'must be true or false.'),
};

export function readCompletionSettings(get: SettingGetter): CompletionSettings {
  return {
    enable: readSetting(get, COMPLETION_FIELDS.enable),
    debounceMs: readSetting(get, COMPLETION_FIELDS.debounceMs),
    maxTokens: readSetting(get, COMPLETION_FIELDS.maxTokens),
    maxLines: readSetting(get, COMPLETION_FIELDS.maxLines),
    inCommentsAndStrings: readSetting(get, COMPLETION_FIELDS.inCommentsAndStrings),
    otherFiles: readSetting(get, COMPLETION_FIELDS.otherFiles),
  };
}

/** Whether ghost text is on for `languageId`: its own entry, else `*`, else on. */
export function completionsEnabledFor(enable: Readonly<Record<string, boolean>>, languageId: string): boolean {
  return enable[languageId] ?? enable['*'] ?? true;
}
