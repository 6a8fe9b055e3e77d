// What the checkpoints need from the world. The host implements them on VS Code, node:fs and git
// (src/host/platform/checkpoints/); the unit tests use a file system in memory
// (test/support/fakes/chat/checkpoints/fakeCheckpointPorts.ts).
import type { Checkpoint } from './checkpoint';

/** Content-addressed bytes: the same content is stored once, whatever file or checkpoint names it. */
export interface CheckpointBlobs {
  /** Stores the bytes (once) and returns their hash. */
  put(bytes: Uint8Array): Promise<string>;
  get(hash: string): Promise<Uint8Array | undefined>;
  /** Deletes every stored content whose hash is not in `keep`. */
  keepOnly(keep: ReadonlySet<string>): Promise<void>;
}

/** The checkpoint records of the workspace (every conversation's), saved whole on each change. */
export interface CheckpointArchive {
  load(): Promise<Checkpoint[]>;
  save(checkpoints: readonly Checkpoint[]): Promise<void>;
}

export type WriteRefusal = 'read-only' | 'outside-workspace' | 'failed';

/** The workspace's files as the user sees them, for a restore. */
export interface WorkspaceFiles {
  /** An open document's text (unsaved changes included) as bytes, else the file's bytes on disk; undefined: no file. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** Whether a restore may write there. */
  writable(path: string): Promise<true | WriteRefusal>;
  /**
   * Writes the file (null: deletes it). Where it is open, through the editor's buffer so it is one undo step and
   * nothing unsaved is lost; true when done.
   */
  write(path: string, bytes: Uint8Array | null): Promise<boolean>;
  /** The path relative to its workspace folder, as the user knows it. */
  relative(path: string): string;
}

/** One line of `git status --porcelain -z --no-renames --untracked-files=all`, its path relative to the root. */
export interface GitStatusEntry {
  path: string;
  /** The file is not in the working tree (deleted, by the index or in the tree). */
  missing: boolean;
}

/** The git facts a command's capture reads; every call costs what it names, not the repository's size. */
export interface GitPort {
  /** The repository the folder is in (its root and HEAD's commit; none before the first commit), or undefined. */
  repositoryOf(folder: string): Promise<{ root: string; head: string | undefined } | undefined>;
  /** The paths that differ from HEAD (in the index or the tree) and the untracked ones; clean files are not listed. */
  status(root: string): Promise<GitStatusEntry[]>;
  /** The blob ids of `paths` (relative to the root) in `commit`; a path not in it is absent from the map. */
  blobIds(root: string, commit: string, paths: readonly string[]): Promise<Map<string, string>>;
  /** Those of `paths` git ignores. */
  ignored(root: string, paths: readonly string[]): Promise<Set<string>>;
  readBlob(root: string, blob: string): Promise<Uint8Array | undefined>;
}

/** A file's size and time, for a folder without git: a changed pair means the content may have changed. */
export interface FileStamp {
  /** Relative to the folder, with forward slashes. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** The disk, as a command sees it (no editor buffers). */
export interface DiskPort {
  read(path: string): Promise<Uint8Array | undefined>;
  size(path: string): Promise<number | undefined>;
  /** Every file under the folder (not .git), at most `limit`; `complete` false when there were more. */
  list(folder: string, limit: number): Promise<{ files: FileStamp[]; complete: boolean }>;
}

/** Names the files changed under a folder while it watches; `stop` returns them (absolute paths). */
export interface FileWatcherPort {
  watch(folder: string): { stop(): Promise<string[]> };
}

export interface CheckpointPorts {
  blobs: CheckpointBlobs;
  archive: CheckpointArchive;
  files: WorkspaceFiles;
  git: GitPort;
  disk: DiskPort;
  watcher: FileWatcherPort;
  digest(bytes: Uint8Array): string;
  ids(): string;
  now(): number;
  /** For the log: a capture or a save that failed (the turn goes on; the restore will say what it cannot bring back). */
  reportError(line: string): void;
}
