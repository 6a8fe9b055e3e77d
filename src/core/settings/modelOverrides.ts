// The user's per-model settings (`askModel.modelOverrides`, and `modelOverrides` in each profile): by model id, what
// to believe and send whatever the server says. Plain JSON in settings.json; a misspelt field is an error naming it
// (an ignored `maxTokens` would look like a setting that does not work).
// The top-level `askModel.modelOverrides` apply under every profile; a profile's own entry for a model wins field by
// field (mergeModelOverrides). This schema is the one truth of the setting: package.json's JSON schema for it is
// checked against `z.toJSONSchema` of it by a unit test (modelOverridesManifest.test.ts).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { SettingsError } from '../errors/AskModelError';
import type { ModelOverride, ModelOverrides } from '../catalogue/mergeCatalogue';
import { FIM_FAMILIES, isUsableTemplate } from '../catalogue/fimTemplates';
import { HEADER_NAME } from '../http/headerName';

const tokens = z.int().check(z.minimum(1));
const between = (minimum: number, maximum: number) => z.number().check(z.minimum(minimum), z.maximum(maximum));
const stopText = z.string().check(z.minLength(1));
/** Keys a model's extra body may not set: Ask Model sets them (as buildChatRequest's CONTROLLED_KEYS). */
const CONTROLLED_BODY_KEYS = ['model', 'messages', 'stream'];

export const modelOverrideSchema = z.strictObject({
  contextWindow: z.optional(tokens),
  maxOutputTokens: z.optional(tokens),
  reasoningEffort: z.optional(z.string().check(z.regex(/^[a-z][a-z_-]*$/))),
  tools: z.optional(z.boolean()),
  vision: z.optional(z.boolean()),
  sendReasoning: z.optional(z.boolean()),
  fimTemplate: z.optional(z.string().check(z.refine(isUsableTemplate))),
  // The ranges OpenAI documents (temperature 0–2, top_p 0–1, the penalties -2–2); min_p is a probability as top_p is;
  // top_k a count (0: off on llama.cpp and vLLM); repetition_penalty a factor above 0 (1: off).
  temperature: z.optional(between(0, 2)),
  topP: z.optional(between(0, 1)),
  topK: z.optional(z.int().check(z.minimum(0))),
  minP: z.optional(between(0, 1)),
  presencePenalty: z.optional(between(-2, 2)),
  frequencyPenalty: z.optional(between(-2, 2)),
  repetitionPenalty: z.optional(z.number().check(z.gt(0))),
  seed: z.optional(z.int().check(z.minimum(0))),
  // OpenAI takes at most four stop sequences; an empty one would stop every answer before its first word.
  stop: z.optional(z.union([stopText, z.array(stopText).check(z.minLength(1), z.maxLength(4))])),
  extraBody: z.optional(z.record(z.string(), z.unknown()).check(z.refine((body) => CONTROLLED_BODY_KEYS.every((key) => !Object.hasOwn(body, key))))),
  headers: z.optional(
    z.record(
      z.string().check(z.regex(HEADER_NAME), z.refine((name) => name.toLowerCase() !== 'authorization')),
      z.string().check(z.regex(/^[^\r\n]*$/)),
    ),
  ),
});
/** The top-level setting's key below `askModel.` (a profile's entry has the same field). */
export const MODEL_OVERRIDES_KEY = 'modelOverrides';
export const modelOverridesSchema = z.record(z.string().check(z.minLength(1)), modelOverrideSchema);

const FIELD_RULES: Record<keyof ModelOverride, string> = {
  contextWindow: 'must be a whole number of tokens, at least 1',
  maxOutputTokens: 'must be a whole number of tokens, at least 1',
  reasoningEffort: 'must be an effort the server knows, e.g. "low", "medium" or "high"',
  tools: 'must be true or false',
  vision: 'must be true or false',
  sendReasoning: 'must be true or false',
  fimTemplate: `must be a model family (${FIM_FAMILIES.join(', ')}) or a prompt holding {prefix} and {suffix}, e.g. "<|fim_prefix|>{prefix}<|fim_suffix|>{suffix}<|fim_middle|>"`,
  temperature: 'must be a number from 0 to 2 (sent as temperature)',
  topP: 'must be a number from 0 to 1 (sent as top_p)',
  topK: 'must be a whole number, 0 or more (sent as top_k; 0 turns it off)',
  minP: 'must be a number from 0 to 1 (sent as min_p)',
  presencePenalty: 'must be a number from -2 to 2 (sent as presence_penalty)',
  frequencyPenalty: 'must be a number from -2 to 2 (sent as frequency_penalty)',
  repetitionPenalty: 'must be a number above 0 (sent as repetition_penalty; 1 turns it off)',
  seed: 'must be a whole number, 0 or more (sent as seed)',
  stop: 'must be a non-empty string or a list of 1 to 4 of them (sent as stop), e.g. ["\\n\\n", "END"]',
  extraBody: `must be a JSON object of request fields to send to this model, e.g. { "chat_template_kwargs": { "enable_thinking": false } }; it cannot set ${CONTROLLED_BODY_KEYS.map((key) => `"${key}"`).join(', ')} (Ask Model sets those)`,
  headers:
    'must be an object of header names to single-line text, e.g. { "X-Team": "ide" }; it cannot set Authorization (store the key as the server\'s API key: it is kept in the system\'s secret storage)',
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
  // A header or body key named, where the issue is about one.
  const key = issue.path[2] === undefined ? '' : `.${String(issue.path[2])}`;
  return `"${model}".${field}${field === 'headers' ? key : ''} ${rule}.`;
}

/**
 * The overrides in effect under a profile: the top-level ones, with the profile's own on top, model by model and field
 * by field (a profile's `temperature` for a model keeps the top-level `maxOutputTokens` for it). A field is replaced
 * whole, `headers` and `extraBody` too: a profile can then take a header away (`"headers": {}`) for its server.
 */
export function mergeModelOverrides(topLevel: ModelOverrides, profile: ModelOverrides): ModelOverrides {
  const merged: Record<string, ModelOverride> = { ...topLevel };
  for (const [model, override] of Object.entries(profile)) merged[model] = { ...(Object.hasOwn(topLevel, model) ? topLevel[model] : undefined), ...override };
  return merged;
}

/** The models that have headers of their own, and those headers (for the client, which sends them per request). */
export function modelHeadersOf(overrides: ModelOverrides): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(overrides).flatMap(([model, override]) => (override.headers === undefined ? [] : [[model, override.headers]])));
}
