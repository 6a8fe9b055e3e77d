// The UI tier installs the extension the way a user does: a .vsix, packaged by vsce with the repo's .vscodeignore,
// so a file the package forgets (dist/webview.js, media/) fails here and not on someone's machine. vsce would run
// `vscode:prepublish` (a production build into dist/) in the repo; packaging a staged copy without that script tests
// the build `npm run build` just made and leaves the working tree alone. Once per process: every test file shares it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../host/buildIntegrationTests';
import { checkExtensionBuilt } from '../host/extensionBuild';

/** Top-level entries never copied to the staging folder (the .vscodeignore drops the rest). */
const NOT_STAGED = new Set(['.git', 'node_modules', 'src', 'test', 'out', 'test-results', '.vscode-test']);

let packaged: Promise<string> | undefined;

/** The path of a .vsix of the current build, made on first call; removed when the process exits. */
export function packageExtensionOnce(log: (line: string) => void = () => undefined): Promise<string> {
  packaged ??= Promise.resolve().then(() => packageExtension(log));
  return packaged;
}

function packageExtension(log: (line: string) => void): string {
  const stale = checkExtensionBuilt(repoRoot); // throws when dist/extension.js is missing
  if (stale) log(`WARNING: ${stale}`);
  const started = Date.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-vsix-'));
  process.once('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
  const stage = path.join(scratch, 'extension');
  fs.mkdirSync(stage);
  for (const entry of fs.readdirSync(repoRoot)) {
    if (NOT_STAGED.has(entry) || entry.endsWith('.vsix')) continue;
    fs.cpSync(path.join(repoRoot, entry), path.join(stage, entry), { recursive: true });
  }
  const manifestFile = path.join(stage, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { version: string; scripts?: Record<string, string> };
  delete manifest.scripts?.['vscode:prepublish'];
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));

  const vsix = path.join(scratch, `ask-model-${manifest.version}.vsix`);
  const vsce = require.resolve('@vscode/vsce/vsce', { paths: [repoRoot] });
  try {
    execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`vsce could not package the extension:\n${stderr ?? ''}${stdout ?? ''}`, { cause: error });
  }
  log(`packaged ${path.basename(vsix)} (${(fs.statSync(vsix).size / 1024).toFixed(0)} KB) in ${Date.now() - started} ms`);
  return vsix;
}
