// The prompt tokens an answer's `usage` says the window held, as each provider means its fields. The calibration is
// taught by this number, so a usage that leaves out the cached part of the prompt must not teach it that the prompt
// was small (a later estimate would then run low by the whole cached prefix, and the request overflow).
//   - OpenAI, OpenRouter, Mistral, xAI, Groq, Gemini: `prompt_tokens` is the whole prompt;
//     `prompt_tokens_details.cached_tokens` (and `cache_write_tokens`) are parts of it.
//   - DeepSeek: `prompt_tokens` = `prompt_cache_hit_tokens` + `prompt_cache_miss_tokens`.
//   - Anthropic's own usage: `input_tokens` is only the part neither read from nor written to the cache;
//     `cache_read_input_tokens` and `cache_creation_input_tokens` are the rest.
//   - LiteLLM in front of Anthropic: `prompt_tokens` is input + cache read + cache write (OpenAI's convention), the
//     Anthropic fields beside it.
//   - Portkey's gateway in front of Anthropic (src/providers/anthropic/chatComplete.ts): `prompt_tokens` is Anthropic's
//     `input_tokens`, the cache fields beside it, and `total_tokens` counts all three: its own issue #1210.
import type { Usage } from '../protocol/messages';

/** The prompt tokens counted against the window, or undefined when the usage gives none. */
export function windowPromptTokens(usage: Usage | undefined): number | undefined {
  if (!usage) return undefined;
  const prompt = count(usage.prompt_tokens) ?? count(usage['input_tokens']);
  if (prompt === undefined) return undefined;
  // DeepSeek's parts; their sum is the prompt, whatever `prompt_tokens` says.
  const hit = count(usage['prompt_cache_hit_tokens']);
  const miss = count(usage['prompt_cache_miss_tokens']);
  if (hit !== undefined && miss !== undefined) return Math.max(prompt, hit + miss);
  const cacheRead = count(usage['cache_read_input_tokens']) ?? 0;
  const cacheWrite = count(usage['cache_creation_input_tokens']) ?? 0;
  if (cacheRead + cacheWrite > 0 && anthropicPartsExcluded(usage, prompt, cacheRead + cacheWrite)) return prompt + cacheRead + cacheWrite;
  // OpenAI's convention: the cached tokens are part of the prompt; more cached than prompt means a server that left them out.
  const details = usage['prompt_tokens_details'];
  const cached = typeof details === 'object' && details !== null ? (count((details as Record<string, unknown>)['cached_tokens']) ?? 0) : 0;
  return cached > prompt ? prompt + cached : prompt;
}

/** Whether `prompt` leaves out the `cacheParts` reported beside it in Anthropic's fields. */
function anthropicPartsExcluded(usage: Usage, prompt: number, cacheParts: number): boolean {
  // Anthropic's own shape: `input_tokens` never includes them.
  if (count(usage.prompt_tokens) === undefined) return true;
  // A prompt smaller than its cached part cannot contain it.
  if (prompt < cacheParts) return true;
  // A total that counts them on top of the prompt and the answer (Portkey's).
  const total = count(usage.total_tokens);
  const completion = count(usage.completion_tokens) ?? count(usage['output_tokens']) ?? 0;
  return total !== undefined && total >= prompt + completion + cacheParts;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
