// Runs test/integration inside a real VS Code extension host, offline: code-server serves the workbench, headless
// chromium opens it with extensionDevelopmentPath/extensionTestsPath in the URL payload, the workbench runs the test
// index's run() and reports its exit code through window.codeAutomationExit. Exits with that code.
// Needs setup-test-host.sh first and a built extension (npm run build); builds only the test bundle. Environment:
//   ASK_MODEL_TEST_TIMEOUT  seconds for the whole run (default 900)
//   ASK_MODEL_TEST_VERBOSE  1 to echo the browser console, code-server's log and the clean-up steps
//   ASK_MODEL_TEST_GREP     run only the tests whose title matches (read by test/integration/index.ts)
//   anything else set here reaches the extension host (tests read e.g. a reference server's URL from process.env).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './browser';
import { buildIntegrationTests, repoRoot } from './buildIntegrationTests';
import { Cleanup } from './cleanup';
import { startCodeServer } from './codeServer';
import { checkExtensionBuilt } from './extensionBuild';
import { buildLanguageModelCaller } from '../languageModelCaller/buildLanguageModelCaller';
import { buildTicketServer } from '../mcpServer/buildTicketServer';
import { makeThrowawayCa } from '../network/throwawayCa';
import { followFile } from './followFile';
import { readTestHost } from './testHost';
import { runWorkbenchTests, testWorkbenchUrl } from './workbench';

const fixtureWorkspace = path.join(repoRoot, 'test', 'integration', 'fixtures', 'workspace');
const verbose = process.env.ASK_MODEL_TEST_VERBOSE === '1';

function say(message: string): void {
  process.stderr.write(`[integration] ${message}\n`);
}

// The tier takes about 2.5 min on a quiet machine and over 5 on a loaded one (the reliability matrix alone is 90
// asks); the limit is there to end a hung run, not to time a slow one.
const DEFAULT_TIMEOUT_SECONDS = 900;

function timeoutSeconds(): number {
  const raw = process.env.ASK_MODEL_TEST_TIMEOUT;
  const seconds = Number(raw ?? DEFAULT_TIMEOUT_SECONDS);
  if (Number.isFinite(seconds) && seconds > 0) return seconds;
  say(`ASK_MODEL_TEST_TIMEOUT=${raw} is not a number of seconds; using ${DEFAULT_TIMEOUT_SECONDS}`);
  return DEFAULT_TIMEOUT_SECONDS;
}

/** What the launcher can tell about a run that hangs; filled in as the pieces start. */
interface Diagnostics {
  describe?: () => string;
}

async function runOnce(cleanup: Cleanup, diagnostics: Diagnostics): Promise<number> {
  const host = readTestHost();
  const stale = checkExtensionBuilt(repoRoot);
  if (stale) say(`WARNING: ${stale}`);
  const { indexFile, testFiles } = await buildIntegrationTests();
  say(`built ${testFiles.length} test file(s); starting code-server ${host.codeServerVersion}`);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-it-'));
  cleanup.add('remove the scratch folder', () => fs.rmSync(scratch, { recursive: true, force: true }));
  const reportFile = path.join(scratch, 'mocha-report.txt');
  // Tests edit, create and link files: they get a copy of the fixture, never the repository's own files.
  const workspaceDir = path.join(scratch, 'workspace');
  fs.cpSync(fixtureWorkspace, workspaceDir, { recursive: true });
  // An MCP server the workspace configures (.vscode/mcp.json), as a user would: VS Code starts it and lists its tool.
  await buildTicketServer(path.join(scratch, 'ticket-mcp-server.js'), workspaceDir);

  // Two certificate authorities made for this run; the network tests serve HTTPS with a certificate of each. The
  // extension host trusts 'trusted' only as a user would make it trust a company's authority without touching the
  // machine's trust store: NODE_EXTRA_CA_CERTS in the environment VS Code starts with. Nothing trusts 'untrusted'.
  const tlsDir = path.join(scratch, 'tls');
  const trusted = makeThrowawayCa(tlsDir, 'trusted');
  makeThrowawayCa(tlsDir, 'untrusted');

  // A second extension that uses Ask Model's models through VS Code's language model API, as any extension would.
  const languageModelCaller = await buildLanguageModelCaller(path.join(scratch, 'language-model-caller'));

  const server = await startCodeServer({
    host,
    scratchDir: path.join(scratch, 'code-server'),
    installVsix: [languageModelCaller],
    env: {
      ASK_MODEL_TEST_REPORT: reportFile,
      ASK_MODEL_TEST_LAUNCHER: 'code-server',
      ASK_MODEL_TEST_WORKSPACE: workspaceDir,
      // Where code-server keeps settings and logs: the security tests scan it for a canary key.
      ASK_MODEL_TEST_USER_DATA: path.join(scratch, 'code-server', 'user-data'),
      ASK_MODEL_TEST_COLOR: process.stdout.isTTY ? '1' : '0',
      ASK_MODEL_TEST_TLS_DIR: tlsDir,
      NODE_EXTRA_CA_CERTS: trusted.caCertFile,
    },
  });
  cleanup.add('stop code-server', () => server.stop());
  if (verbose) cleanup.add('print the code-server log', () => say(`code-server log:\n${server.logTail(200)}`));
  diagnostics.describe = () => `Last code-server log lines:\n${server.logTail(20)}`;

  const browser = await launchChromium({ executablePath: host.chromium, userDataDir: path.join(scratch, 'chromium') });
  cleanup.add('close chromium', () => browser.close());
  const page = browser.pages()[0] ?? (await browser.newPage());

  const report = followFile(reportFile, (chunk) => process.stdout.write(chunk));
  cleanup.add('flush the test report', () => report.stop());
  say(`opening the workbench on ${server.origin} (a copy of ${path.relative(repoRoot, fixtureWorkspace)})`);
  const url = testWorkbenchUrl(server.origin, repoRoot, indexFile, workspaceDir);
  const run = await runWorkbenchTests(page, url, verbose ? say : undefined);
  diagnostics.describe = () =>
    `Last browser console lines:\n${run.consoleTail()}\nLast code-server log lines:\n${server.logTail(20)}`;
  try {
    return await run.exitCode;
  } finally {
    report.stop();
  }
}

/** Rejects after the global time-out, saying what the run was waiting for. */
function globalTimeout(seconds: number, diagnostics: Diagnostics): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new Error(
          `timed out after ${seconds} s: the extension tests did not finish (the workbench never called ` +
            `codeAutomationExit). Raise ASK_MODEL_TEST_TIMEOUT if the suite is just slow.\n` +
            (diagnostics.describe?.() ?? 'code-server had not started yet.'),
        ),
      );
    }, seconds * 1000);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

async function main(): Promise<void> {
  const started = Date.now();
  const cleanup = new Cleanup(verbose ? say : undefined);
  cleanup.onSignals();
  const diagnostics: Diagnostics = {};
  const timeout = globalTimeout(timeoutSeconds(), diagnostics);
  let code: number;
  try {
    code = await Promise.race([runOnce(cleanup, diagnostics), timeout.promise]);
  } catch (error) {
    if (!cleanup.started) say(`ERROR: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  } finally {
    timeout.clear();
  }
  await cleanup.run();
  say(`${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code);
}

if (require.main === module) void main();
