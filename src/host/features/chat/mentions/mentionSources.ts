// The mention completer's ports on VS Code: the workspace's files (files.exclude and search.exclude honoured, as the
// Quick Open list does), the workspace symbol provider, the prompt files in `.github/prompts`, and the deny globs.
import * as vscode from 'vscode';
import { PROMPT_FILE_SUFFIX, type MentionPorts, type PromptFileText, type SymbolRef } from '../../../../core';
import { readWorkspaceToolSettings } from '../../../platform/settings/settings';
import { readDocumentText } from '../../../platform/editors/documentText';
import { relativePathOf } from '../../../platform/workspace/workspaceRoots';

const PROMPT_FILES_GLOB = `.github/prompts/*${PROMPT_FILE_SUFFIX}`;
const MAX_PROMPT_FILES = 200;

export function hostMentionPorts(): MentionPorts {
  return {
    listFiles: async (max) => (await vscode.workspace.findFiles('**/*', excludeGlob(), max)).filter(inWorkspace).map(relativePathOf),
    findSymbols,
    readPromptFiles,
    denyGlobs: () => readWorkspaceToolSettings().denyGlobs,
    now: () => Date.now(),
  };
}

/**
 * files.exclude and search.exclude together. Passing our own exclude replaces the default (files.exclude alone), so
 * both are read here; a pattern switched off (`false`) or made conditional (`{ when: … }`) is left out.
 */
function excludeGlob(): string | undefined {
  const patterns = new Set<string>();
  for (const section of ['files', 'search']) {
    const excluded = vscode.workspace.getConfiguration(section).get<Record<string, unknown>>('exclude') ?? {};
    for (const [pattern, on] of Object.entries(excluded)) if (on === true) patterns.add(pattern);
  }
  return patterns.size === 0 ? undefined : `{${[...patterns].join(',')}}`;
}

function inWorkspace(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && vscode.workspace.getWorkspaceFolder(uri) !== undefined;
}

async function findSymbols(query: string): Promise<SymbolRef[]> {
  const symbols = (await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query)) ?? [];
  return symbols
    .filter((symbol) => inWorkspace(symbol.location.uri))
    .map((symbol) => ({
      name: symbol.name,
      kind: vscode.SymbolKind[symbol.kind].toLowerCase(),
      path: relativePathOf(symbol.location.uri),
      startLine: symbol.location.range.start.line + 1,
      endLine: symbol.location.range.end.line + 1,
      container: symbol.containerName || undefined,
    }));
}

async function readPromptFiles(): Promise<PromptFileText[]> {
  const files: PromptFileText[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, PROMPT_FILES_GLOB), null, MAX_PROMPT_FILES);
    uris.sort((a, b) => a.path.localeCompare(b.path, 'en'));
    for (const uri of uris) {
      const text = await readDocumentText(uri);
      if (text !== undefined) files.push({ path: relativePathOf(uri), text });
    }
  }
  return files;
}
