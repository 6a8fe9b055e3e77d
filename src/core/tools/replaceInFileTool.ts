// replace_in_file: one exact, unique piece of a file replaced (findReplace/reapplyEdit plan it; the host applies it).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { describedText, pathSchema } from './argumentSchemas';
import { defineWorkspaceTool, textArgument } from './defineWorkspaceTool';
import { describeEditResult } from './describeEditResult';

export const replaceInFileTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'replace_in_file',
  kind: 'edit',
  description:
    'Replace one exact, unique piece of text in a file. Read the file first and copy old_text exactly. The user may be asked to approve the change.',
  buildSchema: () =>
    z.strictObject({
      path: pathSchema(),
      old_text: z
        .string()
        .check(
          z.minLength(1, 'must not be empty (to add a new file use create_file)'),
          z.describe(
            'The exact text to replace, including whitespace and indentation. It must occur exactly once in the file; include enough surrounding lines to make it unique.',
          ),
        ),
      new_text: describedText('The text that replaces old_text. Empty deletes old_text.'),
    }),
  summary: (args) => textArgument(args, 'path') ?? '?',
  formatResult: describeEditResult,
});
