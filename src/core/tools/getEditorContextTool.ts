// get_editor_context: what the user is looking at (the active file, the selection, the visible lines).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { defineWorkspaceTool } from './defineWorkspaceTool';
import { formatEditorContext } from './formatEditorContext';

export const getEditorContextTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'get_editor_context',
  kind: 'read',
  description: 'Get what the user is looking at: the active file, its language, the selection and its text, and the visible lines.',
  buildSchema: () => z.strictObject({}),
  summary: () => 'active editor',
  formatResult: formatEditorContext,
});
