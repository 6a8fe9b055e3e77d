// VS Code's own tools (`vscode.lm.tools`: MCP servers configured in VS Code, other extensions' tools, VS Code's
// built-in ones) offered to the model next to the workspace tools. Nothing is offered unless the user lists it in
// askModel.vscodeTools.allow, by name or by tag (`mcp`): the list also holds tools that run terminal commands.
// This file is the pure part: which tools match, the function name each is offered under (the service takes only
// `^[a-zA-Z0-9_-]{1,64}$`, and none may shadow a workspace tool) and its parameters as the tool's own JSON Schema;
// the text the model reads back for a result or a failure is vscodeToolResults.ts (loaded with the tools that run
// calls, not with every run). The host lists the tools and invokes them.
import type { ToolDefinition } from '../protocol/messages';
import { findWorkspaceTool } from './workspaceTools';

/** What VS Code says of one tool (`LanguageModelToolInformation`). */
export interface VscodeToolInfo {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: object | undefined;
  readonly tags: readonly string[];
}

/** A VS Code tool offered in one run: the function name the model calls and the tool it stands for. */
export interface OfferedVscodeTool {
  /** The name in the request's function definition (the tool's own when the service accepts it). */
  readonly functionName: string;
  /** The name `vscode.lm.invokeTool` takes. */
  readonly toolName: string;
  /** Listed in askModel.vscodeTools.autoApprove: runs without asking. */
  readonly autoApproved: boolean;
  readonly definition: ToolDefinition;
}

/** The askModel.vscodeTools.* settings: names, tags or `*` patterns of tool names. */
export interface VscodeToolRules {
  readonly allow: readonly string[];
  readonly autoApprove: readonly string[];
}

/**
 * Whether an entry of a list names the tool: its exact name, one of its tags (`mcp` for every MCP server's tools), or
 * a pattern of its name where `*` stands for any characters (`mcp_github_*`).
 */
export function matchesToolEntry(tool: Pick<VscodeToolInfo, 'name' | 'tags'>, entry: string): boolean {
  const wanted = entry.trim();
  if (wanted === '') return false;
  if (wanted === tool.name || tool.tags.includes(wanted)) return true;
  if (!wanted.includes('*')) return false;
  const pattern = wanted.split('*').map(escapeRegExp).join('.*');
  return new RegExp(`^${pattern}$`).test(tool.name);
}

export function matchesAnyToolEntry(tool: Pick<VscodeToolInfo, 'name' | 'tags'>, entries: readonly string[]): boolean {
  return entries.some((entry) => matchesToolEntry(tool, entry));
}

/** The VS Code tools the allow-list names, each under a function name no other offered tool has, in VS Code's order. */
export function offerVscodeTools(tools: readonly VscodeToolInfo[], rules: VscodeToolRules): OfferedVscodeTool[] {
  const taken = new Set<string>();
  const offered: OfferedVscodeTool[] = [];
  for (const tool of tools) {
    if (!matchesAnyToolEntry(tool, rules.allow)) continue;
    const functionName = functionNameFor(tool.name, taken);
    taken.add(functionName);
    offered.push({
      functionName,
      toolName: tool.name,
      autoApproved: matchesAnyToolEntry(tool, rules.autoApprove),
      definition: { type: 'function', function: { name: functionName, ...(tool.description ? { description: tool.description } : {}), parameters: parametersOf(tool.inputSchema) } },
    });
  }
  return offered;
}

const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_NAME = 64;

/**
 * The tool's own name when the service accepts it and it is free; else other characters become `_`, a name that a
 * workspace tool has gets a `vscode_` prefix, and a name still taken (or cut to 64) gets `_2`, `_3`, ….
 */
export function functionNameFor(toolName: string, taken: ReadonlySet<string>): string {
  const free = (name: string): boolean => !taken.has(name) && findWorkspaceTool(name) === undefined;
  if (FUNCTION_NAME.test(toolName) && free(toolName)) return toolName;
  let base = toolName.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool';
  if (findWorkspaceTool(base)) base = `vscode_${base}`;
  base = base.slice(0, MAX_NAME);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (free(candidate)) return candidate;
  }
}

/**
 * The tool's JSON Schema as it is (the model needs all of it), made into what every server takes: an object with
 * `properties` (each a schema object whose `type`, `description` and `enum` have their JSON Schema types), `required`
 * naming only declared ones, and no `$schema` (some servers refuse the keyword). A tool without a schema takes none.
 */
export function parametersOf(inputSchema: object | undefined): ToolDefinition['function']['parameters'] {
  const schema = isRecord(inputSchema) ? { ...inputSchema } : {};
  delete schema['$schema'];
  const declared = isRecord(schema['properties']) ? schema['properties'] : {};
  const properties = Object.fromEntries(Object.entries(declared).map(([key, value]) => [key, propertyOf(value)]));
  const parameters: ToolDefinition['function']['parameters'] = { ...schema, type: 'object', properties };
  if (Array.isArray(schema['required'])) {
    parameters.required = schema['required'].filter((name): name is string => typeof name === 'string' && Object.hasOwn(properties, name));
  }
  return parameters;
}

/** A property's schema with the keywords the request checks left out where they are malformed (`true` means any value). */
function propertyOf(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const property = { ...value };
  const type = property['type'];
  if (type !== undefined && typeof type !== 'string' && !(Array.isArray(type) && type.every((entry) => typeof entry === 'string'))) delete property['type'];
  if (property['description'] !== undefined && typeof property['description'] !== 'string') delete property['description'];
  if (property['enum'] !== undefined && !Array.isArray(property['enum'])) delete property['enum'];
  return property;
}

/**
 * The arguments passed to the tool: many models send `null` for an optional argument they leave out, which a schema
 * that does not allow null refuses; such entries are dropped, as for the workspace tools.
 */
export function vscodeToolInput(args: Readonly<Record<string, unknown>>, parameters: ToolDefinition['function']['parameters']): Record<string, unknown> {
  const required = new Set(parameters.required ?? []);
  return Object.fromEntries(
    Object.entries(args).filter(([key, value]) => value !== null || required.has(key) || allowsNull(parameters.properties[key])),
  );
}

function allowsNull(schema: unknown): boolean {
  if (!isRecord(schema)) return true;
  const type = schema['type'];
  if (type === undefined) return true;
  return type === 'null' || (Array.isArray(type) && type.includes('null'));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
