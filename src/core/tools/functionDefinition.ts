// Turns a tool's zod schema into a function definition in exactly the service's shape: `parameters` is
// `{type: "object", properties: {name: {type, description?, enum?}}, required: [...]}` and nothing else. zod's JSON
// Schema also carries `$schema`, `additionalProperties`, `minimum`/`maximum` and friends; the interface does not
// list them, so small servers may refuse them, and the schemas already say their limits in the descriptions.
import * as z from 'zod/mini';
import type { ToolDefinition } from '../protocol/messages';

/** One parameter as the service describes it. */
export interface ParameterDefinition {
  type: string;
  description?: string;
  enum?: string[];
}

// A type alias, not an interface: only an alias is assignable to ToolDefinition's index-signature `parameters`.
export type FunctionParameters = {
  type: 'object';
  properties: Record<string, ParameterDefinition>;
  required: string[];
};

export function functionDefinition(name: string, description: string, schema: z.ZodMiniType): ToolDefinition {
  return { type: 'function', function: { name, description, parameters: functionParameters(name, schema) } };
}

/** Throws on a schema the service shape cannot express: that is a mistake in our own code, found by the unit tests. */
export function functionParameters(name: string, schema: z.ZodMiniType): FunctionParameters {
  // `io: 'input'` describes what the model sends (before defaults), and `unrepresentable: 'throw'` refuses to
  // silently turn an unsupported construct into `{}`.
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<string, unknown>;
  if (json['type'] !== 'object' || !isRecord(json['properties'])) throw new Error(`Tool ${name}: its schema must be an object.`);
  const properties: Record<string, ParameterDefinition> = {};
  for (const [key, value] of Object.entries(json['properties'])) properties[key] = parameter(name, key, value);
  const required = Array.isArray(json['required']) ? json['required'].map(String) : [];
  return { type: 'object', properties, required };
}

function parameter(tool: string, key: string, value: unknown): ParameterDefinition {
  if (!isRecord(value) || typeof value['type'] !== 'string') {
    throw new Error(`Tool ${tool}: parameter ${key} must have a single JSON type (unions cannot be described to the service).`);
  }
  const result: ParameterDefinition = { type: value['type'] };
  if (typeof value['description'] === 'string') result.description = value['description'];
  if (Array.isArray(value['enum'])) result.enum = value['enum'].map(String);
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
