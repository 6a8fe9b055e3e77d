// Plausible arguments for a JSON Schema, filled in the way a model would: strings "example", numbers 1,
// booleans false, the first value of an enum.

export function exampleFromSchema(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || depth > 8) return null;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('const' in s) return s.const;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = s[key];
    if (Array.isArray(options)) {
      const usable = options.find((option) => !isNullSchema(option)) ?? options[0];
      if (usable !== undefined) return exampleFromSchema(usable, depth + 1);
    }
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  switch (type) {
    case 'string':
      return 'example';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return s.items === undefined ? [] : [exampleFromSchema(s.items, depth + 1)];
    case 'object':
      return exampleObject(s.properties, depth);
    default:
      return typeof s.properties === 'object' ? exampleObject(s.properties, depth) : 'example';
  }
}

function exampleObject(properties: unknown, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (typeof properties !== 'object' || properties === null) return result;
  for (const [name, propertySchema] of Object.entries(properties)) result[name] = exampleFromSchema(propertySchema, depth + 1);
  return result;
}

function isNullSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as Record<string, unknown>).type === 'null';
}
