// What a request carries because of the user's settings for the model it goes to (`modelOverrides`): the sampling
// parameters under the names the servers take, on top of that model's own extra body.
//
// The settings are camel-cased (`topP`, `repetitionPenalty`) like every other field of a model's overrides
// (`maxOutputTokens`, `reasoningEffort`) and every askModel setting: one spelling per settings.json, the wire's
// snake_case only in the body. The wire names are OpenAI's (temperature, top_p, presence_penalty, frequency_penalty,
// seed, stop) and, for what OpenAI lacks, the ones vLLM, llama.cpp's server, SGLang and LiteLLM share (top_k, min_p,
// repetition_penalty; llama.cpp spells the last repeat_penalty, which a model's extraBody can send).

/** The sampling settings of one model; each set one is sent with every request to it. */
export interface SamplingParameters {
  temperature?: number;
  topP?: number;
  topK?: number;
  minP?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  repetitionPenalty?: number;
  seed?: number;
  stop?: string | string[];
}

/** Each sampling setting's name in the request body. */
export const SAMPLING_WIRE_NAMES = {
  temperature: 'temperature',
  topP: 'top_p',
  topK: 'top_k',
  minP: 'min_p',
  presencePenalty: 'presence_penalty',
  frequencyPenalty: 'frequency_penalty',
  repetitionPenalty: 'repetition_penalty',
  seed: 'seed',
  stop: 'stop',
} as const satisfies Record<keyof SamplingParameters, string>;

export type SamplingSetting = keyof typeof SAMPLING_WIRE_NAMES;

/** The model's settings that reach the body: its extra body, then its sampling parameters (which win over it). */
export interface ModelBodySettings extends SamplingParameters {
  extraBody?: Record<string, unknown>;
}

/** The body fields `settings` adds to every request to its model; `{}` for none. */
export function modelBodyFields(settings: ModelBodySettings | undefined): Record<string, unknown> {
  if (settings === undefined) return {};
  const fields: Record<string, unknown> = { ...settings.extraBody };
  for (const [setting, wireName] of Object.entries(SAMPLING_WIRE_NAMES) as [SamplingSetting, string][]) {
    const value = settings[setting];
    if (value !== undefined) fields[wireName] = Array.isArray(value) ? [...value] : value;
  }
  return fields;
}
