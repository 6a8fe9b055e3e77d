// create_file: a new text file with the given content, or a whole file replaced when the model says overwrite.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { describedText, pathSchema } from './argumentSchemas';
import { defineWorkspaceTool, textArgument } from './defineWorkspaceTool';

export const createFileTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'create_file',
  kind: 'edit',
  description:
    'Create a new text file with the given content. Refused if the file exists unless overwrite is true. The user may be asked to approve it.',
  buildSchema: () =>
    z.strictObject({
      path: pathSchema(),
      content: describedText('The whole content of the new file.'),
      overwrite: z.optional(z.boolean().check(z.describe('Replace the file if it already exists. Default false.'))),
    }),
  summary: (args) => textArgument(args, 'path') ?? '?',
  formatResult: describeCreatedFile,
});

/** What the model reads once the file is written: whether it was new, and how long it is. */
function describeCreatedFile(relativePath: string, content: string, replaced: boolean): string {
  return `${replaced ? 'Replaced' : 'Created'} "${relativePath}" (${lineCount(content)} lines).`;
}

export function lineCount(content: string): number {
  return content === '' ? 0 : content.split('\n').length;
}
