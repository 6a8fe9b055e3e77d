// list_files and search_text: ripgrep from VS Code where it can be found (honours .gitignore, files.exclude and
// search.exclude), else VS Code's file search with a streaming scan. Results are workspace-relative and capped;
// files the deny globs cover never appear.
import * as vscode from 'vscode';
import {
  ALL_FILES_GLOB,
  DEFAULT_LIST_RESULTS,
  DEFAULT_SEARCH_RESULTS,
  checkWorkspaceGlob,
  createLineMatcher,
  findMatchingLines,
  matchingDenyGlob,
  type ListFilesArgs,
  type SearchTextArgs,
  type TextMatch,
  type ToolOutcome,
  type WorkspaceToolOf,
} from '../../../core';
import { readDocumentText } from '../../platform/editors/documentText';
import { excludeGlobs, findRipgrep, runRipgrep } from './ripgrep';
import { workspaceRoots } from '../../platform/workspace/workspaceRoots';

export async function listFiles(args: ListFilesArgs, tool: WorkspaceToolOf<'list_files'>, denyGlobs: readonly string[], signal: AbortSignal): Promise<ToolOutcome> {
  const glob = checkWorkspaceGlob(args.glob);
  if (!glob.ok) return { status: 'failed', content: glob.message };
  const max = args.max_results ?? DEFAULT_LIST_RESULTS;
  const { paths, more } = await filesMatching(glob.glob, max, denyGlobs, signal);
  return { status: 'done', content: tool.formatResult(paths, { glob: args.glob, maxResults: max, more }), preview: `${paths.length}${more ? '+' : ''} file(s)` };
}

export async function searchText(args: SearchTextArgs, tool: WorkspaceToolOf<'search_text'>, denyGlobs: readonly string[], signal: AbortSignal): Promise<ToolOutcome> {
  const matcher = createLineMatcher(args.query, args.mode);
  if (!matcher.ok) return { status: 'failed', content: matcher.message };
  const glob = checkWorkspaceGlob(args.glob);
  if (!glob.ok) return { status: 'failed', content: glob.message };
  const max = args.max_results ?? DEFAULT_SEARCH_RESULTS;
  const found = (await searchWithRipgrep(args, glob.glob, max, denyGlobs, signal)) ?? (await scanFiles(matcher.test, glob.glob, max, denyGlobs, signal));
  const content = tool.formatResult(found.matches, { query: args.query, mode: args.mode, glob: args.glob, maxResults: max, more: found.more });
  return { status: 'done', content, preview: `${found.matches.length}${found.more ? '+' : ''} match(es)` };
}

async function filesMatching(glob: string, max: number, denyGlobs: readonly string[], signal: AbortSignal): Promise<{ paths: string[]; more: boolean }> {
  const rg = findRipgrep();
  const roots = workspaceRoots();
  const multi = roots.length > 1;
  const paths: string[] = [];
  let more = false;
  if (rg) {
    for (const root of roots) {
      const args = ['--files', '--hidden', '--no-messages', '--glob', '!.git', ...globArgs(glob, excludeGlobs(vscode.Uri.file(root.path)))];
      const run = await runRipgrep(rg, args, root.path, max * 2 + 100, signal);
      more ||= run.more;
      for (const line of run.lines) addPath(paths, multi ? `${root.name}/${line}` : line, line, denyGlobs);
    }
  } else {
    const uris = await vscode.workspace.findFiles(glob, undefined, max * 2 + 100);
    for (const uri of uris) addPath(paths, vscode.workspace.asRelativePath(uri, multi), vscode.workspace.asRelativePath(uri, false), denyGlobs);
  }
  return { paths: paths.slice(0, max), more: more || paths.length > max };
}

function addPath(paths: string[], shown: string, relative: string, denyGlobs: readonly string[]): void {
  const normal = relative.replace(/\\/g, '/');
  if (!matchingDenyGlob(normal, denyGlobs)) paths.push(shown.replace(/\\/g, '/'));
}

function globArgs(glob: string, excludes: readonly string[]): string[] {
  const args: string[] = [];
  if (glob !== ALL_FILES_GLOB) args.push('--glob', glob);
  for (const exclude of excludes) args.push('--glob', `!${exclude}`);
  return args;
}

async function searchWithRipgrep(args: SearchTextArgs, glob: string, max: number, denyGlobs: readonly string[], signal: AbortSignal): Promise<{ matches: TextMatch[]; more: boolean } | undefined> {
  const rg = findRipgrep();
  if (!rg) return undefined;
  const roots = workspaceRoots();
  const multi = roots.length > 1;
  const matches: TextMatch[] = [];
  let more = false;
  try {
    for (const root of roots) {
      const rgArgs = ['--line-number', '--no-heading', '--color', 'never', '--hidden', '--no-messages', '--glob', '!.git', '--max-columns', '1000', ...globArgs(glob, excludeGlobs(vscode.Uri.file(root.path)))];
      rgArgs.push(args.mode === 'literal' ? '--fixed-strings' : '--engine=auto', '--', args.query);
      const run = await runRipgrep(rg, rgArgs, root.path, max * 2 + 50, signal);
      more ||= run.more;
      for (const line of run.lines) {
        const match = /^(.*?):(\d+):(.*)$/.exec(line);
        if (!match) continue;
        const [, file = '', lineNumber = '0', text = ''] = match;
        if (matchingDenyGlob(file.replace(/\\/g, '/'), denyGlobs)) continue;
        matches.push({ path: multi ? `${root.name}/${file}` : file, line: Number(lineNumber), text });
      }
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined; // e.g. a regex ripgrep's engine rejects: the JavaScript scan decides.
  }
  return { matches: matches.slice(0, max), more: more || matches.length > max };
}

async function scanFiles(test: (line: string) => boolean, glob: string, max: number, denyGlobs: readonly string[], signal: AbortSignal): Promise<{ matches: TextMatch[]; more: boolean }> {
  const { paths } = await filesMatching(glob, 5_000, denyGlobs, signal);
  const folder = vscode.workspace.workspaceFolders?.[0];
  const matches: TextMatch[] = [];
  for (const path of paths) {
    if (signal.aborted || !folder) break;
    const text = await readDocumentText(vscode.Uri.joinPath(folder.uri, path));
    if (text === undefined || text.includes('\u0000')) continue;
    matches.push(...findMatchingLines(path, text, test, max + 1 - matches.length));
    if (matches.length > max) return { matches: matches.slice(0, max), more: true };
  }
  return { matches, more: false };
}
