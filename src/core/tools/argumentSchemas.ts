// The argument schemas the workspace tools share. The service's parameter shape keeps only `type`, `description` and
// `enum`, so every limit a check enforces (at least 1, at most 1000) is also written into the description, or the model
// could not know it. Each is a function, called from a record's buildSchema: nothing is built at load.
import * as z from 'zod/mini';
import '../protocol/zodMessages';

/** The most results list_files and search_text return in one call, whatever the model asks for. */
export const MAX_RESULTS_LIMIT = 1000;
export const DEFAULT_LIST_RESULTS = 200;
export const DEFAULT_SEARCH_RESULTS = 100;

export const PATH_DESCRIPTION =
  'Path relative to the workspace folder, with / between folders, e.g. "src/index.ts". In a workspace with several folders, start with the folder name.';

export function pathSchema(description = PATH_DESCRIPTION) {
  return z.string().check(z.minLength(1), z.describe(description));
}

export function describedText(description: string) {
  return z.string().check(z.describe(description));
}

// Without a custom error, mini words a fraction as "expected int, received number". With a schema-level error, checks
// without their own message would repeat it, so each check has one.
export function lineNumberSchema(description: string) {
  return z.int({ error: 'expected a whole line number' }).check(z.minimum(1, 'line numbers start at 1'), z.describe(description));
}

export function maxResultsSchema(fallback: number) {
  return z
    .int({ error: 'expected a whole number' })
    .check(
      z.minimum(1, 'must be at least 1'),
      z.maximum(MAX_RESULTS_LIMIT, `must be at most ${MAX_RESULTS_LIMIT}`),
      z.describe(`The most results to return, 1 to ${MAX_RESULTS_LIMIT}. Default ${fallback}.`),
    );
}
