// One workspace tool as one record (design rule 9): its name, its kind (which is its approval rule), its description
// for the model, its argument schema, the short line its card shows and the formatter that turns what the host found
// into the text the model reads. The registry (workspaceTools.ts) lists the records; everything else (the function
// definitions a request carries, argument validation, the card's summary, the host's runner table) is read from it.
import type * as z from 'zod/mini';
import type { ToolDefinition } from '../protocol/messages';
import type { FunctionParameters } from './functionDefinition';
import generatedParameters from './toolParameters.generated.json';

/**
 * A tool's approval rule, which also decides how it is scheduled. `read`: runs without asking unless
 * askModel.tools.askBeforeReading, concurrently with the reads next to it. `edit`: runs alone, shows its diff and waits
 * for Accept unless askModel.tools.autoApprove names it. `command`: runs alone, only after Run on its card or when the
 * user's own command rules cover it (askModel.tools.autoApprove never does), and only in a trusted workspace.
 */
export type ToolKind = 'read' | 'edit' | 'command';

/** A call's arguments as the card sees them: parsed from the model's text, not yet checked against the schema. */
export type UncheckedArguments = Readonly<Record<string, unknown>>;

export interface WorkspaceToolSpec<Name extends string, Schema extends z.ZodMiniType, Format> {
  /** The function name the model calls. */
  name: Name;
  kind: ToolKind;
  description: string;
  /**
   * Builds the argument schema; called on first use, never at load: the host imports the core's index everywhere,
   * and module-level schemas would cost every activation their construction and every bundle their bytes.
   */
  buildSchema: () => Schema;
  /** The one short line a tool card shows for the call's arguments (which may be incomplete or wrong). */
  summary: (args: UncheckedArguments) => string;
  /** Turns what the host found into the text the model reads (the host's runner calls it). */
  formatResult: Format;
}

export interface WorkspaceToolRecord<Name extends string = string, Schema extends z.ZodMiniType = z.ZodMiniType, Format = unknown> {
  readonly name: Name;
  readonly kind: ToolKind;
  readonly description: string;
  /** Built on first use. */
  readonly schema: Schema;
  /** The function definition in the service's shape (a fresh copy each time), from the generated parameters. */
  readonly definition: ToolDefinition;
  readonly summary: (args: UncheckedArguments) => string;
  readonly formatResult: Format;
}

// Free of side effects, so a bundle that imports the core's index without using the tools can drop every record. esbuild
// honours this function's mark only within this file, so each record's call is marked `/* @__PURE__ */` as well.
export const defineWorkspaceTool = /* @__NO_SIDE_EFFECTS__ */ <const Name extends string, Schema extends z.ZodMiniType, Format>(
  spec: WorkspaceToolSpec<Name, Schema, Format>,
): WorkspaceToolRecord<Name, Schema, Format> => {
  let schema: Schema | undefined;
  return {
    name: spec.name,
    kind: spec.kind,
    description: spec.description,
    get schema() {
      schema ??= spec.buildSchema();
      return schema;
    },
    get definition() {
      return structuredClone(definitionOf(spec.name, spec.description));
    },
    summary: spec.summary,
    formatResult: spec.formatResult,
  };
};

/**
 * The definition from the parameters that `z.toJSONSchema` generated from the tool's schema ahead of time
 * (`npm run generate:tools`; a unit test fails when they are stale, and the registry does not compile without them),
 * so the bundle need not carry the converter.
 */
function definitionOf(name: string, description: string): ToolDefinition {
  const parameters = (generatedParameters as Record<string, FunctionParameters | undefined>)[name];
  if (!parameters) throw new Error(`The tool ${name} has no generated parameters: run npm run generate:tools.`);
  return { type: 'function', function: { name, description, parameters } };
}

/** A string argument for a card's summary, or undefined when the model sent something else. */
export function textArgument(args: UncheckedArguments, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' ? value : undefined;
}
