// Builds what runs inside the extension host, which cannot run TypeScript, into the bench's scratch folder (never the
// repository): the bench entry, with the real tool modules from src/host/tools compiled in (`vscode` comes from the
// host), in a folder that is also a minimal extension, because the workbench runs extensionTestsPath only with an
// extensionDevelopmentPath (and takes one: its URL payload is a map), whose `main` is the load probe, activated on `*`
// so that it is in place before either contender loads (inHost/loadProbe.ts); and the floor extension, minified like
// ours, packaged by vsce like ours, with the same activation event, so that both load and activate the same way.
import { execFileSync } from 'node:child_process';
import esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../sizes/packagedCopy';
import { ENTRY, FLOOR, FLOOR_LANGUAGE_MODEL_VENDOR } from './benchPlan';

const common = { bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], logLevel: 'warning' } satisfies esbuild.BuildOptions;
const ENGINES = { vscode: '^1.100.0' };

/** Returns the entry's folder (extensionDevelopmentPath) and its index.js (extensionTestsPath). */
export async function buildBenchEntry(dir: string): Promise<{ dir: string; index: string }> {
  const index = path.join(dir, 'index.js');
  await esbuild.build({ ...common, entryPoints: [path.join(__dirname, 'inHost', 'index.ts')], outfile: index, sourcemap: 'inline', sourcesContent: false });
  await esbuild.build({ ...common, entryPoints: [path.join(__dirname, 'inHost', 'loadProbe.ts')], outfile: path.join(dir, 'loadProbe.js') });
  const manifest = { ...ENTRY, version: '0.0.1', engines: ENGINES, main: './loadProbe.js', activationEvents: ['*'] };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  return { dir, index };
}

/** Returns the floor extension's .vsix. */
export async function buildFloorExtension(dir: string): Promise<string> {
  await esbuild.build({ ...common, entryPoints: [path.join(__dirname, 'floorExtension', 'extension.ts')], outfile: path.join(dir, 'dist', 'extension.js'), minify: true });
  const manifest = {
    ...FLOOR,
    version: '0.0.1',
    license: 'MIT',
    engines: ENGINES,
    main: './dist/extension.js',
    activationEvents: ['onStartupFinished'],
    contributes: { languageModelChatProviders: [{ vendor: FLOOR_LANGUAGE_MODEL_VENDOR, displayName: 'Ask Model bench floor' }] },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, 'README.md'), '# Activation floor\n\nThe Ask Model bench\'s activation peer.\n');
  const vsix = path.join(dir, 'activation-floor.vsix');
  const vsce = path.join(repoRoot, 'node_modules', '.bin', 'vsce');
  execFileSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: dir, stdio: 'pipe' });
  return vsix;
}
