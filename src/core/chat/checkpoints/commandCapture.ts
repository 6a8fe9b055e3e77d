// What a command can change, captured around it without hashing the repository. In a git repository: before the
// command, `git status` names the files that differ from HEAD or are untracked, and only those are copied (within the
// bounds below); every other file is clean, so its earlier content is git's blob in HEAD, looked up after the command
// for the few paths that changed. After the command, `git status` again and the watcher's names say which files it
// touched. A folder without git has no such index: its files are listed (names, sizes, times) and copied up to a
// bound before the command, and compared after; what lies beyond the bound is named as not restorable, never guessed.
import type { CheckpointFile, SavedState } from './checkpoint';
import type { CheckpointPorts, FileStamp } from './checkpointPorts';

export interface CaptureLimits {
  /** A file larger than this is not copied. */
  fileBytes: number;
  /** The most one command's capture copies in all. */
  commandBytes: number;
  /** A folder without git: the most files listed. */
  listedFiles: number;
}

export const CAPTURE_LIMITS: CaptureLimits = { fileBytes: 8 * 1024 * 1024, commandBytes: 64 * 1024 * 1024, listedFiles: 50_000 };

/** What was seen before the command, for `afterCommand`. */
export type BeforeCommand =
  | { kind: 'git'; root: string; head: string | undefined; copies: Map<string, SavedState> }
  | { kind: 'plain'; root: string; stamps: Map<string, FileStamp>; complete: boolean; copies: Map<string, SavedState> };

export interface CommandCapture {
  files: CheckpointFile[];
  notes: string[];
}

type Ports = Pick<CheckpointPorts, 'git' | 'disk' | 'blobs' | 'digest' | 'files'>;

export function joinPath(root: string, relative: string): string {
  return `${root.replace(/[\\/]+$/, '')}/${relative}`;
}

/** `path` relative to `root` with forward slashes; undefined when it is not under it (or is inside .git). */
export function relativeTo(root: string, path: string): string | undefined {
  const base = `${root.replace(/\\/g, '/').replace(/\/+$/, '')}/`;
  const normal = path.replace(/\\/g, '/');
  if (!normal.startsWith(base)) return undefined;
  const relative = normal.slice(base.length);
  return relative === '' || relative === '.git' || relative.startsWith('.git/') ? undefined : relative;
}

export async function beforeCommand(ports: Ports, folder: string, limits: CaptureLimits = CAPTURE_LIMITS): Promise<BeforeCommand> {
  const repository = await ports.git.repositoryOf(folder);
  const budget = { left: limits.commandBytes };
  if (repository) {
    const copies = new Map<string, SavedState>();
    for (const entry of await ports.git.status(repository.root)) {
      copies.set(entry.path, entry.missing ? { kind: 'absent' } : await copyOf(ports, joinPath(repository.root, entry.path), limits, budget));
    }
    return { kind: 'git', root: repository.root, head: repository.head, copies };
  }
  const listing = await ports.disk.list(folder, limits.listedFiles);
  const stamps = new Map(listing.files.map((stamp) => [stamp.path, stamp]));
  const copies = new Map<string, SavedState>();
  for (const stamp of listing.files) copies.set(stamp.path, await copyOf(ports, joinPath(folder, stamp.path), limits, budget, stamp.size));
  return { kind: 'plain', root: folder, stamps, complete: listing.complete, copies };
}

/** The files the command changed, each with its state before; `touched`: the absolute paths the watcher named. */
export async function afterCommand(ports: Ports, before: BeforeCommand, touched: readonly string[], limits: CaptureLimits = CAPTURE_LIMITS): Promise<CommandCapture> {
  const touchedHere = touched.flatMap((path) => relativeTo(before.root, path) ?? []);
  return before.kind === 'git' ? afterInGit(ports, before, touchedHere) : afterInPlainFolder(ports, before, touchedHere, limits);
}

