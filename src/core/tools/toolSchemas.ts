// One zod schema per workspace tool. Each does double duty (design rule 9): `functionDefinition` turns it into the
// function definition the model sees, and `validateToolCall` checks the model's arguments against it. The service's
// parameter shape keeps only `type`, `description` and `enum`, so every limit a check enforces (at least 1, at most
// 1000) is also written into the description, or the model could not know it.
// Built on first use, not at load: the host imports the core's index everywhere, and module-level schemas would
// cost every activation their construction and every bundle their bytes (esbuild cannot drop a `.check(…)` call).
import * as z from 'zod/mini';
import '../protocol/zodMessages';

/** The most results list_files and search_text return in one call, whatever the model asks for. */
export const MAX_RESULTS_LIMIT = 1000;
export const DEFAULT_LIST_RESULTS = 200;
export const DEFAULT_SEARCH_RESULTS = 100;

const PATH_DESCRIPTION =
  'Path relative to the workspace folder, with / between folders, e.g. "src/index.ts". In a workspace with several folders, start with the folder name.';

function buildToolSchemas() {
  const path = (description = PATH_DESCRIPTION) => z.string().check(z.minLength(1), z.describe(description));
  const text = (description: string) => z.string().check(z.describe(description));
  // Without a custom error, mini words a fraction as "expected int, received number". With a schema-level error,
  // checks without their own message would repeat it, so each check has one.
  const lineNumber = (description: string) =>
    z.int({ error: 'expected a whole line number' }).check(z.minimum(1, 'line numbers start at 1'), z.describe(description));
  const maxResults = (fallback: number) =>
    z
      .int({ error: 'expected a whole number' })
      .check(
        z.minimum(1, 'must be at least 1'),
        z.maximum(MAX_RESULTS_LIMIT, `must be at most ${MAX_RESULTS_LIMIT}`),
        z.describe(`The most results to return, 1 to ${MAX_RESULTS_LIMIT}. Default ${fallback}.`),
      );

  return {
    read_file: z
      .strictObject({
        path: path(),
        start_line: z.optional(lineNumber('First line to read, 1-based. Default 1.')),
        end_line: z.optional(lineNumber('Last line to read, inclusive. Default: as many lines as fit in one answer.')),
      })
      .check(
        z.refine((args) => args.start_line === undefined || args.end_line === undefined || args.end_line >= args.start_line, {
          message: 'end_line must not be before start_line',
          path: ['end_line'],
        }),
      ),

    list_files: z.strictObject({
      glob: z.optional(text('Glob relative to the workspace folder, e.g. "src/**/*.ts" or "**/*.{json,md}". Default: every file.')),
      max_results: z.optional(maxResults(DEFAULT_LIST_RESULTS)),
    }),

    search_text: z.strictObject({
      query: z.string().check(z.minLength(1), z.describe('The text to find. Each match is reported with its file and line.')),
      mode: z
        .enum(['literal', 'regex'])
        .check(z.describe('"literal" finds the text exactly (case-sensitive); "regex" reads the query as a JavaScript regular expression.')),
      glob: z.optional(text('Only search files matching this glob, e.g. "src/**/*.ts". Default: every file.')),
      max_results: z.optional(maxResults(DEFAULT_SEARCH_RESULTS)),
    }),

    get_diagnostics: z.strictObject({
      path: z.optional(path(`${PATH_DESCRIPTION} Default: the whole workspace.`)),
    }),

    get_editor_context: z.strictObject({}),

    replace_in_file: z.strictObject({
      path: path(),
      old_text: z
        .string()
        .check(
          z.minLength(1, 'must not be empty (to add a new file use create_file)'),
          z.describe(
            'The exact text to replace, including whitespace and indentation. It must occur exactly once in the file; include enough surrounding lines to make it unique.',
          ),
        ),
      new_text: text('The text that replaces old_text. Empty deletes old_text.'),
    }),

    create_file: z.strictObject({
      path: path(),
      content: text('The whole content of the new file.'),
      overwrite: z.optional(z.boolean().check(z.describe('Replace the file if it already exists. Default false.'))),
    }),
  };
}

export type ToolSchemas = ReturnType<typeof buildToolSchemas>;

let schemas: ToolSchemas | undefined;

export function toolSchemas(): ToolSchemas {
  schemas ??= buildToolSchemas();
  return schemas;
}

export type ReadFileArgs = z.infer<ToolSchemas['read_file']>;
export type ListFilesArgs = z.infer<ToolSchemas['list_files']>;
export type SearchTextArgs = z.infer<ToolSchemas['search_text']>;
export type GetDiagnosticsArgs = z.infer<ToolSchemas['get_diagnostics']>;
export type GetEditorContextArgs = z.infer<ToolSchemas['get_editor_context']>;
export type ReplaceInFileArgs = z.infer<ToolSchemas['replace_in_file']>;
export type CreateFileArgs = z.infer<ToolSchemas['create_file']>;
