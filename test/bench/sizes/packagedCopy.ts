// The extension as it ships, built the way it ships: `npm run package` (vsce, whose vscode:prepublish runs
// `npm run build:production`) in a throwaway copy of the repository's shipped inputs, never in the working tree. Other
// engineers' tests read dist/ while the bench runs, and a minified build there would change what they test; the copy
// also leaves no .vsix behind. node_modules is linked, not copied: esbuild and vsce only read it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** What `npm run package` reads: the manifest, the build script and its config, the sources and what .vscodeignore keeps. */
const SHIPPED_INPUTS = ['package.json', 'esbuild.js', 'tsconfig.json', '.vscodeignore', 'src', 'media', 'README.md', 'CHANGELOG.md', 'LICENSE'];

export interface PackagedExtension {
  /** The copy: an extension folder (package.json + minified dist/) a host can load as extensionDevelopmentPath. */
  dir: string;
  vsix: string;
  /** dist/extension.js as minified by build:production: what the host loads at start-up. */
  bundleBytes: number;
  /** dist/deferred/, likewise: every part and shared chunk, loaded as each surface first needs them (firstUse.ts). */
  deferredDir: string;
  deferredBytes: number;
  webviewBytes: number;
  vsixBytes: number;
  packageSeconds: number;
  remove(): void;
}

/** Built once per `npm run bench`: the sizes suite reports it, the extension-host suites load it. */
let shared: Promise<PackagedExtension> | undefined;

export function packagedExtension(progress: (line: string) => void): Promise<PackagedExtension> {
  shared ??= packageInCopy(progress).then((packaged) => {
    process.once('exit', packaged.remove);
    return packaged;
  });
  return shared;
}

async function packageInCopy(progress: (line: string) => void): Promise<PackagedExtension> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-bench-package-'));
  const remove = (): void => fs.rmSync(dir, { recursive: true, force: true });
  try {
    for (const input of SHIPPED_INPUTS) {
      const from = path.join(repoRoot, input);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, input), { recursive: true });
    }
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    const started = performance.now();
    await npm(['run', 'package'], dir, progress);
    const packageSeconds = (performance.now() - started) / 1000;
    const vsix = path.join(dir, `${manifest.name}-${manifest.version}.vsix`);
    const size = (file: string): number => fs.statSync(file).size;
    const dist = (file: string): number => size(path.join(dir, 'dist', file));
    const deferredDir = path.join(dir, 'dist', 'deferred');
    const deferredBytes = fs.readdirSync(deferredDir).filter((file) => file.endsWith('.mjs')).reduce((sum, file) => sum + size(path.join(deferredDir, file)), 0);
    return { dir, vsix, bundleBytes: dist('extension.js'), deferredDir, deferredBytes, webviewBytes: dist('webview.js'), vsixBytes: size(vsix), packageSeconds, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

function npm(args: readonly string[], cwd: string, progress: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => void (output += chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) {
        for (const line of output.split('\n').filter((text) => /^dist\/|DONE/.test(text))) progress(`sizes: ${line.trim()}`);
        resolve();
      } else reject(new Error(`npm ${args.join(' ')} failed in ${cwd} (exit ${code}):\n${output}`));
    });
  });
}
