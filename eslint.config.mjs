// Lint rules that keep the architecture honest: src/core and src/webview never load `vscode` at run time.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noRuntimeVscode = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'vscode',
          message: 'src/core and src/webview stay vscode-free; only `import type` is allowed here.',
          allowTypeImports: true,
        },
      ],
    },
  ],
};

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
  { files: ['src/core/**/*.ts', 'src/webview/**/*.ts'], rules: noRuntimeVscode },
  {
    files: ['esbuild.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
