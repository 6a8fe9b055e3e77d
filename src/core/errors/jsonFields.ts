// Reading the fields of an error body whose shape is not known in advance: what counts as an object, and a string or a
// number given where a code or a type is expected.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, or a number as text (servers send codes either way); undefined for anything else. */
export function stringish(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}
