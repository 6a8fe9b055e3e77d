// The demo's second extension, ask-model-demo.open-chat-at-start (extension.ts beside this file), which opens Ask
// Model's chat once the window has started, packaged for the demo's code-server.
import path from 'node:path';
import { packageTestExtension } from '../../host/packageTestExtension';

/** Builds the extension into `dir` and returns its .vsix. */
export function buildOpenChatAtStart(dir: string): Promise<string> {
  return packageTestExtension(dir, {
    entry: path.join(__dirname, 'extension.ts'),
    manifest: { name: 'open-chat-at-start', displayName: 'Ask Model demo: open the chat at start', publisher: 'ask-model-demo', activationEvents: ['onStartupFinished'] },
    readme: "# Ask Model demo: open the chat at start\n\nOpens Ask Model's chat when the `npm start` demo window starts.\n",
  });
}
