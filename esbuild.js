// Bundles the extension for Node and, once it exists, the webview (browser, IIFE).
//
// The extension is the wiring and its deferred parts. The host require()s dist/extension.js (src/extension.ts: every
// command, the chat view, the status bar, registered at once; CommonJS, `vscode` from the host) at start-up. What the
// wiring runs is split by part: the platform's services (src/host/platform/deferred.ts) and each feature's
// implementation (src/host/features/<feature>/deferred.ts), each an ES module in dist/deferred/ that the wiring
// import()s on first use (src/host/lazy.ts), with the code two parts share in chunks of their own (esbuild's code
// splitting), so a surface loads only what it uses and no module is evaluated twice.
// `--production` minifies and drops sourcemaps; `--watch` rebuilds on change.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints esbuild's problems in the `file:line:col: error: text` form VS Code's problem matchers read. */
const problemReporter = {
  name: 'problem-reporter',
  setup(build) {
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log(`[watch] build finished, ${result.errors.length} error(s)`);
    });
  },
};

/**
 * `vscode` stays external, but esbuild gives each file's `import * as vscode from 'vscode'` a namespace object of its
 * own (`__toESM`): a copy of the API object's few hundred properties, about 0.4 ms each at load. Routed through one
 * CommonJS module whose export is an empty object that inherits from the API (marked `__esModule`, so `__toESM` adds
 * no `default`), each namespace is a new object with the API as its prototype: nothing is copied, and `vscode.window`
 * reads the API's own property.
 */
const vscodeUncopied = {
  name: 'vscode-uncopied',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-uncopied' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-uncopied' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-uncopied' }, () => ({ contents: "module.exports = Object.create(require('vscode'), { __esModule: { value: true } });", loader: 'js' }));
  },
};

/**
 * The key under which the wiring leaves what the deferred parts need from the host's module loader (src/host/lazy.ts
 * sets it): its `vscode` API and its `require`. An ES module of an extension that is not itself one gets no `vscode`
 * module from the host (and each extension's API is its own), and the host patches Node's modules (http, https, net,
 * tls: proxy settings and the system's certificates) for code loaded by `require`, not for an ES module's `import`. So
 * the parts take both from the wiring, keyed by the dist/ folder both sit under.
 */
const WIRING_KEY_PREFIX = 'ask-model.wiring:';

/**
 * In the deferred parts, `vscode` is the wiring's API (one namespace-free object, as vscodeUncopied makes it), and each
 * of Node's modules is the wiring's `require` of it, so the host's patches apply as they do to CommonJS code. A small
 * ES module finds the wiring (it needs `import.meta.url` for the key).
 */
