// search_text: lines of the workspace's files matching a literal string or a regular expression.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { DEFAULT_SEARCH_RESULTS, describedText, maxResultsSchema } from './argumentSchemas';
import { defineWorkspaceTool, textArgument } from './defineWorkspaceTool';
import { formatSearchResults } from './formatSearchResults';

export const searchTextTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'search_text',
  kind: 'read',
  description: 'Search the text of the workspace files for a literal string or a regular expression. Returns matching lines as "path:line: text".',
  buildSchema: () =>
    z.strictObject({
      query: z.string().check(z.minLength(1), z.describe('The text to find. Each match is reported with its file and line.')),
      mode: z
        .enum(['literal', 'regex'])
        .check(z.describe('"literal" finds the text exactly (case-sensitive); "regex" reads the query as a JavaScript regular expression.')),
      glob: z.optional(describedText('Only search files matching this glob, e.g. "src/**/*.ts". Default: every file.')),
      max_results: z.optional(maxResultsSchema(DEFAULT_SEARCH_RESULTS)),
    }),
  summary: (args) => {
    const glob = textArgument(args, 'glob');
    return `${JSON.stringify(textArgument(args, 'query') ?? '')}${glob ? ` in ${glob}` : ''}`;
  },
  formatResult: formatSearchResults,
});
