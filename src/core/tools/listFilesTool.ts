// list_files: the workspace's files, optionally matching a glob, without what the user's excludes leave out.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { DEFAULT_LIST_RESULTS, describedText, maxResultsSchema } from './argumentSchemas';
import { defineWorkspaceTool, textArgument } from './defineWorkspaceTool';
import { formatFileList } from './formatFileList';

export const listFilesTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'list_files',
  kind: 'read',
  description:
    'List the files of the workspace, optionally only those matching a glob. Files excluded by files.exclude, search.exclude and .gitignore are left out.',
  buildSchema: () =>
    z.strictObject({
      glob: z.optional(describedText('Glob relative to the workspace folder, e.g. "src/**/*.ts" or "**/*.{json,md}". Default: every file.')),
      max_results: z.optional(maxResultsSchema(DEFAULT_LIST_RESULTS)),
    }),
  summary: (args) => textArgument(args, 'glob') ?? 'all files',
  formatResult: formatFileList,
});
