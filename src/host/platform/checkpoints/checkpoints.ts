// The chat's checkpoints on VS Code (core's CheckpointRecorder behind these ports): the records in the workspace
// state (saved at once on each capture, so a reload keeps them), the content in the extension's storage for this
// workspace (content-addressed, within the recorder's budget), the workspace's files as the user sees them (a restore
// goes through a WorkspaceEdit, so each file is an undo step and an open document's unsaved text is never written
// over in silence), git and the disk through nodeCheckpointPorts.ts, and VS Code's file watcher around a command.
//
// `aroundCommand(folder, run)` is what a tool that runs commands wraps each command in: it captures, into the turn's
// checkpoint, what the command can change (see src/core/chat/checkpoints/commandCapture.ts), runs it, and returns
// what `run` returned.
import * as path from 'node:path';
import { promises as fs, constants as fsConstants } from 'node:fs';
import * as vscode from 'vscode';
import { CheckpointRecorder, CHECKPOINTS_FORMAT, readStoredCheckpoints, type Checkpoint, type CheckpointArchive, type FileWatcherPort, type WorkspaceFiles, type WriteRefusal } from '../../../core';
import type { Log } from '../log/log';
import { diskPort, FolderBlobs, gitPort, sha256 } from './nodeCheckpointPorts';

/** The checkpoint records in the workspace state. */
export const CHECKPOINTS_KEY = 'askModel.chat.checkpoints';

/** Wraps a command so Restore to here can bring back what it changed; returns what `run` returns. */
export type AroundCommand = <T>(folder: string, run: () => Promise<T>) => Promise<T>;

export function createCheckpointRecorder(context: Pick<vscode.ExtensionContext, 'workspaceState' | 'storageUri' | 'globalStorageUri'>, log: Log): CheckpointRecorder {
  const storage = (context.storageUri ?? context.globalStorageUri).fsPath;
  return new CheckpointRecorder({
    blobs: new FolderBlobs(path.join(storage, 'checkpoints')),
    archive: mementoArchive(context.workspaceState, log),
    files: workspaceFiles,
    git: gitPort,
    disk: diskPort,
    watcher: vscodeWatcher,
    digest: sha256,
    ids: () => globalThis.crypto.randomUUID(),
    now: () => Date.now(),
    reportError: (line) => log.error(line),
  });
}

function mementoArchive(state: vscode.Memento, log: Log): CheckpointArchive {
  return {
    async load(): Promise<Checkpoint[]> {
      const { checkpoints, problem } = readStoredCheckpoints(state.get<unknown>(CHECKPOINTS_KEY));
      if (problem) log.warn(`checkpoints: ${problem}`);
      return checkpoints;
    },
    async save(checkpoints) {
      await state.update(CHECKPOINTS_KEY, { format: CHECKPOINTS_FORMAT, checkpoints });
    },
  };
}

function openDocument(file: string): vscode.TextDocument | undefined {
  const uri = vscode.Uri.file(file).toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri && !document.isClosed);
}

function folderOf(file: string): vscode.WorkspaceFolder | undefined {
  return vscode.workspace.getWorkspaceFolder(vscode.Uri.file(file));
}

export const workspaceFiles: WorkspaceFiles = {
  async read(file) {
    const open = openDocument(file);
    if (open) return new TextEncoder().encode(open.getText());
    return diskPort.read(file);
  },
  async writable(file): Promise<true | WriteRefusal> {
    if (!folderOf(file)) return 'outside-workspace';
    // The file, or (for a file to create again) the nearest folder that exists, must be writable.
    let probe = file;
    for (;;) {
      try {
        await fs.access(probe, fsConstants.F_OK);
        break;
      } catch {
        const parent = path.dirname(probe);
        if (parent === probe) return 'failed';
        probe = parent;
      }
    }
    try {
      await fs.access(probe, fsConstants.W_OK);
      return true;
    } catch {
      return 'read-only';
    }
  },
  async write(file, bytes) {
    const uri = vscode.Uri.file(file);
    const edit = new vscode.WorkspaceEdit();
    const open = openDocument(file);
    if (bytes === null) {
      edit.deleteFile(uri, { ignoreIfNotExists: true });
      return vscode.workspace.applyEdit(edit);
    }
    if (open) {
      // Through the buffer: one undo step, and a document that had no unsaved changes is saved, so the disk matches.
      const wasDirty = open.isDirty;
      edit.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), new TextDecoder().decode(bytes));
      if (!(await vscode.workspace.applyEdit(edit))) return false;
      return wasDirty ? true : open.save();
    }
    edit.createFile(uri, { overwrite: true, contents: bytes });
    return vscode.workspace.applyEdit(edit);
  },
  relative(file) {
    return vscode.workspace.asRelativePath(vscode.Uri.file(file), (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  },
};

/** VS Code's own watcher (already watching the workspace): the files created, changed or deleted while it listens. */
const vscodeWatcher: FileWatcherPort = {
  watch(folder) {
    const seen = new Set<string>();
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), '**/*'));
    const add = (uri: vscode.Uri): void => void seen.add(uri.fsPath);
    const subscriptions = [watcher.onDidCreate(add), watcher.onDidChange(add), watcher.onDidDelete(add), watcher];
    return {
      async stop() {
        for (const subscription of subscriptions) subscription.dispose();
        return [...seen];
      },
    };
  },
};
