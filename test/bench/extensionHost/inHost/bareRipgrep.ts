// The peer for list_files and search_text: the same ripgrep binary, spawned from the same extension host on the same
// tree, its whole output read into lines and nothing else done with it. Like ours it gets no stdin (with a pipe there,
// rg would search stdin instead of the folder).
import { spawn } from 'node:child_process';

export function bareRipgrep(rg: string, args: readonly string[], cwd: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(rg, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      // 0: found, 1: nothing found; anything else is the bench's mistake.
      if (code !== 0 && code !== 1) return reject(new Error(`rg ${args.join(' ')} exited ${code}: ${stderr}`));
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text === '' ? [] : text.replace(/\n$/, '').split('\n'));
    });
  });
}
