// Activation defers the heavy modules (src/extension.ts): loading the bundle and running activate() must not load
// dist/deferred.js nor evaluate the core (its zod schemas, the client, the tools), yet every contributed command must be
// registered at once and the first one must load what it needs. Both files are bundled here with esbuild.js's own
// options (in memory) and run against a recording stand-in for the vscode API; zod's core marks the global object when
// it is evaluated.
import assert from 'node:assert/strict';
import esbuild from 'esbuild';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const ZOD_MARK = '__zod_globalConfig';

interface Loaded {
  activate(context: unknown): { activationMs: number };
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
    workspace: new Proxy({ getConfiguration: () => ({ get: () => undefined }) }, anything),
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

/** dist/extension.js and dist/deferred.js as esbuild.js builds them, unminified, without writing dist/. */
async function buildBundles(): Promise<Map<string, string>> {
  const { targets } = Module.createRequire(__filename)(path.join(repoRoot, 'esbuild.js')) as { targets: esbuild.BuildOptions[] };
  const bundles = new Map<string, string>();
  for (const options of targets.filter((target) => target.platform === 'node')) {
    const built = await esbuild.build({ ...options, absWorkingDir: repoRoot, minify: false, sourcemap: false, write: false });
    for (const output of built.outputFiles) bundles.set(path.basename(output.path), output.text);
  }
  return bundles;
}

/** Runs `name` as the host would require() it from dist/, with `vscode` the stand-in; `required` lists the bundles it loads. */
function loadBundle(bundles: Map<string, string>, name: string, vscode: unknown, required: string[]): unknown {
  const file = path.join(repoRoot, 'dist', name);
  const module = new Module(file);
  module.filename = file;
  module.paths = [];
  const load = Module.createRequire(file);
  const loaded = new Map<string, unknown>();
  const requireForBundle = (id: string): unknown => {
    if (id === 'vscode') return vscode;
    const sibling = id.startsWith('./') ? bundles.get(id.slice(2)) : undefined;
    if (sibling === undefined) return load(id);
    if (!loaded.has(id)) {
      required.push(id);
      loaded.set(id, loadBundle(bundles, id.slice(2), vscode, required));
    }
    return loaded.get(id);
  };
  const run = new Function('exports', 'require', 'module', '__filename', '__dirname', bundles.get(name)!) as (...args: unknown[]) => void;
  run(module.exports, requireForBundle, module, file, path.dirname(file));
  return module.exports;
}

describe('deferred loading (what activation runs)', () => {
  it('loads and activates without evaluating the core; the first command loads it', async function () {
    this.timeout(30_000);
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
    const contributed = manifest.contributes.commands.map((entry) => entry.command);
    const bundles = await buildBundles();
    assert.deepEqual([...bundles.keys()].sort(), ['deferred.js', 'extension.js']);
    const global = globalThis as Record<string, unknown>;
    const saved = global[ZOD_MARK];
    delete global[ZOD_MARK];
    try {
      const commands = new Map<string, (...args: unknown[]) => unknown>();
      const warnings: string[] = [];
      const required: string[] = [];
      const extension = loadBundle(bundles, 'extension.js', fakeVscode(commands, warnings), required) as Loaded;
      assert.equal(global[ZOD_MARK], undefined, 'loading the bundle evaluated zod');
      const memento = { get: (_key: string, fallback?: unknown) => fallback, update: async () => undefined };
      extension.activate({ subscriptions: [], secrets: { onDidChange: () => ({ dispose: () => undefined }) }, globalState: memento, workspaceState: memento, extensionUri: {} });
      assert.equal(global[ZOD_MARK], undefined, 'activate() evaluated zod');
      assert.deepEqual(required, [], 'loading the bundle or activate() required dist/deferred.js');
      assert.deepEqual([...commands.keys()].sort(), [...contributed].sort(), 'every contributed command is registered at activation');

      const result = await commands.get('askModel.ask')!();
      assert.deepEqual(result, { status: 'cancelled' });
      assert.equal(warnings.length, 1, 'Ask Model ran and asked for an open file');
      assert.notEqual(global[ZOD_MARK], undefined, 'the first Ask Model did not load the core');
      assert.deepEqual(required, ['./deferred.js'], 'the first Ask Model did not require dist/deferred.js');
    } finally {
      if (saved === undefined) delete global[ZOD_MARK];
      else global[ZOD_MARK] = saved;
    }
  });
});