const hostModulesFromWiring = {
  name: 'host-modules-from-wiring',
  setup(build) {
    const NAMESPACE = 'host-modules-from-wiring';
    build.onResolve({ filter: /^vscode$/ }, () => ({ path: 'vscode', namespace: NAMESPACE }));
    build.onResolve({ filter: /^ask-model:wiring$/ }, () => ({ path: 'wiring', namespace: NAMESPACE }));
    build.onResolve({ filter: /^(node:)?[a-z_]+(\/[a-z_]+)?$/ }, (args) => {
      // The finder itself imports Node's path and url as any ES module does.
      if (args.namespace === NAMESPACE || !builtinModules.includes(args.path.replace(/^node:/, ''))) return undefined;
      return { path: args.path, namespace: NAMESPACE };
    });
    build.onLoad({ filter: /^vscode$/, namespace: NAMESPACE }, () => ({
      contents: "module.exports = Object.create(require('ask-model:wiring').wiring.vscode, { __esModule: { value: true } });",
      loader: 'js',
    }));
    build.onLoad({ filter: /^wiring$/, namespace: NAMESPACE }, () => ({
      contents: [
        "import { dirname } from 'node:path';",
        "import { fileURLToPath } from 'node:url';",
        // dist/deferred/<part or chunk>.mjs: the key names dist/.
        `export const wiring = globalThis[Symbol.for(${JSON.stringify(WIRING_KEY_PREFIX)} + dirname(dirname(fileURLToPath(import.meta.url))))];`,
        "if (wiring === undefined) throw new Error('Ask Model: a deferred part was loaded before the wiring (src/host/lazy.ts)');",
      ].join('\n'),
      loader: 'js',
      resolveDir: __dirname,
    }));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: `module.exports = require('ask-model:wiring').wiring.require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * src/core's modules have no side effects but one (protocol/zodMessages.ts words zod's messages, and each module that
 * parses imports it for that): told so, esbuild drops a module whose exports a bundle does not use, instead of keeping
 * every module core's index names because it cannot prove a top-level `z.object(…)` harmless. Without it every part
 * would load all of core.
 */
const CORE_DIR = path.join(__dirname, 'src', 'core') + path.sep;
const CORE_SIDE_EFFECTS = new Set([path.join(__dirname, 'src', 'core', 'protocol', 'zodMessages.ts')]);
const coreWithoutSideEffects = {
  name: 'core-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData?.coreWithoutSideEffects) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { coreWithoutSideEffects: true } });
      if (resolved.errors.length > 0 || resolved.external || !resolved.path.startsWith(CORE_DIR) || CORE_SIDE_EFFECTS.has(resolved.path)) return undefined;
      return { path: resolved.path, sideEffects: false };
    });
  },
};

/**
 * The host reaches core only through its index (a lint rule), but esbuild splits code by file: a part that imports
 * the index reaches every module the index names, so all of core would be one chunk that every part loads. So, in the
 * bundle only, a host file's `import { a, b } from '…/core'` becomes an import of each name from the module the index
 * takes it from. Every name must be one the index exports (checked here), so the source keeps its one entrance.
 */
const CORE_INDEX = path.join(__dirname, 'src', 'core', 'index.ts');
function coreIndexExports() {
  const exports = new Map();
  for (const line of fs.readFileSync(CORE_INDEX, 'utf8').split('\n')) {
    const match = /^export (type )?\{([^}]*)\} from '([^']+)';$/.exec(line.trim());
    if (!match) continue;
    if (match[1]) continue;
    for (const item of match[2].split(',').map((name) => name.trim()).filter((name) => name !== '' && !name.startsWith('type '))) {
      const [original, exported = original] = item.split(/\s+as\s+/);
      exports.set(exported, { module: path.join(path.dirname(CORE_INDEX), match[3]), original });
    }
  }
  return exports;
}
const hostThroughCoreModules = {
  name: 'host-through-core-modules',
  setup(build) {
    let exports;
    build.onStart(() => {
      exports = coreIndexExports();
    });
    build.onLoad({ filter: /[\\/]src[\\/](host[\\/].*|extension)\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const errors = [];
      const contents = source.replace(/^import (type )?\{([^}]*)\} from '((?:\.\.\/)+core)';$/gm, (statement, typeOnly, names, specifier) => {
        if (path.join(path.dirname(args.path), specifier, 'index.ts') !== CORE_INDEX) return statement;
        if (typeOnly) return '';
        const byModule = new Map();
        for (const item of names.split(',').map((name) => name.trim()).filter((name) => name !== '' && !name.startsWith('type '))) {
          const [imported, local = imported] = item.split(/\s+as\s+/);
          const source = exports.get(imported);
          if (!source) {
            errors.push({ text: `${imported} is not exported by src/core/index.ts` });
            continue;
          }
          const relative = path.relative(path.dirname(args.path), source.module).split(path.sep).join('/');
          const list = byModule.get(relative) ?? [];
          list.push(source.original === local ? local : `${source.original} as ${local}`);
          byModule.set(relative, list);
        }
        return [...byModule].map(([module, list]) => `import { ${list.join(', ')} } from '${module.startsWith('.') ? module : `./${module}`}';`).join(' ');
      });
      return errors.length > 0 ? { errors } : { contents, loader: 'ts' };
    });
  },
};

/**
 * Each deferred part, by the name lazy.ts loads it under: every `deferred.ts` in src/host. The platform's is
 * `platform`; a feature's is the feature's name; one in a folder below either adds that folder's name
 * (platform/catalogueDiscovery → catalogueDiscovery, features/chat/transfer → chatTransfer).
 */
function deferredParts() {
  const host = path.join(__dirname, 'src', 'host');
  const parts = {};
  for (const file of fs.readdirSync(host, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/')).sort()) {
    if (!file.endsWith('/deferred.ts')) continue;
    const folders = file.split('/').slice(0, -1);
    const named = folders[0] === 'features' ? folders.slice(1) : folders.length > 1 ? folders.slice(1) : folders;
    const name = named.map((folder, index) => (index === 0 ? folder : folder[0].toUpperCase() + folder.slice(1))).join('');
    if (parts[name] !== undefined) throw new Error(`two deferred parts are named ${name}: ${parts[name]} and src/host/${file}`);
    parts[name] = `src/host/${file}`;
  }
  return parts;
}

/**
 * The wiring reaches a part only through the `import()` in src/host/lazy.ts, which stays a dynamic import of the
 * part's file in dist/deferred/ (Node's loader for ES modules, made on that call). A static import of a part would
 * evaluate it with the wiring at start-up, so it fails the build.
 */
function deferredApart(parts) {
  const byPath = new Map(Object.entries(parts).map(([name, entry]) => [path.join(__dirname, entry).replace(/\.ts$/, ''), name]));
  return {
    name: 'deferred-apart',
    setup(build) {
      build.onResolve({ filter: /deferred(\.js)?$/ }, (args) => {
        const part = byPath.get(path.join(args.resolveDir, args.path).replace(/\.js$/, ''));
        if (part === undefined) return undefined;
        if (args.kind === 'dynamic-import') return { path: `./deferred/${part}.mjs`, external: true };
        return { errors: [{ text: `${args.path} is loaded on first use: reach it through src/host/lazy.ts (\`loadDeferred.${part}()\`), not a static import` }] };
      });
    },
  };
}

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemReporter],
  metafile: true,
};

