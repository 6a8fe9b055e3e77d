// The small part of VS Code's built-in git extension API (`vscode.git`, API version 1) that this extension uses,
// declared here rather than copying its git.d.ts: the repositories, a repository's root, input box, diffs and log.
// Reached at run time, so a VS Code with git turned off gets an error that says so, not a failed activation.
import * as vscode from 'vscode';

/** Git cannot be reached in this window; `message` says why and what to do, for the feature to put after its name. */
export class GitUnavailableError extends Error {}

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

/** The git API once it has found the repositories; a GitUnavailableError saying why when there is none to be had. */
export async function gitApi(): Promise<GitApi> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) throw new GitUnavailableError("VS Code's built-in Git extension is not installed or is disabled (Extensions view: search @builtin git).");
  const git = extension.isActive ? extension.exports : await extension.activate();
  if (!git.enabled) throw new GitUnavailableError('Git is turned off in this window (the setting git.enabled).');
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
