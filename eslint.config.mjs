// Lint rules that keep the architecture honest: the layer boundaries (README, "How it is built") and no `vscode` at
// run time in src/core and src/webview.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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

const coreRules = restrictImports({
  paths: [noRuntimeVscode],
  patterns: [
    {
      regex: `${relativeInto('(host|webview|extension)')}(/.*)?$`,
      message:
        'src/core imports nothing of src/host, src/webview or src/extension.ts: move the pure code into core, or declare a port (an interface) in core that the host implements and passes in.',
    },
    noTest,
  ],
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
      regex: `${relativeInto('core')}(?!/chat/(webviewProtocol|chatTurns|turnUpdates|mentions/inputToken)$|/cost/answerCost$|/text/invisibleCharacters$)(/.*)?$`,
      message:
        "src/webview may import only core's webview protocol (src/core/chat/webviewProtocol.ts) the turns it carries (src/core/chat/chatTurns.ts) and the turn updates both sides apply (src/core/chat/turnUpdates.ts) and how costs add up and read (src/core/cost/answerCost.ts) and which characters hide or reorder text (src/core/text/invisibleCharacters.ts) and the word under the caret that completion reads (src/core/chat/mentions/inputToken.ts): put what the view needs into the protocol, or into src/webview if only the view needs it.",
    },
    noTest,
  ],
});

const hostRules = restrictImports({
  patterns: [
    {
      regex: `${relativeInto('core')}/(?!index$).+`,
      message:
        "src/host and src/extension.ts reach core only through its index: import from '../core' (or '../../core'), and export what you need from src/core/index.ts.",
    },
    noTest,
  ],
});

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
  { files: ['src/webview/**/*.ts'], rules: webviewRules },
  { files: ['src/host/**/*.ts', 'src/extension.ts'], rules: hostRules },
  {
    files: ['esbuild.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
