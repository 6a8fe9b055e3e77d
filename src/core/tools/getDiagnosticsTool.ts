// get_diagnostics: the errors and warnings VS Code reports for one file or the whole workspace.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { PATH_DESCRIPTION, pathSchema } from './argumentSchemas';
import { defineWorkspaceTool, textArgument } from './defineWorkspaceTool';
import { formatDiagnostics } from './formatDiagnostics';

export const getDiagnosticsTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'get_diagnostics',
  kind: 'read',
  description: 'Get the errors and warnings VS Code reports (compiler, linter) for one file or the whole workspace, with their positions.',
  buildSchema: () =>
    z.strictObject({
      path: z.optional(pathSchema(`${PATH_DESCRIPTION} Default: the whole workspace.`)),
    }),
  summary: (args) => textArgument(args, 'path') ?? 'whole workspace',
  formatResult: formatDiagnostics,
});
