// Test doubles of the checkpoints' ports (src/core/chat/checkpoints/checkpointPorts.ts): a workspace in memory with a
// disk, editor buffers over it (an open document's unsaved text), read-only files, and a git repository whose HEAD is
// a map of paths to contents (status: what differs from HEAD, and the untracked files git does not ignore). Every
// call that would cost a real repository something is counted, so a test can say what a capture read.
import { createHash } from 'node:crypto';
import type { Checkpoint } from '../../../../../src/core/chat/checkpoints/checkpoint';
import type { CheckpointPorts, FileStamp, GitStatusEntry, WriteRefusal } from '../../../../../src/core/chat/checkpoints/checkpointPorts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const bytes = (text: string): Uint8Array => encoder.encode(text);
export const digest = (content: Uint8Array): string => createHash('sha256').update(content).digest('hex');

export const ROOT = '/work';

export class FakeWorkspace {
  disk = new Map<string, Uint8Array>();
  mtimes = new Map<string, number>();
  /** Open documents with unsaved text, by path. */
  buffers = new Map<string, string>();
  readOnly = new Set<string>();
  /** Paths a restore wrote, in order (null: deleted). */
  writes: { path: string; text: string | null; throughBuffer: boolean }[] = [];
  /** git: HEAD's files (relative paths), or undefined for a folder without git. */
  head: Map<string, Uint8Array> | undefined;
  ignoredPatterns: RegExp[] = [];
  /** What the git port was asked: status calls, and the paths blob ids were looked up for. */
  gitCalls = { status: 0, blobLookups: [] as string[] };
  diskReads: string[] = [];
  private clock = 1;

  constructor(files: Record<string, string> = {}, options: { git?: boolean } = {}) {
    for (const [path, text] of Object.entries(files)) this.put(path, text);
    if (options.git) this.commit();
  }

  abs(relative: string): string {
    return `${ROOT}/${relative}`;
  }

  put(relative: string, text: string): void {
    this.disk.set(this.abs(relative), bytes(text));
    this.mtimes.set(this.abs(relative), this.clock++);
  }

  remove(relative: string): void {
    this.disk.delete(this.abs(relative));
  }

  text(relative: string): string | undefined {
    const path = this.abs(relative);
    if (this.buffers.has(path)) return this.buffers.get(path);
    const content = this.disk.get(path);
    return content === undefined ? undefined : decoder.decode(content);
  }

  /** HEAD becomes the disk as it is now. */
  commit(): void {
    this.head = new Map([...this.disk].map(([path, content]) => [path.slice(ROOT.length + 1), content]));
  }

  private relativePaths(): string[] {
    return [...this.disk.keys()].map((path) => path.slice(ROOT.length + 1));
  }

  private status(): GitStatusEntry[] {
    const head = this.head ?? new Map<string, Uint8Array>();
    const entries: GitStatusEntry[] = [];
    for (const [path, content] of head) {
      const now = this.disk.get(this.abs(path));
      if (now === undefined) entries.push({ path, missing: true });
      else if (digest(now) !== digest(content)) entries.push({ path, missing: false });
    }
    for (const path of this.relativePaths()) if (!head.has(path) && !this.isIgnored(path)) entries.push({ path, missing: false });
    return entries;
  }

  private isIgnored(path: string): boolean {
    return this.ignoredPatterns.some((pattern) => pattern.test(path));
  }

  ports(): CheckpointPorts & { archive: FakeCheckpointArchive; blobs: FakeBlobs; touched: string[] } {
    const touched: string[] = [];
    const archive = new FakeCheckpointArchive();
    const blobs = new FakeBlobs();
    let ids = 0;
    let now = 1_000;
    const ports = {
      touched,
      archive,
      blobs,
      files: {
        read: async (path: string) => (this.buffers.has(path) ? bytes(this.buffers.get(path) ?? '') : this.disk.get(path)),
        writable: async (path: string): Promise<true | WriteRefusal> => (!path.startsWith(`${ROOT}/`) ? 'outside-workspace' : this.readOnly.has(path) ? 'read-only' : true),
        write: async (path: string, content: Uint8Array | null) => {
          const throughBuffer = this.buffers.has(path);
          if (content === null) {
            this.disk.delete(path);
            this.buffers.delete(path);
          } else if (throughBuffer) this.buffers.set(path, decoder.decode(content));
          else this.disk.set(path, content);
          this.writes.push({ path, text: content === null ? null : decoder.decode(content), throughBuffer });
          return true;
        },
        relative: (path: string) => path.slice(ROOT.length + 1),
      },
      git: {
        repositoryOf: async () => (this.head ? { root: ROOT, head: 'HEAD' } : undefined),
        status: async () => {
          this.gitCalls.status++;
          return this.status();
        },
        blobIds: async (_root: string, _commit: string, paths: readonly string[]) => {
          this.gitCalls.blobLookups.push(...paths);
          const found = new Map<string, string>();
          for (const path of paths) {
            const content = this.head?.get(path);
            if (content !== undefined) found.set(path, `blob:${path}`);
          }
          return found;
        },
        ignored: async (_root: string, paths: readonly string[]) => new Set(paths.filter((path) => this.isIgnored(path))),
        readBlob: async (_root: string, blob: string) => this.head?.get(blob.replace(/^blob:/, '')),
      },
      disk: {
        read: async (path: string) => {
          this.diskReads.push(path);
          return this.disk.get(path);
        },
        size: async (path: string) => this.disk.get(path)?.length,
        list: async (_folder: string, limit: number) => {
          const files: FileStamp[] = this.relativePaths()
            .sort()
            .map((path) => ({ path, size: this.disk.get(this.abs(path))?.length ?? 0, mtimeMs: this.mtimes.get(this.abs(path)) ?? 0 }));
          return { files: files.slice(0, limit), complete: files.length <= limit };
        },
      },
      watcher: {
        watch: () => {
          const start = touched.length;
          return { stop: async () => touched.slice(start) };
        },
      },
      digest,
      ids: () => `id${++ids}`,
      now: () => now++,
      reportError: (line: string) => {
        throw new Error(`unexpected error report: ${line}`);
      },
    };
    return ports;
  }
}

export class FakeCheckpointArchive {
  saved: Checkpoint[] = [];
  saves = 0;
  async load(): Promise<Checkpoint[]> {
    return structuredClone(this.saved);
  }
  async save(checkpoints: readonly Checkpoint[]): Promise<void> {
    this.saves++;
    this.saved = structuredClone([...checkpoints]);
  }
}

export class FakeBlobs {
  stored = new Map<string, Uint8Array>();
  async put(content: Uint8Array): Promise<string> {
    const hash = digest(content);
    this.stored.set(hash, content);
    return hash;
  }
  async get(hash: string): Promise<Uint8Array | undefined> {
    return this.stored.get(hash);
  }
  async keepOnly(keep: ReadonlySet<string>): Promise<void> {
    for (const hash of [...this.stored.keys()]) if (!keep.has(hash)) this.stored.delete(hash);
  }
}
