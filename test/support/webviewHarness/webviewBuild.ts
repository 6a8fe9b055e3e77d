// Makes sure dist/webview.js is built from the current sources before a harness page loads it: rebuilds with
// `node esbuild.js` when the bundle is missing or older than anything it is built from.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const WEBVIEW_BUNDLE = path.join(REPO_ROOT, 'dist', 'webview.js');
const SOURCES = [path.join(REPO_ROOT, 'src', 'webview'), path.join(REPO_ROOT, 'src', 'core'), path.join(REPO_ROOT, 'esbuild.js'), path.join(REPO_ROOT, 'package-lock.json')];

function newestModification(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestModification(path.join(target, name))), stat.mtimeMs);
}

/** Returns what it did, for the progress log. */
export function ensureWebviewBuilt(): 'fresh' | 'rebuilt' {
  const built = fs.existsSync(WEBVIEW_BUNDLE) ? fs.statSync(WEBVIEW_BUNDLE).mtimeMs : 0;
  const sources = Math.max(...SOURCES.filter((source) => fs.existsSync(source)).map(newestModification));
  if (built >= sources) return 'fresh';
  execFileSync(process.execPath, ['esbuild.js'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!fs.existsSync(WEBVIEW_BUNDLE)) throw new Error('node esbuild.js did not produce dist/webview.js');
  return 'rebuilt';
}
