// The workspace as the core's path rules see it: folders by name and absolute POSIX path, and the real path of a
// file (symbolic links resolved) so a link out of the folder cannot be followed.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { WorkspaceFolderRef, WorkspacePathOptions } from '../../../core';

export function workspaceRoots(): WorkspaceFolderRef[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => ({ name: folder.name, path: folder.uri.fsPath.replace(/\\/g, '/') }));
}

export function realpath(absolutePath: string): string | undefined {
  try {
    return fs.realpathSync.native(absolutePath).replace(/\\/g, '/');
  } catch {
    return undefined;
  }
}

export function pathOptions(denyGlobs: readonly string[], access: 'read' | 'write'): WorkspacePathOptions {
  return { folders: workspaceRoots(), denyGlobs, realpath, access };
}

/** A workspace-relative path as tools report it (with the folder name in a multi-root workspace). */
export function relativePathOf(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}
