// Lint rules that keep the architecture honest: the layer boundaries (README, "How it is built") and no `vscode` at
// run time in src/core and src/webview, and the floors inside src/core.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// Layer boundaries, with ESLint's own no-restricted-imports (no plugin). Its patterns match the import's text, not
// the resolved file, so each regex names a layer folder as a path segment of a relative import (`../../host/log`,
// `./core/chat/x`). That is exact as long as no folder or file inside a layer is named core, host, webview, test or
// extension (none is). In flat config a later block replaces an earlier block's options for the same rule, so each
// layer's block lists everything that applies to it. Dynamic `import()` is not checked: src uses it only inside
// host, to defer a feature's modules to first use (src/host/lazy.ts).
const relativeInto = (segment) => `^\\.{1,2}(/.*)?/${segment}`;

const noTest = {
  regex: `${relativeInto('test')}(/.*)?$`,
  message: 'src never imports test/: move what both need into src (test/ may import src) or into test/support.',
};

const noRuntimeVscode = {
  name: 'vscode',
  message: 'src/core and src/webview never load vscode at run time: use `import type`, or move the vscode call into src/host.',
  allowTypeImports: true,
};

const restrictImports = ({ paths = [], patterns }) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

const srcRules = restrictImports({ patterns: [noTest] });

const noCoreIntoOuterLayers = {
  regex: `${relativeInto('(host|webview|extension)')}(/.*)?$`,
  message:
    'src/core imports nothing of src/host, src/webview or src/extension.ts: move the pure code into core, or declare a port (an interface) in core that the host implements and passes in.',
};

const coreRules = restrictImports({ paths: [noRuntimeVscode], patterns: [noCoreIntoOuterLayers, noTest] });

// Floors inside core: each folder imports only its own floor and the floors below, so a change low down is read
// without the features above it and no two folders import each other in a loop. A helper lives on the lowest floor
// all its users share (a duration's format in text/, the output limit's spellings in protocol/). A folder's place:
const CORE_FLOORS = [
  // What servers send and how it is read: the protocol's shapes (and a model's facts as the catalogue records them,
  // which the request reads), the error tree, HTTP (the URLs a base URL resolves to, retries, time-outs), the SSE
  // stream, plain text helpers.
  { name: 'wire', folders: ['protocol', 'errors', 'http', 'stream', 'text'] },
  // One request: built (request/, from a model's facts and the profile's request settings) and sent (client/).
  { name: 'request', folders: ['client', 'request'] },
  // What is known before a run: the model catalogue, the settings, the context window, costs and key budgets;
  // discovery (the model servers running on this machine, read with the catalogue's JSON helpers) and rules (the
  // project's rules files, which a run sends after the system prompt and the chat shows as chips); the walkthrough's
  // steps (what the user does to complete each).
  { name: 'knowledge', folders: ['catalogue', 'settings', 'context', 'cost', 'discovery', 'rules', 'walkthrough'] },
  // A run and the features that make one: the tool loop and its tools, Ask Model and Edit Selection, VS Code's
  // language models, inline completions, and commit messages (written by running a request through their own ports).
  { name: 'run', folders: ['run', 'tools', 'ask', 'languageModels', 'completions', 'commit'] },
  // The chat session on top, with its @-mentions and slash commands (chat/mentions, chat/slashCommands).
  { name: 'chat', folders: ['chat'] },
];

