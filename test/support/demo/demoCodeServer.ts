// VS Code for the Web as `npm start` runs it: code-server with the extension's .vsix installed (and the small one that
// opens its chat at start), user settings that point it at the chosen server, on the sample workspace. The window
// opens on the workspace's README and the chat. The demo's e2e tier starts it through these same functions.
import path from 'node:path';
import { startCodeServer, type RunningCodeServer } from '../host/codeServer';
import type { TestHost } from '../host/testHost';
import type { DemoServer } from './chooseDemoServer';
import { buildOpenChatAtStart } from './openChatAtStart/buildOpenChatAtStart';
import { syncSampleWorkspace, type SampleCopyReport } from './sampleWorkspaceCopy';

export const SAMPLE_WORKSPACE = path.join(__dirname, 'sample-workspace');

/** The user settings of the demo window, over code-server's quiet defaults. */
export function demoSettings(server: DemoServer): Record<string, unknown> {
  return {
    'askModel.baseUrl': server.baseUrl,
    'askModel.model': server.model,
    'workbench.startupEditor': 'readme',
    // VS Code opens the secondary side bar in a new workspace for its own chat, which the quiet defaults turn off
    // (`chat.disableAIFeatures`): left open, it is an empty pane beside the README that looks like an editor group.
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
  };
}

/** Copies the sample workspace to `dir`, or brings an earlier run's copy up to date without touching a person's changes. */
export function prepareDemoWorkspace(dir: string): SampleCopyReport {
  return syncSampleWorkspace(SAMPLE_WORKSPACE, dir);
}

export interface DemoCodeServerOptions {
  readonly host: TestHost;
  /** A fresh folder this run owns (code-server's user data, extensions and log). */
  readonly scratchDir: string;
  readonly port: number;
  /** The extension's .vsix. */
  readonly vsix: string;
  readonly server: DemoServer;
}

export async function startDemoCodeServer(options: DemoCodeServerOptions): Promise<RunningCodeServer> {
  const openChatAtStart = await buildOpenChatAtStart(path.join(options.scratchDir, 'open-chat-at-start'));
  return startCodeServer({
    host: options.host,
    scratchDir: options.scratchDir,
    port: options.port,
    installVsix: [options.vsix, openChatAtStart],
    settings: demoSettings(options.server),
    // The smoke-test driver keeps notification toasts from showing, and Edit Selection's Accept is in one.
    smokeTestDriver: false,
  });
}

/** The address that opens the demo window on `workspace`. */
export function demoUrl(codeServer: RunningCodeServer, workspace: string): string {
  return `${codeServer.origin}/?folder=${encodeURIComponent(workspace)}`;
}
