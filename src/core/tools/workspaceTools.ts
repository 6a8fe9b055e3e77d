// The workspace tools the model may call: each with its kind (read-only tools run concurrently and, by default,
// without asking; edits run one by one and ask first), its description for the model, and its argument schema.
// There is deliberately no shell or terminal tool.
import type * as z from 'zod/mini';
import type { ToolDefinition } from '../protocol/messages';
import type { FunctionParameters } from './functionDefinition';
import generatedParameters from './toolParameters.generated.json';
import { toolSchemas, type ToolSchemas } from './toolSchemas';

export type ToolKind = 'read' | 'edit';

export type WorkspaceToolName = keyof ToolSchemas;

/** The validated arguments of each tool, by name. */
export type WorkspaceToolArgs = { [Name in WorkspaceToolName]: z.infer<ToolSchemas[Name]> };

export interface WorkspaceTool<Name extends WorkspaceToolName = WorkspaceToolName> {
  readonly name: Name;
  readonly kind: ToolKind;
  readonly description: string;
  /** Built on first use. */
  readonly schema: ToolSchemas[Name];
  /** The function definition in the service's shape (a fresh copy each time). */
  readonly definition: ToolDefinition;
}

// Marked free of side effects (esbuild honours that within one file), so a bundle that imports the core's index
// without using the tools can drop the whole registry.
const tool = /* @__NO_SIDE_EFFECTS__ */ <Name extends WorkspaceToolName>(name: Name, kind: ToolKind, description: string): WorkspaceTool<Name> => ({
  name,
  kind,
  description,
  get schema() {
    return toolSchemas()[name];
  },
  get definition() {
    return structuredClone(definitionOf(name, description));
  },
});

/** In the order the model sees them: reading first, then the two edits. */
export const WORKSPACE_TOOLS: readonly WorkspaceTool[] = [
  tool(
    'read_file',
    'read',
    'Read a text file of the workspace. Returns its lines numbered as "12 | text". Long files are cut; the answer says which lines it shows and how to read on.',
  ),
  tool(
    'list_files',
    'read',
    'List the files of the workspace, optionally only those matching a glob. Files excluded by files.exclude, search.exclude and .gitignore are left out.',
  ),
  tool(
    'search_text',
    'read',
    'Search the text of the workspace files for a literal string or a regular expression. Returns matching lines as "path:line: text".',
  ),
  tool(
    'get_diagnostics',
    'read',
    'Get the errors and warnings VS Code reports (compiler, linter) for one file or the whole workspace, with their positions.',
  ),
  tool(
    'get_editor_context',
    'read',
    'Get what the user is looking at: the active file, its language, the selection and its text, and the visible lines.',
  ),
  tool(
    'replace_in_file',
    'edit',
    'Replace one exact, unique piece of text in a file. Read the file first and copy old_text exactly. The user may be asked to approve the change.',
  ),
  tool(
    'create_file',
    'edit',
    'Create a new text file with the given content. Refused if the file exists unless overwrite is true. The user may be asked to approve it.',
  ),
];

export function findWorkspaceTool(name: string): WorkspaceTool | undefined {
  // A linear search over seven entries: cheaper than a Map built at load time, which the bundler could not drop.
  return WORKSPACE_TOOLS.find((entry) => entry.name === name);
}

export function isReadOnlyTool(name: string): boolean {
  return findWorkspaceTool(name)?.kind === 'read';
}

/**
 * The definition from the parameters that `z.toJSONSchema` generated from the tool's schema ahead of time
 * (`npm run generate:tools`; a unit test fails when they are stale), so the bundle need not carry the converter.
 */
function definitionOf(name: WorkspaceToolName, description: string): ToolDefinition {
  const parameters = (generatedParameters as Record<WorkspaceToolName, FunctionParameters>)[name];
  return { type: 'function', function: { name, description, parameters } };
}

/**
 * The function definitions a request carries (with `tool_choice: "auto"`), or none when tools are turned off
 * (askModel.tools.enabled). Copies: a caller may change them without changing the next request's.
 */
export function toolDefinitions(enabled: boolean): ToolDefinition[] {
  if (!enabled) return [];
  return WORKSPACE_TOOLS.map((entry) => entry.definition);
}
