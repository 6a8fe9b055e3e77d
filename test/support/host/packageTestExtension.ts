// Packages a small extension the tests or the demo install beside Ask Model (a test caller, the demo's start-up
// helper) as a .vsix: code-server installs only packaged extensions, and keeps one extensionDevelopmentPath at most.
import esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface TestExtension {
  /** Its TypeScript entry, bundled as the manifest's `main` (./dist/extension.js) with `vscode` left to the host. */
  entry: string;
  /** package.json without `main`, `version`, `license` and `engines`, which are the same for every one of them. */
  manifest: { name: string; publisher: string; [field: string]: unknown };
  /** README.md's text (vsce refuses to package without one). */
  readme: string;
}

/** Builds `extension` into `dir` and returns the path of its .vsix there. */
export async function packageTestExtension(dir: string, extension: TestExtension): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  await esbuild.build({ entryPoints: [extension.entry], outfile: path.join(dir, 'dist', 'extension.js'), bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], logLevel: 'warning' });
  const manifest = { version: '0.0.1', license: 'MIT', engines: { vscode: '^1.139.0' }, main: './dist/extension.js', ...extension.manifest };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, 'README.md'), extension.readme);
  const vsix = path.join(dir, `${extension.manifest.name}.vsix`);
  execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: dir, stdio: 'pipe' });
  return vsix;
}
