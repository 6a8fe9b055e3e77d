// The user's per-model settings (`askModel.modelOverrides`, and `modelOverrides` in each profile): by model id, what
// to believe and send whatever the server says. Plain JSON in settings.json; a misspelt field is an error naming it
// (an ignored `maxTokens` would look like a setting that does not work).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import type { ModelOverride, ModelOverrides } from '../catalogue/mergeCatalogue';
import { FIM_FAMILIES, isUsableTemplate } from '../completions/fimTemplates';

const tokens = z.int().check(z.minimum(1));
export const modelOverrideSchema = z.strictObject({
  contextWindow: z.optional(tokens),
  maxOutputTokens: z.optional(tokens),
  reasoningEffort: z.optional(z.string().check(z.regex(/^[a-z][a-z_-]*$/))),
  tools: z.optional(z.boolean()),
  vision: z.optional(z.boolean()),
  sendReasoning: z.optional(z.boolean()),
  fimTemplate: z.optional(z.string().check(z.refine(isUsableTemplate))),
});
export const modelOverridesSchema = z.record(z.string().check(z.minLength(1)), modelOverrideSchema);

const FIELD_RULES: Record<keyof ModelOverride, string> = {
  contextWindow: 'must be a whole number of tokens, at least 1',
  maxOutputTokens: 'must be a whole number of tokens, at least 1',
  reasoningEffort: 'must be an effort the server knows, e.g. "low", "medium" or "high"',
  tools: 'must be true or false',
  vision: 'must be true or false',
  sendReasoning: 'must be true or false',
  fimTemplate: `must be a model family (${FIM_FAMILIES.join(', ')}) or a prompt holding {prefix} and {suffix}, e.g. "<|fim_prefix|>{prefix}<|fim_suffix|>{suffix}<|fim_middle|>"`,
};

/** The overrides in `value` (undefined: none); a bad one is a SettingsError for `setting` naming the model and field. */
export function readModelOverrides(value: unknown, setting: string, where = ''): ModelOverrides {
  if (value === undefined || value === null) return {};
  const parsed = modelOverridesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new SettingsError(setting, `${where}${describeOverrideIssue(parsed.error.issues[0], value)}`);
}

/** One zod issue of an overrides object as a sentence: which model, which field, what it must be. */
export function describeOverrideIssue(issue: z.core.$ZodIssue | undefined, value: unknown): string {
  const example = 'e.g. { "gpt-4o": { "maxOutputTokens": 4096 } }';
  if (issue === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return `must be an object of model names to their settings, ${example}.`;
  const [model, field] = issue.path.map(String);
  if (model === undefined) return `must be an object of model names to their settings, ${example}.`;
  if (issue.code === 'unrecognized_keys') {
    return `"${model}": ${issue.keys.map((key) => `"${key}"`).join(', ')} is not a model setting; the settings are ${Object.keys(FIELD_RULES).join(', ')}.`;
  }
  if (field === undefined) return `"${model}" must be an object of settings, e.g. { "maxOutputTokens": 4096 }.`;
  const rule = FIELD_RULES[field as keyof ModelOverride] ?? 'is not valid';
  return `"${model}".${field} ${rule}.`;
}
