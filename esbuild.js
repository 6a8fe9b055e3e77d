// Bundles the extension (Node, CommonJS, `vscode` left external) into two files, and, once it exists, the webview
// (browser, IIFE). The host require()s dist/extension.js, the wiring (src/extension.ts: every command, the chat view,
// the status bar, registered at once), at start-up; everything they run (src/host/deferred.ts: the commands'
// implementations, the chat, the tools, the client and the core's zod schemas) is dist/deferred.js, which the wiring
// require()s on first use, so the host reads and compiles only the wiring's few KiB at start-up.
// `--production` minifies and drops sourcemaps; `--watch` rebuilds on change.
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

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
 * src/host/deferred.ts stays out of dist/extension.js: the `import()` in src/host/lazy.ts (the only way the wiring
 * reaches it) becomes a require() of dist/deferred.js beside it, made on that call. A static import would evaluate it
 * with the wiring at start-up, so it fails the build.
 */
const DEFERRED = path.join(__dirname, 'src', 'host', 'deferred');
const deferredApart = {
  name: 'deferred-apart',
  setup(build) {
    build.onResolve({ filter: /deferred(\.js)?$/ }, (args) => {
      if (path.join(args.resolveDir, args.path).replace(/\.js$/, '') !== DEFERRED) return undefined;
      if (args.kind === 'dynamic-import') return { path: './deferred.js', external: true };
      return { errors: [{ text: `${args.path} is loaded on first use: reach it through src/host/lazy.ts (\`loadDeferred()\`), not a static import` }] };
    });
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemReporter],
  metafile: true,
};

/** The extension's two files: both CommonJS for Node, `vscode` from the host. */
const extension = { ...common, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'] };

/** @type {import('esbuild').BuildOptions[]} */
const targets = [
  {
    ...extension,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    plugins: [...common.plugins, vscodeUncopied, deferredApart],
    // `import()` as a plain require(), so that dist/deferred.js loads through the extension host's module hooks (they
    // give each extension its `vscode`), not through Node's ESM loader.
    supported: { 'dynamic-import': false },
  },
  { ...extension, entryPoints: ['src/host/deferred.ts'], outfile: 'dist/deferred.js', plugins: [...common.plugins, vscodeUncopied] },
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

// Required rather than run (test/unit/build/deferredLoading.test.ts), it hands over the extension's build options unbuilt.
module.exports = { targets };
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
