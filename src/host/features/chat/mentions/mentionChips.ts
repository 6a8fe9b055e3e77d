// The chip for each accepted @-mention, holding exactly the text that will be sent, capped by
// askModel.maxContextCharacters as the editor's chips are. A mention that cannot be attached says why, in words the
// user can act on.
import * as vscode from 'vscode';
import { diagnosticEntries } from '../../../platform/editors/diagnosticEntries';
import {
  capText,
  chipLabel,
  formatChanges,
  formatDiagnostics,
  formatFileList,
  formatTerminalOutput,
  resolveWorkspacePath,
  type ContextChip,
  type DiagnosticEntry,
  type MentionTarget,
  type SymbolRef,
} from '../../../../core';
import { gitApi, GitUnavailableError } from '../../../platform/git/gitApi';
import { readSettings, readWorkspaceToolSettings } from '../../../platform/settings/settings';
import { readDocumentText } from '../../../platform/editors/documentText';
import { pathOptions, relativePathOf } from '../../../platform/workspace/workspaceRoots';
import { chipFromEditor } from '../editorContext';
import type { LastTextEditor } from '../../../platform/editors/lastTextEditor';
import type { TerminalOutputs } from './terminalOutputs';

export type ChipResult = { chip: ContextChip } | { problem: string };

export interface MentionChipDeps {
  editors: LastTextEditor;
  terminals: TerminalOutputs;
}

const MAX_FOLDER_FILES = 1_000;

export async function chipForMention(target: MentionTarget, deps: MentionChipDeps): Promise<ChipResult> {
  const max = readSettings().maxContextCharacters;
  const { denyGlobs } = readWorkspaceToolSettings();
  switch (target.kind) {
    case 'file':
      return fileChip(target.path, denyGlobs, max);
    case 'folder':
      return folderChip(target.path, denyGlobs, max);
    case 'symbol':
      return symbolChip(target.symbol, denyGlobs, max);
    case 'selection': {
      const editor = deps.editors.get();
      const chip = editor ? chipFromEditor(editor, 'selection', max) : undefined;
      return chip ? { chip } : { problem: 'select some code in an editor first.' };
    }
    case 'problems':
      return { chip: textChip('problems', '', '', formatDiagnostics(workspaceDiagnostics(denyGlobs)), max) };
    case 'changes':
      return changesChip(denyGlobs, max);
    case 'terminal': {
      const last = deps.terminals.lastRun();
      if ('problem' in last) return last;
      const { run } = last;
      const text = formatTerminalOutput(run.terminalName, run.commandLine, run.output, run.exitCode, run.ended) + (run.ended ? '' : '\n[still running]');
      return { chip: textChip('terminal', run.terminalName, 'shellscript', text, max) };
    }
  }
}

/** The errors and warnings inside the editor's selection, the chip /fix sends with it (uncapped: formatDiagnostics caps it). */
export function selectionProblemsChip(editor: vscode.TextEditor): ContextChip {
  const path = relativePathOf(editor.document.uri);
  const inside = vscode.languages.getDiagnostics(editor.document.uri).filter((diagnostic) => diagnostic.range.intersection(editor.selection) !== undefined);
  const startLine = editor.selection.start.line + 1;
  const endLine = editor.selection.end.line + 1;
  const text = formatDiagnostics(diagnosticEntries(path, inside), { path: `${path}, lines ${startLine}–${endLine}` });
  return { id: globalThis.crypto.randomUUID(), kind: 'problems', label: `problems (${path.split('/').pop() ?? path}:${startLine}-${endLine})`, path, languageId: '', startLine, endLine, text, truncatedCharacters: 0 };
}

async function fileChip(path: string, denyGlobs: readonly string[], max: number): Promise<ChipResult> {
  const resolved = resolveWorkspacePath(path, pathOptions(denyGlobs, 'read'));
  if (!resolved.ok) return { problem: resolved.message };
  const uri = vscode.Uri.file(resolved.absolute);
  const text = await readDocumentText(uri);
  if (text === undefined) return { problem: `"${path}" could not be read; it may have been deleted or renamed.` };
  const languageId = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString())?.languageId ?? languageOf(path);
  const lines = text.split('\n').length;
  const capped = capText(text, max);
  const chip = { id: globalThis.crypto.randomUUID(), kind: 'file' as const, path: resolved.relative, languageId, startLine: 1, endLine: lines, text: capped.text, truncatedCharacters: capped.truncatedCharacters };
  return { chip: { ...chip, label: chipLabel(chip) } };
}

