// Activation defers what it can (src/extension.ts, src/host/lazy.ts): loading the wiring and running activate() must
// not evaluate the core (its zod schemas, the client, the tools), yet every contributed command must be registered at
// once and the first one must load what it needs. The bundles are built here with esbuild.js's own options into a
// throwaway dist/ and run in plain Node against the recording stand-in for the vscode API (test/support/vscodeShim.ts);
// zod's core marks the global object when it is evaluated. The deferred parts are ES modules loaded by Node's own
// loader, as the extension host loads them.
import assert from 'node:assert/strict';
import esbuild from 'esbuild';
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { extensionContext, installVscodeShim } from '../../support/vscodeShim';

const shim = installVscodeShim();
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const ZOD_MARK = '__zod_globalConfig';

interface Loaded {
  activate(context: unknown): { activationMs: number };
}

interface BuildOptions {
  targets: esbuild.BuildOptions[];
  parts: Record<string, string>;
}

/** esbuild.js's Node targets built unminified into `dir`/dist, with their metafiles. */
async function buildInto(dir: string): Promise<{ options: BuildOptions; metafiles: esbuild.Metafile[] }> {
  const options = Module.createRequire(__filename)(path.join(repoRoot, 'esbuild.js')) as BuildOptions;
  const metafiles: esbuild.Metafile[] = [];
  for (const target of options.targets.filter((candidate) => candidate.platform === 'node')) {
    const outfile = target.outfile ? path.join(dir, target.outfile) : undefined;
    const outdir = target.outdir ? path.join(dir, target.outdir) : undefined;
    const built = await esbuild.build({ ...target, absWorkingDir: repoRoot, minify: false, sourcemap: false, ...(outfile ? { outfile } : {}), ...(outdir ? { outdir } : {}) });
    metafiles.push(built.metafile!);
  }
  return { options, metafiles };
}

describe('deferred loading (what activation runs)', () => {
  let dir: string;
  let built: { options: BuildOptions; metafiles: esbuild.Metafile[] };

  before(async function () {
    this.timeout(60_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-deferred-'));
    built = await buildInto(dir);
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('loads and activates without evaluating the core; the first command loads it', async function () {
    this.timeout(30_000);
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
    const contributed = manifest.contributes.commands.map((entry) => entry.command);
    const global = globalThis as Record<string, unknown>;
    const saved = global[ZOD_MARK];
    delete global[ZOD_MARK];
    try {
      const state = shim.reset();
      const extension = Module.createRequire(path.join(dir, 'package.json'))('./dist/extension.js') as Loaded;
      assert.equal(global[ZOD_MARK], undefined, 'loading the wiring evaluated zod');
      const context = extensionContext();
      extension.activate(context);
      assert.equal(global[ZOD_MARK], undefined, 'activate() evaluated zod');
      assert.deepEqual([...state.commands.keys()].sort(), [...contributed].sort(), 'every contributed command is registered at activation');

      const result = await state.commands.get('askModel.ask')!();
      assert.deepEqual(result, { status: 'cancelled' });
      assert.deepEqual(state.messages.map((shown) => shown.text), ['Ask Model: open a file (and select the code to ask about) first.'], 'Ask Model ran and asked for an open file');
      assert.notEqual(global[ZOD_MARK], undefined, 'the first Ask Model did not load the core');
      for (const disposable of context.subscriptions) disposable.dispose();
    } finally {
      if (saved === undefined) delete global[ZOD_MARK];
      else global[ZOD_MARK] = saved;
    }
  });

  it('the wiring holds none of the deferred code, and no part holds the wiring (no register… file, no lazy loader)', () => {
    const [wiring, deferred] = built.metafiles as [esbuild.Metafile, esbuild.Metafile];
    const wiringInputs = Object.keys(Object.values(wiring.outputs).find((output) => output.entryPoint)!.inputs);
    assert.deepEqual(
      wiringInputs.filter((input) => input.startsWith('node_modules/') || /^src\/core\/(?!eager\.ts$|settings\/(sharedProfiles|quickProfile|defaultProfile)\.ts$)/.test(input)),
      [],
      'the wiring reaches core only through core/eager, and no package',
    );
    for (const [file, output] of Object.entries(deferred.outputs)) {
      const held = Object.keys(output.inputs).filter((input) => /\/register[A-Z]\w*\.ts$/.test(input) || input === 'src/host/lazy.ts' || input === 'src/extension.ts');
      assert.deepEqual(held, [], `${file} holds wiring`);
    }
  });

  it('each part loads with the API the wiring left, and lazy.ts loads exactly the parts esbuild.js builds', async function () {
    this.timeout(30_000);
    const lazySource = fs.readFileSync(path.join(repoRoot, 'src', 'host', 'lazy.ts'), 'utf8');
    const loaded = [...lazySource.matchAll(/^\s+(\w+): \(\): Promise<typeof \w+> => import\('\.\/([^']+)\.js'\),$/gm)].map(([, name, file]) => [name, `src/host/${file}.ts`]);
    assert.deepEqual(Object.fromEntries(loaded), built.options.parts);
    const global = globalThis as Record<string | symbol, unknown>;
    const key = Symbol.for(`ask-model.wiring:${path.join(dir, 'dist')}`);
    shim.reset();
    global[key] = { vscode: shim.api, require: Module.createRequire(path.join(dir, 'dist', 'extension.js')) };
    try {
      for (const part of Object.keys(built.options.parts)) {
        const exports = (await import(path.join(dir, 'dist', 'deferred', `${part}.mjs`))) as Record<string, unknown>;
        assert.ok(Object.keys(exports).length > 0, `${part} exports nothing`);
      }
    } finally {
      delete global[key];
    }
  });
});
