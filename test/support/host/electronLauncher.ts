// Runs the same integration suite in desktop VS Code through @vscode/test-electron, for machines with internet
// (developers' laptops, hosted CI). It downloads VS Code into .vscode-test/ on first use; on a machine that reaches
// only package registries that download fails (ENOTFOUND) and this launcher says so: use runIntegrationTests.ts.
// Environment: ASK_MODEL_VSCODE_VERSION (default 'stable'); on Linux without a display run it under xvfb-run.
import { downloadAndUnzipVSCode, runTests, TestRunFailedError } from '@vscode/test-electron';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIntegrationTests, repoRoot } from './buildIntegrationTests';
import { checkExtensionBuilt } from './extensionBuild';
import { buildTicketServer } from '../mcpServer/buildTicketServer';
import { buildLanguageModelCaller } from '../languageModelCaller/buildLanguageModelCaller';
import { followFile } from './followFile';

const version = process.env.ASK_MODEL_VSCODE_VERSION ?? 'stable';

function say(message: string): void {
  process.stderr.write(`[integration:electron] ${message}\n`);
}

async function downloadVSCode(): Promise<string | undefined> {
  try {
    return await downloadAndUnzipVSCode({ version, cachePath: path.join(repoRoot, '.vscode-test'), timeout: 30_000 });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(detail);
    say(
      offline
        ? `could not download VS Code ${version} (${detail}): this machine has no internet access. ` +
            'That is expected where only package registries are reachable; run the same suite in code-server with ' +
            '`node --import tsx test/support/host/runIntegrationTests.ts` instead.'
        : `could not download VS Code ${version}: ${detail}`,
    );
    return undefined;
  }
}

async function main(): Promise<number> {
  const stale = checkExtensionBuilt(repoRoot);
  if (stale) say(`WARNING: ${stale}`);
  const { indexFile } = await buildIntegrationTests();
  const vscodeExecutablePath = await downloadVSCode();
  if (!vscodeExecutablePath) return 1;
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    say('no DISPLAY: desktop VS Code needs one on Linux (run this under xvfb-run -a)');
  }

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-electron-'));
  const reportFile = path.join(scratch, 'mocha-report.txt');
  // Tests edit, create and link files: they get a copy of the fixture, never the repository's own files.
  const workspaceDir = path.join(scratch, 'workspace');
  fs.cpSync(path.join(repoRoot, 'test', 'integration', 'fixtures', 'workspace'), workspaceDir, { recursive: true });
  // The MCP server the workspace configures (.vscode/mcp.json), as in runIntegrationTests.ts.
  await buildTicketServer(path.join(scratch, 'ticket-mcp-server.js'), workspaceDir);
  // The second extension the language model tests call through (code-server installs its .vsix; desktop VS Code loads
  // its folder as a second extension under development).
  const languageModelCaller = path.join(scratch, 'language-model-caller');
  await buildLanguageModelCaller(languageModelCaller);
  const report = followFile(reportFile, (chunk) => process.stdout.write(chunk));
  try {
    return await runTests({
      vscodeExecutablePath,
      extensionDevelopmentPath: [repoRoot, languageModelCaller],
      extensionTestsPath: indexFile,
      extensionTestsEnv: {
        ASK_MODEL_TEST_REPORT: reportFile,
        ASK_MODEL_TEST_LAUNCHER: 'electron',
        ASK_MODEL_TEST_WORKSPACE: workspaceDir,
        ASK_MODEL_TEST_USER_DATA: path.join(scratch, 'user-data'),
        ASK_MODEL_TEST_COLOR: process.stdout.isTTY ? '1' : '0',
      },
      launchArgs: [
        workspaceDir,
        '--user-data-dir', path.join(scratch, 'user-data'),
        '--extensions-dir', path.join(scratch, 'extensions'),
        '--disable-extensions', // other extensions; the one under development still loads
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
    });
  } catch (error) {
    if (error instanceof TestRunFailedError) return error.code ?? 1;
    throw error;
  } finally {
    report.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    say(code === 0 ? 'passed' : `FAILED (exit ${code})`);
    process.exit(code);
  },
  (error: unknown) => {
    say(`ERROR: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
