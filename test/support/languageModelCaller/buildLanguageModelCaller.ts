// Packages the language model caller (extension.ts beside this file, and the tool it contributes) as a .vsix for
// code-server to install: a plain folder cannot be installed there, and a second extensionDevelopmentPath is not kept
// by the workbench's URL payload.
import path from 'node:path';
import { packageTestExtension } from '../host/packageTestExtension';
import { FAILING_TOOL_NAME } from './failingTool';

export const LANGUAGE_MODEL_CALLER_ID = 'ask-model-test.language-model-caller';

/** Builds the caller into `dir` and returns its .vsix. */
export function buildLanguageModelCaller(dir: string): Promise<string> {
  return packageTestExtension(dir, {
    entry: path.join(__dirname, 'extension.ts'),
    manifest: {
      name: 'language-model-caller',
      publisher: 'ask-model-test',
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
    },
    readme: "# Language model caller\n\nUses Ask Model's models through VS Code's language model API, and contributes a tool that always fails, for the integration tests.\n",
  });
}
