// The read-only tools: read_file, get_diagnostics, get_editor_context. Each returns the text the model reads;
// refusals and failures are worded for the model (and shown on the tool card).
import * as vscode from 'vscode';
import { diagnosticEntries } from '../../platform/editors/diagnosticEntries';
import { resolveWorkspacePath, type DiagnosticEntry, type GetDiagnosticsArgs, type ReadFileArgs, type ToolOutcome, type WorkspaceToolOf } from '../../../core';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import { readDocumentText } from '../../platform/editors/documentText';
import type { ReadTracker } from './readTracker';
import { pathOptions, relativePathOf } from '../../platform/workspace/workspaceRoots';

export async function readFile(args: ReadFileArgs, tool: WorkspaceToolOf<'read_file'>, denyGlobs: readonly string[], reads: ReadTracker): Promise<ToolOutcome> {
  const resolved = resolveWorkspacePath(args.path, pathOptions(denyGlobs, 'read'));
  if (!resolved.ok) return { status: 'failed', content: resolved.message };
  const text = await readDocumentText(vscode.Uri.file(resolved.absolute));
  if (text === undefined) return { status: 'failed', content: `There is no file "${resolved.relative}" in the workspace. Use list_files to see what exists.` };
  const excerpt = tool.formatResult(resolved.relative, text, { startLine: args.start_line, endLine: args.end_line });
  if (!excerpt.ok) return { status: 'failed', content: excerpt.message };
  reads.remember(resolved.absolute, text);
  return { status: 'done', content: excerpt.text, preview: `lines ${excerpt.firstLine}–${excerpt.lastLine} of ${excerpt.totalLines}${excerpt.cut ? ' (cut)' : ''}` };
}

export function getDiagnostics(args: GetDiagnosticsArgs, tool: WorkspaceToolOf<'get_diagnostics'>, denyGlobs: readonly string[]): ToolOutcome {
  let all: [vscode.Uri, readonly vscode.Diagnostic[]][];
  if (args.path) {
    const resolved = resolveWorkspacePath(args.path, pathOptions(denyGlobs, 'read'));
    if (!resolved.ok) return { status: 'failed', content: resolved.message };
    const uri = vscode.Uri.file(resolved.absolute);
    all = [[uri, vscode.languages.getDiagnostics(uri)]];
  } else {
    all = vscode.languages.getDiagnostics().filter(([uri]) => vscode.workspace.getWorkspaceFolder(uri) !== undefined);
  }
  const entries: DiagnosticEntry[] = [];
  for (const [uri, diagnostics] of all) {
    const path = relativePathOf(uri);
    if (!args.path && resolveWorkspacePath(path, pathOptions(denyGlobs, 'read')).ok === false) continue;
    entries.push(...diagnosticEntries(path, diagnostics));
  }
  const content = tool.formatResult(entries, { path: args.path });
  return { status: 'done', content, preview: `${entries.length} problem(s)` };
}

export function getEditorContext(tool: WorkspaceToolOf<'get_editor_context'>, editors: LastTextEditor, denyGlobs: readonly string[]): ToolOutcome {
  const editor = editors.get();
  if (!editor) return { status: 'done', content: tool.formatResult(undefined), preview: 'no editor open' };
  const path = relativePathOf(editor.document.uri);
  if (editor.document.uri.scheme === 'file' && !resolveWorkspacePath(path, pathOptions(denyGlobs, 'read')).ok) {
    return { status: 'failed', content: `The active file "${path}" is outside the workspace or matches askModel.tools.denyGlobs; it is not shown.` };
  }
  const { selection, document } = editor;
  const visible = editor.visibleRanges[0];
  const content = tool.formatResult({
    path,
    languageId: document.languageId,
    lineCount: document.lineCount,
    selection: {
      start: { line: selection.start.line + 1, column: selection.start.character + 1 },
      end: { line: selection.end.line + 1, column: selection.end.character + 1 },
      text: document.getText(selection),
    },
    visibleLines: visible ? { start: visible.start.line + 1, end: visible.end.line + 1 } : undefined,
  });
  return { status: 'done', content, preview: path };
}
