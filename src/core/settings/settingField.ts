// One `askModel.*` setting as Ask Model reads it: its key, the zod schema a value must pass, the value when unset and
// what to tell the user when a value fails. package.json's entry for the setting is checked against this record by a
// unit test (settingsManifest.test.ts), so a type, default or range is stated once here and only mirrored there.
import type * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';

/** Reads one setting by its key below `askModel.` (e.g. `metadata.tags`). */
export type SettingGetter = (key: string) => unknown;

export interface Field<T> {
  /** Below `askModel.`; a dot is a level of nesting inside a profile entry (`timeouts.idleSeconds`). */
  key: string;
  schema: z.ZodMiniType<T>;
  fallback: T;
  /** What the value must be, said after the setting's name. */
  problem: string;
}

export const field = <T>(key: string, schema: z.ZodMiniType<T>, fallback: T, problem: string): Field<T> => ({ key, schema, fallback, problem });

/**
 * One setting: its default when unset (a copy, so a caller changing what it got cannot change the default), its value
 * when the schema takes it, else a SettingsError naming `askModel.<key>` and what it must be.
 */
export function readSetting<T>(get: SettingGetter, spec: Field<T>): T {
  const value = get(spec.key);
  if (value === undefined || value === null) return structuredClone(spec.fallback);
  const parsed = spec.schema.safeParse(value);
  if (!parsed.success) throw new SettingsError(`askModel.${spec.key}`, spec.problem);
  return parsed.data;
}
