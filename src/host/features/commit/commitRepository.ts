// Which repository a commit message is written for. The git extension's API itself is src/host/git/gitApi.ts, shared
// with the chat's @changes; here its "git cannot be reached" becomes the commit message's own error.
import * as vscode from 'vscode';
import { NoRepositoryError } from '../../../core';
import { gitApi, GitUnavailableError, type GitApi, type GitRepository } from '../../platform/git/gitApi';

export type { GitRepository } from '../../platform/git/gitApi';

/** The git API, or a NoRepositoryError saying why it cannot be had. */
export async function commitGitApi(): Promise<GitApi> {
  try {
    return await gitApi();
  } catch (error) {
    throw error instanceof GitUnavailableError ? new NoRepositoryError(error.message) : error;
  }
}

/**
 * The repository to write for: the one whose Source Control title bar the button was in (VS Code passes its
 * SourceControl, which has the root), else the only one, else the one holding the active editor's file, else the one
 * the user picks. Undefined: the user dismissed the pick.
 */
export async function chooseRepository(api: GitApi, clicked: unknown): Promise<GitRepository | undefined> {
  const root = rootUriOf(clicked);
  const fromClick = root ? api.getRepository(root) : null;
  if (fromClick) return fromClick;
  const repositories = api.repositories;
  if (repositories.length === 0) throw new NoRepositoryError('no git repository is open in this window. Open a folder that is one, or run git init in it.');
  if (repositories.length === 1) return repositories[0];
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromEditor = active ? api.getRepository(active) : null;
  if (fromEditor) return fromEditor;
  const picked = await vscode.window.showQuickPick(
    repositories.map((repository) => ({ label: vscode.workspace.asRelativePath(repository.rootUri, true) || repository.rootUri.fsPath, repository })),
    { title: 'Write the commit message for which repository?' },
  );
  return picked?.repository;
}

function rootUriOf(value: unknown): vscode.Uri | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const root = (value as { rootUri?: unknown }).rootUri;
  return root instanceof vscode.Uri ? root : undefined;
}