async function afterInGit(ports: Ports, before: BeforeCommand & { kind: 'git' }, touched: readonly string[]): Promise<CommandCapture> {
  const { root, copies } = before;
  const after = new Set((await ports.git.status(root)).map((entry) => entry.path));
  // Clean before, listed now: its earlier content is HEAD's blob (looked up only for these paths).
  const newlyChanged = [...after].filter((path) => !copies.has(path));
  const blobs = before.head && newlyChanged.length > 0 ? await ports.git.blobIds(root, before.head, newlyChanged) : new Map<string, string>();
  // Named by the watcher and by neither status: clean both times, or ignored by git (then not captured).
  const watcherOnly = [...new Set(touched)].filter((path) => !copies.has(path) && !after.has(path));
  const ignored = watcherOnly.length > 0 ? await ports.git.ignored(root, watcherOnly) : new Set<string>();
  const files: CheckpointFile[] = [];
  const notes: string[] = [];
  for (const relative of new Set([...copies.keys(), ...newlyChanged, ...ignored])) {
    const path = joinPath(root, relative);
    const now = await ports.disk.read(path);
    const nowHash = now === undefined ? null : ports.digest(now);
    let state: SavedState;
    const copied = copies.get(relative);
    if (copied) {
      if (unchanged(copied, nowHash)) continue;
      state = copied;
    } else if (ignored.has(relative)) {
      state = { kind: 'lost', why: 'git ignores it, so its earlier content was not kept' };
      notes.push(`${relative}: changed by a command; git ignores it, so it cannot be brought back.`);
    } else {
      const blob = blobs.get(relative);
      state = blob ? { kind: 'git', repository: root, blob } : { kind: 'absent' };
    }
    files.push({ path, relativePath: ports.files.relative(path), before: state, after: nowHash, by: 'command' });
  }
  return { files, notes };
}

async function afterInPlainFolder(ports: Ports, before: BeforeCommand & { kind: 'plain' }, touched: readonly string[], limits: CaptureLimits): Promise<CommandCapture> {
  const { root, stamps, copies } = before;
  const listing = await ports.disk.list(root, limits.listedFiles);
  const nowStamps = new Map(listing.files.map((stamp) => [stamp.path, stamp]));
  const candidates = new Set<string>(touched);
  for (const stamp of listing.files) {
    const earlier = stamps.get(stamp.path);
    if (!earlier || earlier.size !== stamp.size || earlier.mtimeMs !== stamp.mtimeMs) candidates.add(stamp.path);
  }
  // Gone from a complete listing: deleted (a listing cut short proves nothing about the files it did not reach).
  if (listing.complete) for (const path of stamps.keys()) if (!nowStamps.has(path)) candidates.add(path);
  const files: CheckpointFile[] = [];
  const notes: string[] = [];
  const beyond = `the folder is not a git repository and has more than ${limits.listedFiles} files, so only the first ${limits.listedFiles} were captured`;
  for (const relative of candidates) {
    const path = joinPath(root, relative);
    const now = await ports.disk.read(path);
    const nowHash = now === undefined ? null : ports.digest(now);
    const copied = copies.get(relative);
    let state: SavedState;
    if (copied) {
      if (unchanged(copied, nowHash)) continue;
      state = copied;
    } else if (before.complete) {
      if (now === undefined) continue; // Neither before nor now: created and removed by the command.
      state = { kind: 'absent' };
    } else {
      state = { kind: 'lost', why: beyond };
    }
    if (state.kind === 'lost') notes.push(`${relative}: changed by a command; ${state.why}.`);
    files.push({ path, relativePath: ports.files.relative(path), before: state, after: nowHash, by: 'command' });
  }
  return { files, notes };
}

function unchanged(state: SavedState, nowHash: string | null): boolean {
  if (state.kind === 'absent') return nowHash === null;
  if (state.kind === 'copied') return state.hash === nowHash;
  return false;
}

/** The file's bytes copied into the store, or why not (too large, or past the command's budget). */
async function copyOf(ports: Ports, path: string, limits: CaptureLimits, budget: { left: number }, knownSize?: number): Promise<SavedState> {
  const size = knownSize ?? (await ports.disk.size(path));
  if (size === undefined) return { kind: 'absent' };
  if (size > limits.fileBytes) return { kind: 'lost', why: `it was larger than ${mebibytes(limits.fileBytes)} when the command ran, so it was not copied` };
  if (size > budget.left) return { kind: 'lost', why: `the command’s capture had already copied ${mebibytes(limits.commandBytes)}` };
  const bytes = await ports.disk.read(path);
  if (bytes === undefined) return { kind: 'absent' };
  budget.left -= bytes.length;
  return { kind: 'copied', hash: await ports.blobs.put(bytes), size: bytes.length };
}

function mebibytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}
