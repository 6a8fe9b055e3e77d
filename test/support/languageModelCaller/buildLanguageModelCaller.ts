// Packages the language model caller (extension.ts beside this file, and the tool it contributes) as a .vsix for
// code-server to install: a plain folder cannot be installed there, and a second extensionDevelopmentPath is not kept
// by the workbench's URL payload.
import esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FAILING_TOOL_NAME } from './failingTool';

export const LANGUAGE_MODEL_CALLER_ID = 'ask-model-test.language-model-caller';

/** Builds the caller into `dir` and returns its .vsix. */
export async function buildLanguageModelCaller(dir: string, repoRoot: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  await esbuild.build({ entryPoints: [path.join(__dirname, 'extension.ts')], outfile: path.join(dir, 'dist', 'extension.js'), bundle: true, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], logLevel: 'warning' });
  const manifest = {
    name: 'language-model-caller',
    publisher: 'ask-model-test',
    version: '0.0.1',
    license: 'MIT',
    engines: { vscode: '^1.139.0' },
    main: './dist/extension.js',
    activationEvents: ['onCommand:askModelTest.languageModelRoundTrip', `onLanguageModelTool:${FAILING_TOOL_NAME}`],
    contributes: {
      commands: [{ command: 'askModelTest.languageModelRoundTrip', title: 'Language model round trip (Ask Model tests)' }],
      languageModelTools: [
        {
          name: FAILING_TOOL_NAME,
          displayName: 'Failing tool (Ask Model tests)',
          modelDescription: 'A tool that always fails, for the tests.',
          tags: ['askModelTest'],
          inputSchema: { type: 'object', properties: { reason: { type: 'string', description: 'Why it should fail.' } } },
        },
      ],
    },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, 'README.md'), '# Language model caller\n\nUses Ask Model\'s models through VS Code\'s language model API, and contributes a tool that always fails, for the integration tests.\n');
  const vsix = path.join(dir, 'language-model-caller.vsix');
  execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: dir, stdio: 'pipe' });
  return vsix;
}