const parts = deferredParts();

/** @type {import('esbuild').BuildOptions[]} */
const targets = [
  {
    ...common,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    plugins: [...common.plugins, vscodeUncopied, deferredApart(parts), coreWithoutSideEffects, hostThroughCoreModules],
  },
  {
    ...common,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    splitting: true,
    // The packages' ES builds, which esbuild can split and shake; their CommonJS ones would be wrapped whole.
    mainFields: ['module', 'main'],
    entryPoints: parts,
    // Every part runs with the platform's services (extension.ts builds them from its part first), so each part
    // imports the platform's part: the code the platform reaches is then one chunk, not one per set of parts that
    // share a piece of it. The .vsix compresses each file alone; fewer files, for the same code loaded, make it smaller.
    inject: [parts.platform],
    outdir: 'dist/deferred',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'shared-[hash]',
    plugins: [...common.plugins, hostModulesFromWiring, coreWithoutSideEffects, hostThroughCoreModules],
  },
];
if (fs.existsSync('src/webview/main.ts')) {
  targets.push({
    ...common,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
  });
}

async function main() {
  // A part or chunk of an earlier build that this one no longer makes must not ship.
  fs.rmSync(path.join(__dirname, 'dist', 'deferred'), { recursive: true, force: true });
  const contexts = await Promise.all(targets.map((options) => esbuild.context(options)));
  if (watch) {
    await Promise.all(contexts.map((context) => context.watch()));
    return;
  }
  const results = await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
  if (results.some((result) => result.errors.length > 0)) process.exit(1);
  for (const result of results) {
    for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
      if (!file.endsWith('.map')) console.log(`${file}  ${(bytes / 1024).toFixed(1)} KB`);
    }
  }
}

// Required rather than run (test/unit/build/deferredLoading.test.ts and the bench), it hands over the build options
// unbuilt, and the key the deferred parts find the wiring's API and `require` under.
module.exports = { targets, parts, WIRING_KEY_PREFIX };
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
