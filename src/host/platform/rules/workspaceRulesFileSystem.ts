// The rules discovery's port on vscode.workspace.fs, for one workspace folder: only files and folders inside it are
// read (the core gives folder-relative paths without `..`), text is read as UTF-8, and a file too large to be rules
// is read only up to what the caps could take anyway.
import * as vscode from 'vscode';
import type { RulesFileSystem } from '../../../core';

/** Larger than any rules file we would send (the caps cut far below this); a bigger file is read only this far. */
const MAX_BYTES = 256 * 1024;

export class WorkspaceRulesFileSystem implements RulesFileSystem {
  constructor(private readonly folder: vscode.Uri) {}

  uriOf(path: string): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, ...path.split('/'));
  }

  async readText(path: string): Promise<string | undefined> {
    const uri = this.uriOf(path);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if ((stat.type & vscode.FileType.File) === 0) return undefined;
      const bytes = await vscode.workspace.fs.readFile(uri);
      return new TextDecoder('utf-8').decode(bytes.subarray(0, MAX_BYTES));
    } catch {
      return undefined; // no such file (or unreadable): nothing to send
    }
  }

  async listFiles(path: string): Promise<string[] | undefined> {
    try {
      const entries = await vscode.workspace.fs.readDirectory(this.uriOf(path));
      return entries.filter(([, type]) => (type & vscode.FileType.File) !== 0).map(([name]) => name);
    } catch {
      return undefined;
    }
  }
}
