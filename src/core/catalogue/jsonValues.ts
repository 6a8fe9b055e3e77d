// Single values read out of a discovery response, where any field may be missing, null, a number sent as a string
// (OpenRouter's prices), a float where an integer belongs (LiteLLM's 16385.0) or something else entirely. Each reader
// returns undefined for anything it cannot take at its word, so an odd field makes a fact unknown, never wrong.

export type JsonRecord = Record<string, unknown>;

export function recordOf(value: unknown): JsonRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

/** The value at a dotted path (`top_provider.max_completion_tokens`); keys that contain dots are not reachable. */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    const record = recordOf(current);
    if (record === undefined) return undefined;
    current = record[key];
  }
  return current;
}

/** A token count: a positive whole number, or its decimal digits as a string. 0 is no count (router placeholders). */
export function tokenCount(value: unknown): number | undefined {
  const count = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count > 0 ? count : undefined;
}

/** A price in USD per token: a finite number ≥ 0, or one written as a string. Negative (OpenRouter's "-1" for a price
 * that varies by request) is no price. */
export function usdPerToken(value: unknown): number | undefined {
  const price = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : undefined;
}

export function flag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** A list of strings; undefined when the field is not a list (the source said nothing), items that are not strings
 * dropped. */
export function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
