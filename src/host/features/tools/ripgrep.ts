// VS Code ships ripgrep; list_files and search_text use it where it can be found (it honours .gitignore and is fast
// on large trees). Where it cannot, the callers fall back to VS Code's own file search and a streaming scan.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

let cached: string | null | undefined;

/** The ripgrep binary inside this VS Code, or undefined. */
export function findRipgrep(): string | undefined {
  if (cached !== undefined) return cached ?? undefined;
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  const arch = `${process.platform}-${process.arch}`;
  const roots = [vscode.env.appRoot, path.join(vscode.env.appRoot, '..')];
  const candidates = roots.flatMap((root) => [
    path.join(root, 'node_modules', '@vscode', 'ripgrep', 'bin', exe),
    path.join(root, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', exe),
    path.join(root, 'node_modules', '@vscode', 'ripgrep-universal', 'bin', arch, exe),
  ]);
  cached = candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
  return cached ?? undefined;
}

export interface RipgrepRun {
  lines: string[];
  /** True when output was cut at `maxLines` (ripgrep was stopped). */
  more: boolean;
}

/** Runs ripgrep in `cwd`, collecting at most `maxLines` output lines; aborts with the signal. */
export function runRipgrep(rg: string, args: string[], cwd: string, maxLines: number, signal: AbortSignal): Promise<RipgrepRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(rg, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let rest = '';
    let more = false;
    let stderr = '';
    const stop = (): void => {
      child.kill();
    };
    signal.addEventListener('abort', stop, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        if (lines.length >= maxLines) {
          more = true;
          stop();
          return;
        }
        lines.push(line);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      signal.removeEventListener('abort', stop);
      if (signal.aborted) return reject(new Error('stopped'));
      if (rest !== '' && lines.length < maxLines) lines.push(rest);
      // 0 = matches, 1 = none, 2 = an error (which still may come with results, e.g. an unreadable file).
      if (code === 2 && lines.length === 0 && !more) return reject(new Error(stderr.trim() || 'ripgrep failed'));
      resolve({ lines, more });
    });
  });
}

/** Globs ripgrep should skip: VS Code's files.exclude and search.exclude (enabled entries). */
export function excludeGlobs(scope: vscode.Uri | undefined): string[] {
  const globs: string[] = [];
  for (const section of ['files.exclude', 'search.exclude']) {
    const value = vscode.workspace.getConfiguration(undefined, scope).get<Record<string, unknown>>(section) ?? {};
    for (const [glob, enabled] of Object.entries(value)) if (enabled === true) globs.push(glob);
  }
  return globs;
}
