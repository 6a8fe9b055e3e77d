// Activation defers what it can (src/extension.ts, src/host/lazy.ts): loading the wiring and running activate() must
// not evaluate the core (its zod schemas, the client, the tools), yet every contributed command must be registered at
// once and the first one must load what it needs. The bundles are built here with esbuild.js's own options into a
// throwaway dist/ and run in plain Node against a recording stand-in for the vscode API (a `vscode` package in the
// throwaway folder's node_modules); zod's core marks the global object when it is evaluated. The deferred parts are ES
// modules loaded by Node's own loader, as the extension host loads them.
import assert from 'node:assert/strict';
import esbuild from 'esbuild';
import fs from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const ZOD_MARK = '__zod_globalConfig';
const FAKE_VSCODE = '__askModelDeferredLoadingVscode';

interface Loaded {
  activate(context: unknown): { activationMs: number };
}

interface BuildOptions {
  targets: esbuild.BuildOptions[];
  parts: Record<string, string>;
}

/** Just enough of the API for activate() and for Ask Model to reach its first question (no editor: it stops there). */
function fakeVscode(commands: Map<string, (...args: unknown[]) => unknown>, warnings: string[]): unknown {
  const disposable = { dispose: (): void => undefined };
  const anything: ProxyHandler<object> = { get: (target, name) => (name in target ? (target as Record<string | symbol, unknown>)[name] : () => disposable) };
  return {
    commands: new Proxy({ registerCommand: (id: string, run: (...args: unknown[]) => unknown) => (commands.set(id, run), disposable) }, anything),
    window: new Proxy(
      {
        activeTextEditor: undefined,
        createOutputChannel: () => new Proxy({}, anything),
        createStatusBarItem: () => new Proxy({}, anything),
        tabGroups: new Proxy({}, anything),
        showWarningMessage: async (message: string) => void warnings.push(message),
      },
      anything,
    ),
    workspace: new Proxy({ getConfiguration: () => ({ get: () => undefined, inspect: () => undefined }), isTrusted: true }, anything),
    lm: new Proxy({}, anything),
    languages: new Proxy({}, anything),
    EventEmitter: class {
      event = (): typeof disposable => disposable;
      fire(): void {}
      dispose(): void {}
    },
    StatusBarAlignment: { Left: 1, Right: 2 },
    DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  };
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
    // The stand-in API, where the wiring's require('vscode') finds it.
    fs.mkdirSync(path.join(dir, 'node_modules', 'vscode'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', 'vscode', 'index.js'), `module.exports = globalThis[${JSON.stringify(FAKE_VSCODE)}];\n`);
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
      const commands = new Map<string, (...args: unknown[]) => unknown>();
      const warnings: string[] = [];
      global[FAKE_VSCODE] = fakeVscode(commands, warnings);
      const extension = Module.createRequire(path.join(dir, 'package.json'))('./dist/extension.js') as Loaded;
      assert.equal(global[ZOD_MARK], undefined, 'loading the wiring evaluated zod');
      const memento = { get: (_key: string, fallback?: unknown) => fallback, update: async () => undefined };
      extension.activate({ subscriptions: [], secrets: { onDidChange: () => ({ dispose: () => undefined }) }, globalState: memento, workspaceState: memento, extensionUri: {} });
      assert.equal(global[ZOD_MARK], undefined, 'activate() evaluated zod');
      assert.deepEqual([...commands.keys()].sort(), [...contributed].sort(), 'every contributed command is registered at activation');

      const result = await commands.get('askModel.ask')!();
      assert.deepEqual(result, { status: 'cancelled' });
      assert.equal(warnings.length, 1, 'Ask Model ran and asked for an open file');
      assert.notEqual(global[ZOD_MARK], undefined, 'the first Ask Model did not load the core');
    } finally {
      delete global[FAKE_VSCODE];
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
    global[key] = { vscode: fakeVscode(new Map(), []), require: Module.createRequire(path.join(dir, 'dist', 'extension.js')) };
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
