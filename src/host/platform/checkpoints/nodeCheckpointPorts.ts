// The checkpoints' ports that need no VS Code: git (the `git` on PATH, run as a child process), the disk (node:fs), the
// content store (a folder of files named by their SHA-256) and the digest. The bench uses these as they are.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { CheckpointBlobs, DiskPort, FileStamp, GitPort, GitStatusEntry } from '../../../core';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Runs git with `args` in `cwd`; resolves its stdout (bytes) and exit code. Optional locks off: status never writes the index. */
function git(cwd: string, args: readonly string[]): Promise<{ code: number; stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    execFile('git', ['--no-optional-locks', '-c', 'core.quotepath=off', ...args], { cwd, encoding: 'buffer', maxBuffer: 512 * 1024 * 1024, windowsHide: true }, (error, stdout) => {
      if (error && typeof (error as { code?: unknown }).code !== 'number') reject(error);
      else resolve({ code: error ? Number((error as { code?: unknown }).code) : 0, stdout });
    });
  });
}

async function gitOk(cwd: string, args: readonly string[]): Promise<Buffer> {
  const { code, stdout } = await git(cwd, args);
  if (code !== 0) throw new Error(`git ${args[0] ?? ''} exited with ${code} in ${cwd}`);
  return stdout;
}

const NUL_FIELDS = (output: Buffer): string[] => output.toString('utf8').split('\0').filter((field) => field !== '');

/** Paths passed on a command line in chunks, so thousands of them stay under the system's argument limit. */
const CHUNK = 400;

export const gitPort: GitPort = {
  async repositoryOf(folder) {
    // One process for both in the usual case (a repository with a commit).
    const both = await git(folder, ['rev-parse', '--show-toplevel', 'HEAD']).catch(() => undefined);
    const lines = both?.code === 0 ? both.stdout.toString('utf8').trim().split('\n') : [];
    if (lines.length === 2 && lines[0] && lines[1]) return { root: lines[0], head: lines[1] };
    const top = await git(folder, ['rev-parse', '--show-toplevel']).catch(() => undefined);
    if (!top || top.code !== 0) return undefined;
    const root = top.stdout.toString('utf8').trim();
    const head = await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
    return { root, head: head.code === 0 ? head.stdout.toString('utf8').trim() : undefined };
  },
  async status(root) {
    const output = await gitOk(root, ['status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all']);
    return NUL_FIELDS(output).map((field): GitStatusEntry => ({ path: field.slice(3), missing: field[0] === 'D' || field[1] === 'D' }));
  },
  async blobIds(root, commit, paths) {
    const found = new Map<string, string>();
    for (let start = 0; start < paths.length; start += CHUNK) {
      const output = await gitOk(root, ['ls-tree', '-z', '--full-tree', commit, '--', ...paths.slice(start, start + CHUNK)]);
      for (const line of NUL_FIELDS(output)) {
        const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(line);
        if (match?.[1] && match[2] !== undefined) found.set(match[2], match[1]);
      }
    }
    return found;
  },
  async ignored(root, paths) {
    const ignored = new Set<string>();
    for (let start = 0; start < paths.length; start += CHUNK) {
      // Exit 1: none of them is ignored.
      const { code, stdout } = await git(root, ['check-ignore', '-z', '--', ...paths.slice(start, start + CHUNK)]);
      if (code === 0) for (const ignoredPath of NUL_FIELDS(stdout)) ignored.add(ignoredPath);
      else if (code !== 1) throw new Error(`git check-ignore exited with ${code}`);
    }
    return ignored;
  },
  async readBlob(root, blob) {
    const { code, stdout } = await git(root, ['cat-file', 'blob', blob]);
    return code === 0 ? new Uint8Array(stdout) : undefined;
  },
};

export const diskPort: DiskPort = {
  async read(file) {
    try {
      return new Uint8Array(await fs.readFile(file));
    } catch {
      return undefined;
    }
  },
  async size(file) {
    try {
      const stat = await fs.stat(file);
      return stat.isFile() ? stat.size : undefined;
    } catch {
      return undefined;
    }
  },
  async list(folder, limit) {
    const files: FileStamp[] = [];
    const pending = [''];
    while (pending.length > 0) {
      const relative = pending.pop() ?? '';
      let entries;
      try {
        entries = await fs.readdir(path.join(folder, relative), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name !== '.git') pending.push(child);
        } else if (entry.isFile()) {
          if (files.length >= limit) return { files, complete: false };
          const stat = await fs.stat(path.join(folder, child)).catch(() => undefined);
          if (stat) files.push({ path: child, size: stat.size, mtimeMs: stat.mtimeMs });
        }
      }
    }
    return { files, complete: true };
  },
};

/** Content by its SHA-256, one file each under `folder` (two-character subfolders keep each listing short). */
export class FolderBlobs implements CheckpointBlobs {
  constructor(private readonly folder: string) {}

  private fileOf(hash: string): string {
    return path.join(this.folder, hash.slice(0, 2), hash);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const hash = sha256(bytes);
    const file = this.fileOf(hash);
    try {
      await fs.access(file);
      return hash;
    } catch {
      // Not stored yet.
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Whole or not at all: a crash mid-write leaves a temporary file, never a short copy under the hash's name.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
    return hash;
  }

  async get(hash: string): Promise<Uint8Array | undefined> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    try {
      return new Uint8Array(await fs.readFile(this.fileOf(hash)));
    } catch {
      return undefined;
    }
  }

  async keepOnly(keep: ReadonlySet<string>): Promise<void> {
    const folders = await fs.readdir(this.folder).catch(() => [] as string[]);
    for (const sub of folders) {
      const names = await fs.readdir(path.join(this.folder, sub)).catch(() => [] as string[]);
      for (const name of names) if (!keep.has(name)) await fs.rm(path.join(this.folder, sub, name), { force: true });
    }
  }
}
