// Packages extension.ts beside this file as a .vsix for the demo's code-server (a plain folder cannot be installed
// there): ask-model-demo.open-chat-at-start, which opens Ask Model's chat once the window has started.
import esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

/** Builds the extension into `dir` and returns its .vsix. */
export async function buildOpenChatAtStart(dir: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  await esbuild.build({ entryPoints: [path.join(__dirname, 'extension.ts')], outfile: path.join(dir, 'dist', 'extension.js'), bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], logLevel: 'warning' });
  const manifest = {
    name: 'open-chat-at-start',
    displayName: 'Ask Model demo: open the chat at start',
    publisher: 'ask-model-demo',
    version: '0.0.1',
    license: 'MIT',
    engines: { vscode: '^1.139.0' },
    main: './dist/extension.js',
    activationEvents: ['onStartupFinished'],
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, 'README.md'), "# Ask Model demo: open the chat at start\n\nOpens Ask Model's chat when the `npm start` demo window starts.\n");
  const vsix = path.join(dir, 'open-chat-at-start.vsix');
  execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: dir, stdio: 'pipe' });
  return vsix;
}