// A folder on no floor would be checked by nothing: say so when the config loads.
const coreFolders = readdirSync(new URL('./src/core', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const unplaced = coreFolders.filter((folder) => !CORE_FLOORS.some((floor) => floor.folders.includes(folder)));
if (unplaced.length > 0) throw new Error(`src/core/${unplaced.join(', src/core/')} is on no floor: add it to CORE_FLOORS in eslint.config.mjs.`);

// Test doubles are test code: a fake in src would be type-checked as product code and could be imported by it. Say so
// when the config loads, as for a folder on no floor.
const fakesInSrc = readdirSync(new URL('./src', import.meta.url), { recursive: true, encoding: 'utf8' })
  .map((file) => file.split('\\').join('/'))
  .filter((file) => /(^|\/)fake[^/]*\.ts$/.test(file));
if (fakesInSrc.length > 0) {
  throw new Error(
    `src/${fakesInSrc.join(', src/')}: test doubles do not live in src. Move each to test/support/fakes/, in the folder that mirrors its module's in src/core (src/core/run/fakeRun.ts -> test/support/fakes/run/fakeRun.ts).`,
  );
}

// One block per floor: core's rules plus "nothing from the floors above". The regex matches a relative import that
// leaves the file's folder (`../`, `../../` from chat/mentions) into a folder above.
const floorBlocks = CORE_FLOORS.slice(0, -1).map((floor, at) => {
  const above = CORE_FLOORS.slice(at + 1);
  const aboveFolders = above.flatMap((higher) => higher.folders);
  return {
    files: floor.folders.map((folder) => `src/core/${folder}/**/*.ts`),
    rules: restrictImports({
      paths: [noRuntimeVscode],
      patterns: [
        noCoreIntoOuterLayers,
        noTest,
        {
          regex: `^(\\.\\./)+(${aboveFolders.join('|')})(/.*)?$`,
          message: `src/core/{${floor.folders.join(',')}} is the ${floor.name} floor and imports nothing from the floors above it (${above.map((higher) => higher.name).join(', ')}): move what both need down to the lowest floor its users share (see CORE_FLOORS in eslint.config.mjs), or pass it in.`,
        },
      ],
    }),
  };
});

const webviewRules = restrictImports({
  paths: [noRuntimeVscode],
  patterns: [
    {
      regex: `${relativeInto('(host|extension)')}(/.*)?$`,
      message:
        'src/webview runs in the browser and talks to the host only by messages: add a message to src/core/chat/webviewProtocol.ts instead of importing src/host or src/extension.ts.',
    },
    {
      regex: `${relativeInto('core')}(?!/chat/(webviewProtocol|chatTurns|turnUpdates|mentions/inputToken)$|/cost/answerCost$|/text/invisibleCharacters$|/text/visibleCommandLine$)(/.*)?$`,
      message:
        "src/webview may import only core's webview protocol (src/core/chat/webviewProtocol.ts) the turns it carries (src/core/chat/chatTurns.ts) and the turn updates both sides apply (src/core/chat/turnUpdates.ts) and how costs add up and read (src/core/cost/answerCost.ts) and which characters hide or reorder text (src/core/text/invisibleCharacters.ts) and how a command line shows them (src/core/text/visibleCommandLine.ts) and the word under the caret that completion reads (src/core/chat/mentions/inputToken.ts): put what the view needs into the protocol, or into src/webview if only the view needs it.",
    },
    noTest,
  ],
});

const reachCoreByIndex = {
  regex: `${relativeInto('core')}/(?!index$|eager$).+`,
  message:
    "src/host and src/extension.ts reach core only through its index: import from '../core' (or '../../core'), and export what you need from src/core/index.ts. The wiring loaded at start-up may also import core/eager (pure functions, no zod).",
};

// The host's layers, as core's floors: src/host/platform holds what several features use, src/host/features/<name>
// one feature each; src/host/lazy.ts, the loader of what is deferred, is the only other file. The platform imports no
// feature and no feature imports another (what two features share moves down to the platform, or is a port there that
// one feature implements and extension.ts hands to the other). Only a feature's register… files (the wiring loaded at
// start-up) may load the deferred parts, and only src/extension.ts imports a register… file.
const HOST_DIR = new URL('./src/host/', import.meta.url);
const hostFiles = readdirSync(HOST_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => file.split('\\').join('/'));
const loose = hostFiles.filter((file) => file !== 'lazy.ts' && !file.startsWith('platform/') && !/^features\/[^/]+\/./.test(file));
if (loose.length > 0) throw new Error(`src/host/${loose.join(', src/host/')} is on no layer: put what several features use in src/host/platform/, a feature's file in src/host/features/<feature>/.`);
const FEATURES = readdirSync(new URL('features/', HOST_DIR), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

const lazyOnlyInRegister = {
  regex: '^(\\.{1,2}/)+lazy$',
  allowTypeImports: true,
  message: "Only a feature's register… files load deferred parts: take what this file needs as an argument from its register… file, or import only its type.",
};

const registerOnlyInExtension = {
  regex: '(^|/)register[A-Z]\\w*$',
  message: 'Only src/extension.ts imports a register… file: each feature is wired there, once.',
};

const hostRules = restrictImports({ patterns: [reachCoreByIndex, noTest, lazyOnlyInRegister, registerOnlyInExtension] });
const hostRegisterRules = restrictImports({ patterns: [reachCoreByIndex, noTest, registerOnlyInExtension] });

const platformRules = restrictImports({
  patterns: [
    reachCoreByIndex,
    noTest,
    lazyOnlyInRegister,
    registerOnlyInExtension,
    { regex: '^(\\.\\./)+features(/.*)?$', message: 'src/host/platform imports no feature: move what both need into the platform, or declare a port there that the feature implements.' },
  ],
});

const featureBlocks = FEATURES.map((feature) => {
  const others = FEATURES.filter((other) => other !== feature);
  const noOtherFeature = {
    regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/.*)?$`,
    message: `src/host/features/${feature} imports no other feature: move what both need into src/host/platform, or declare a port there that one feature implements and extension.ts hands to the other.`,
  };
  return [
    { files: [`src/host/features/${feature}/**/*.ts`], rules: restrictImports({ patterns: [reachCoreByIndex, noTest, lazyOnlyInRegister, registerOnlyInExtension, noOtherFeature] }) },
    { files: [`src/host/features/${feature}/**/register*.ts`], rules: restrictImports({ patterns: [reachCoreByIndex, noTest, registerOnlyInExtension, noOtherFeature] }) },
  ];
}).flat();

const extensionRules = restrictImports({ patterns: [reachCoreByIndex, noTest] });

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  { files: ['src/**/*.ts'], rules: srcRules },
  { files: ['src/core/**/*.ts'], rules: coreRules },
  ...floorBlocks,
  { files: ['src/webview/**/*.ts'], rules: webviewRules },
  { files: ['src/host/**/*.ts'], rules: hostRules },
  { files: ['src/host/**/register*.ts'], rules: hostRegisterRules },
  { files: ['src/host/platform/**/*.ts'], rules: platformRules },
  ...featureBlocks,
  { files: ['src/extension.ts'], rules: extensionRules },
  {
    files: ['esbuild.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
