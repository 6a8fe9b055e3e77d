// read_file: a text file of the workspace, its lines numbered, cut when long (formatFileExcerpt says how to read on).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { lineNumberSchema, pathSchema } from './argumentSchemas';
import { defineWorkspaceTool, textArgument } from './defineWorkspaceTool';
import { formatFileExcerpt } from './formatFileExcerpt';

export const readFileTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'read_file',
  kind: 'read',
  description:
    'Read a text file of the workspace. Returns its lines numbered as "12 | text". Long files are cut; the answer says which lines it shows and how to read on.',
  buildSchema: () =>
    z
      .strictObject({
        path: pathSchema(),
        start_line: z.optional(lineNumberSchema('First line to read, 1-based. Default 1.')),
        end_line: z.optional(lineNumberSchema('Last line to read, inclusive. Default: as many lines as fit in one answer.')),
      })
      .check(
        z.refine((args) => args.start_line === undefined || args.end_line === undefined || args.end_line >= args.start_line, {
          message: 'end_line must not be before start_line',
          path: ['end_line'],
        }),
      ),
  summary: (args) => {
    const start = args['start_line'];
    const end = args['end_line'];
    const range = start !== undefined || end !== undefined ? `:${String(start ?? 1)}-${String(end ?? '')}` : '';
    return `${textArgument(args, 'path') ?? '?'}${range}`;
  },
  formatResult: formatFileExcerpt,
});
