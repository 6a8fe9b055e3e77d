// replace_in_file and create_file. The edit is computed from the file as it is now (re-applied when the user typed
// since the model read it, refused when it no longer fits), shown as a diff, applied only after Accept (unless the
// tool is auto-approved), and applied as one WorkspaceEdit to the open buffer: one undo step, unsaved files stay
// unsaved, and a Stop before Accept applies nothing.
import * as vscode from 'vscode';
import {
  lineCount,
  reapplyEdit,
  resolveWorkspacePath,
  type ApprovalDecision,
  type ApprovalPreview,
  type CreateFileArgs,
  type ReplaceInFileArgs,
  type ToolOutcome,
  type WorkspaceToolOf,
} from '../../../core';
import { fileExists, readDocumentText } from '../../platform/editors/documentText';
import type { ReadTracker } from './readTracker';
import { pathOptions } from '../../platform/workspace/workspaceRoots';

export interface EditToolDeps {
  denyGlobs: readonly string[];
  reads: ReadTracker;
  showDiff: (callId: string, target: vscode.Uri, proposedText: string, relativePath: string, exists: boolean) => Promise<void>;
  /** The loop's question for this call, asked once the diff is shown; undefined when it runs without asking. */
  approve: ((preview: ApprovalPreview) => Promise<ApprovalDecision>) | undefined;
  signal: AbortSignal;
}

export async function replaceInFile(callId: string, args: ReplaceInFileArgs, tool: WorkspaceToolOf<'replace_in_file'>, deps: EditToolDeps): Promise<ToolOutcome> {
  const resolved = resolveWorkspacePath(args.path, pathOptions(deps.denyGlobs, 'write'));
  if (!resolved.ok) return { status: 'failed', content: resolved.message };
  const uri = vscode.Uri.file(resolved.absolute);
  const before = await readDocumentText(uri);
  if (before === undefined) return { status: 'failed', content: `There is no file "${resolved.relative}". To make a new file, use create_file.` };
  const read = deps.reads.lastRead(resolved.absolute) ?? before;
  const planned = reapplyEdit(read, before, args.old_text, args.new_text);
  if (planned.kind !== 'replaced') return { status: 'failed', content: tool.formatResult(planned, resolved.relative) };

  const decision = await approve(callId, uri, planned.text, resolved.relative, true, `lines ${planned.startLine}–${planned.endLine}`, deps);
  if (decision) return decision;

  // The user may have typed while the diff was open: plan again against the text as it is now.
  const now = await readDocumentText(uri);
  const final = now === undefined ? undefined : reapplyEdit(read, now, args.old_text, args.new_text);
  if (now === undefined || !final || final.kind !== 'replaced') {
    const why = final ? tool.formatResult(final, resolved.relative) : `"${resolved.relative}" no longer exists.`;
    return { status: 'failed', content: `Not applied: the file changed while the edit waited for approval. ${why}` };
  }
  if (deps.signal.aborted) return { status: 'failed', content: 'Not applied: the user stopped the request.' };
  const applied = await applyTextChange(uri, now, final.text);
  if (!applied) return { status: 'failed', content: `Not applied: VS Code refused the edit to "${resolved.relative}".` };
  deps.reads.remember(resolved.absolute, final.text);
  return {
    status: 'done',
    content: `${tool.formatResult(final, resolved.relative)} The change is in the editor, unsaved; the user can undo it.`,
    preview: `changed lines ${final.startLine}–${final.endLine}${final.reapplied ? ' (re-applied around your typing)' : ''}`,
    fileChange: { path: resolved.absolute, relativePath: resolved.relative, before: now, after: final.text },
  };
}

export async function createFile(callId: string, args: CreateFileArgs, tool: WorkspaceToolOf<'create_file'>, deps: EditToolDeps): Promise<ToolOutcome> {
  const resolved = resolveWorkspacePath(args.path, pathOptions(deps.denyGlobs, 'write'));
  if (!resolved.ok) return { status: 'failed', content: resolved.message };
  const uri = vscode.Uri.file(resolved.absolute);
  const exists = await fileExists(uri);
  if (exists && !args.overwrite) {
    return { status: 'failed', content: `"${resolved.relative}" already exists. Use replace_in_file to change it, or set overwrite to true to replace it whole.` };
  }
  const decision = await approve(callId, uri, args.content, resolved.relative, exists, exists ? 'replace the whole file' : 'new file', deps);
  if (decision) return decision;
  if (deps.signal.aborted) return { status: 'failed', content: 'Not applied: the user stopped the request.' };
  const edit = new vscode.WorkspaceEdit();
  // What the file held before (null: it is new), for the answer's Revert and View changes.
  let before: string | null = null;
  if (exists) {
    const current = (await readDocumentText(uri)) ?? '';
    before = current;
    if (!(await applyTextChange(uri, current, args.content))) return { status: 'failed', content: `Not applied: VS Code refused to change "${resolved.relative}".` };
  } else {
    edit.createFile(uri, { ignoreIfExists: false, contents: new TextEncoder().encode(args.content) });
    if (!(await vscode.workspace.applyEdit(edit))) return { status: 'failed', content: `Not applied: VS Code could not create "${resolved.relative}".` };
  }
  deps.reads.remember(resolved.absolute, args.content);
  const lines = lineCount(args.content);
  return {
    status: 'done',
    content: tool.formatResult(resolved.relative, args.content, exists),
    preview: `${exists ? 'replaced' : 'created'}, ${lines} lines`,
    fileChange: { path: resolved.absolute, relativePath: resolved.relative, before, after: args.content },
  };
}

/** Shows the diff and waits for the user; returns an outcome when the edit must not be applied. */
async function approve(callId: string, uri: vscode.Uri, proposed: string, relativePath: string, exists: boolean, summary: string, deps: EditToolDeps): Promise<ToolOutcome | undefined> {
  if (!deps.approve) return undefined;
  await deps.showDiff(callId, uri, proposed, relativePath, exists);
  const decision = await deps.approve({ path: relativePath, summary });
  if (decision.approved) return undefined;
  return decision.reason ? { status: 'rejected', reason: decision.reason } : { status: 'rejected' };
}

/** Replaces only the part of the document that differs: one undo step, and the cursor and folds elsewhere survive. */
async function applyTextChange(uri: vscode.Uri, current: string, next: string): Promise<boolean> {
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.getText() !== current) return false;
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start++;
  let endCurrent = current.length;
  let endNext = next.length;
  while (endCurrent > start && endNext > start && current[endCurrent - 1] === next[endNext - 1]) {
    endCurrent--;
    endNext--;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(document.positionAt(start), document.positionAt(endCurrent)), next.slice(start, endNext));
  return vscode.workspace.applyEdit(edit);
}
