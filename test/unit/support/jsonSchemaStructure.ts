// JSON schemas reduced to what they allow, so package.json's settings schema and z.toJSONSchema of the zod schema Ask
// Model reads with can be compared: descriptions, examples, order and defaults are for people and left out.
import * as z from 'zod/mini';

type JsonSchema = Record<string, unknown>;

/** The keys that say what a value may be. */
const STRUCTURAL = ['type', 'enum', 'properties', 'required', 'additionalProperties', 'propertyNames', 'items', 'anyOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern'];

/**
 * `schema` reduced to what it allows, in one spelling: zod's safe-integer bounds (JSON numbers past them are not whole
 * numbers anyway), its `propertyNames: { type: "string" }` (object keys are strings), `additionalProperties` of
 * `true` or `{}` (JSON Schema's default) and `items: {}` (any item) left out; `anyOf` of bare types as a list of types (as package.json
 * writes `"type": ["boolean", "array"]`), and `required` sorted.
 */
export function structureOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(structureOf);
  if (typeof schema !== 'object' || schema === null) return schema;
  const source = schema as JsonSchema;
  const result: JsonSchema = {};
  for (const key of STRUCTURAL) {
    const value = source[key];
    if (value === undefined) continue;
    if (key === 'properties') result[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, property]) => [name, structureOf(property)]));
    else if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) continue;
    else if (key === 'additionalProperties' && (value === true || isEmptyObject(value))) continue;
    else if (key === 'items' && isEmptyObject(value)) continue;
    else if (key === 'required') result[key] = [...(value as string[])].sort();
    else result[key] = structureOf(value);
  }
  if (typeof result['propertyNames'] === 'object' && result['propertyNames'] !== null) {
    const { type: _type, ...names } = result['propertyNames'] as JsonSchema;
    if (Object.keys(names).length === 0) delete result['propertyNames'];
    else result['propertyNames'] = names;
  }
  if (Array.isArray(result['anyOf']) && result['anyOf'].every((option) => isBareType(option))) {
    const types = (result['anyOf'] as JsonSchema[]).map((option) => option['type'] as string);
    const items = (result['anyOf'] as JsonSchema[]).find((option) => option['items'] !== undefined)?.['items'];
    delete result['anyOf'];
    result['type'] = types;
    if (items !== undefined) result['items'] = items;
  }
  if (Array.isArray(result['type'])) result['type'] = [...(result['type'] as string[])].sort();
  return result;
}

/** z.toJSONSchema of `schema` as Ask Model reads a value (its output: a plain object drops unknown keys), reduced by structureOf. */
export function structureOfZod(schema: z.core.$ZodType): unknown {
  return structureOf(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }));
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** `{ type }` alone, or with `items` (a list of something): what package.json's type list can say. */
function isBareType(option: unknown): boolean {
  if (typeof option !== 'object' || option === null) return false;
  const keys = Object.keys(option);
  return typeof (option as JsonSchema)['type'] === 'string' && keys.every((key) => key === 'type' || key === 'items');
}