async function folderChip(path: string, denyGlobs: readonly string[], max: number): Promise<ChipResult> {
  const resolved = resolveWorkspacePath(path, pathOptions(denyGlobs, 'read'));
  if (!resolved.ok) return { problem: resolved.message };
  const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(vscode.Uri.file(resolved.absolute), '**/*'), undefined, MAX_FOLDER_FILES + 1);
  const paths = uris.map(relativePathOf).filter((file) => resolveWorkspacePath(file, pathOptions(denyGlobs, 'read')).ok);
  const listing = formatFileList(paths, { maxResults: MAX_FOLDER_FILES, more: uris.length > MAX_FOLDER_FILES });
  return { chip: textChip('folder', resolved.relative, '', listing, max) };
}

async function symbolChip(symbol: SymbolRef, denyGlobs: readonly string[], max: number): Promise<ChipResult> {
  const resolved = resolveWorkspacePath(symbol.path, pathOptions(denyGlobs, 'read'));
  if (!resolved.ok) return { problem: resolved.message };
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(resolved.absolute));
  const end = Math.min(symbol.endLine, document.lineCount);
  const range = new vscode.Range(symbol.startLine - 1, 0, end - 1, document.lineAt(end - 1).text.length);
  const capped = capText(document.getText(range), max);
  const chip: ContextChip = {
    id: globalThis.crypto.randomUUID(),
    kind: 'symbol',
    label: `${symbol.name} (${resolved.relative.split('/').pop() ?? ''}:${symbol.startLine}-${end})`,
    path: resolved.relative,
    languageId: document.languageId,
    startLine: symbol.startLine,
    endLine: end,
    text: capped.text,
    truncatedCharacters: capped.truncatedCharacters,
  };
  return { chip };
}

async function changesChip(denyGlobs: readonly string[], max: number): Promise<ChipResult> {
  let api;
  try {
    api = await gitApi();
  } catch (error) {
    if (error instanceof GitUnavailableError) return { problem: error.message };
    throw error;
  }
  // The repository of the editor the user works in, else the first folder's, else the first one git found.
  const places = [vscode.window.activeTextEditor?.document.uri, vscode.workspace.workspaceFolders?.[0]?.uri];
  const repository = places.map((uri) => (uri ? api.getRepository(uri) : null)).find((found) => found) ?? api.repositories[0];
  if (!repository) return { problem: 'no git repository is open in this window, so there are no changes to send.' };
  const [staged, unstaged] = await Promise.all([repository.diff(true), repository.diff(false)]);
  return { chip: textChip('changes', relativePathOf(repository.rootUri) || repository.rootUri.fsPath, 'diff', formatChanges(staged, unstaged, denyGlobs).text, max) };
}

function textChip(kind: 'problems' | 'changes' | 'terminal' | 'folder', path: string, languageId: string, text: string, max: number): ContextChip {
  const capped = capText(text, max);
  const chip = { id: globalThis.crypto.randomUUID(), kind, path, languageId, startLine: 0, endLine: 0, text: capped.text, truncatedCharacters: capped.truncatedCharacters };
  return { ...chip, label: chipLabel(chip) };
}

function workspaceDiagnostics(denyGlobs: readonly string[]): DiagnosticEntry[] {
  const entries: DiagnosticEntry[] = [];
  for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
    if (vscode.workspace.getWorkspaceFolder(uri) === undefined) continue;
    const path = relativePathOf(uri);
    if (!resolveWorkspacePath(path, pathOptions(denyGlobs, 'read')).ok) continue;
    entries.push(...diagnosticEntries(path, diagnostics));
  }
  return entries;
}

/** A file not open in an editor: its language by extension, for the fence (the model reads it; VS Code's id is a guess anyway). */
function languageOf(path: string): string {
  const extension = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  const known: Record<string, string> = { ts: 'typescript', tsx: 'typescriptreact', js: 'javascript', jsx: 'javascriptreact', py: 'python', md: 'markdown', json: 'json', rs: 'rust', go: 'go', java: 'java', cs: 'csharp', cpp: 'cpp', c: 'c', sh: 'shellscript', yml: 'yaml', yaml: 'yaml', html: 'html', css: 'css' };
  return known[extension] ?? '';
}
