// The part of VS Code's built-in git extension API (`vscode.git`, API version 1) that commit messages use, declared
// here rather than copying its git.d.ts: a repository's root, its Source Control input box, its diffs and its log.
// Reached at run time, so a VS Code with git turned off gets an error that says so, not a failed activation.
import * as vscode from 'vscode';
import { NoRepositoryError } from '../../core';

export interface GitCommit {
  readonly message: string;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly inputBox: { value: string };
  /** The staged diff (`cached`), or the working tree's against the index. */
  diff(cached?: boolean): Promise<string>;
  log(options?: { maxEntries?: number }): Promise<readonly GitCommit[]>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** How long to wait for the git extension to finish finding the open repositories. */
const INITIALISE_MS = 10_000;

/** The git API once it has found the repositories; a NoRepositoryError saying why when there is none to be had. */
export async function gitApi(): Promise<GitApi> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) throw new NoRepositoryError("VS Code's built-in Git extension is not installed or is disabled (Extensions view: search @builtin git).");
  const git = extension.isActive ? extension.exports : await extension.activate();
  if (!git.enabled) throw new NoRepositoryError('Git is turned off in this window (the setting git.enabled).');
  const api = git.getAPI(1);
  if (api.state !== 'initialized') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), INITIALISE_MS);
      const listener = api.onDidChangeState((state) => state === 'initialized' && done());
      function done(): void {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
    });
  }
  return api;
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
