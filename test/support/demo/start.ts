// `npm start`: try Ask Model in one command. Packages the extension, starts an OpenAI-compatible server (the real
// llama.cpp peer of ../shared/peer when it is there, else the reference server in demo mode, or the server named by
// ASK_MODEL_BASE_URL), starts VS Code for the Web with the .vsix installed and configured for that server on a sample
// workspace, and prints the URL. Ctrl+C stops everything. Each step prints its elapsed time, and a failed step names
// the command that repeats it alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cleanup } from '../host/cleanup';
import { SETUP_TEST_HOST_COMMAND, setUpTestHost } from '../host/setupTestHost';
import { readTestHost, testHostCacheDir } from '../host/testHost';
import { chooseDemoServer } from './chooseDemoServer';
import { demoUrl, prepareDemoWorkspace, SAMPLE_WORKSPACE, startDemoCodeServer } from './demoCodeServer';
import { SetupSteps } from './setupSteps';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const say = (line: string): void => console.log(`[ask-model] ${line}`);

async function main(cleanup: Cleanup): Promise<void> {
  const steps = new SetupSteps(4, say);

  await steps.run({
    title: 'set up VS Code for the Web (code-server, Node 24, Chromium; minutes the first time, cached after)',
    retry: SETUP_TEST_HOST_COMMAND,
    run: () => {
      if (!setUpTestHost()) throw new Error('the setup script failed (its last lines above say why)');
    },
  });

  const vsix = await steps.run({
    title: 'package the extension',
    retry: 'npm run package',
    run: () => {
      const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
      const file = path.join(repoRoot, `ask-model-${version}.vsix`);
      execFileSync(process.execPath, [require.resolve('@vscode/vsce/vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--out', file], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
      say(`packaged ${path.relative(repoRoot, file)} (${(fs.statSync(file).size / 1024).toFixed(1)} KB)`);
      return file;
    },
  });

  const server = await steps.run({
    title: 'start a model server',
    retry: 'ASK_MODEL_BASE_URL=http://your-server npm start (or npm start again)',
    run: () => chooseDemoServer({ cleanup, say }),
  });
  say(`model server: ${server.describe}`);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-demo-'));
  cleanup.add('remove the demo scratch folder', () => fs.rmSync(scratch, { recursive: true, force: true }));
  const workspace = path.join(path.dirname(testHostCacheDir()), 'demo-workspace');
  const copy = prepareDemoWorkspace(workspace);
  if (copy.updated.length > 0) say(`sample workspace: updated ${copy.updated.join(', ')} (unchanged since an earlier run)`);
  if (copy.keptEdited.length > 0) say(`sample workspace: kept your version of ${copy.keptEdited.join(', ')}; the project's is in ${SAMPLE_WORKSPACE}`);

  const port = Number(process.env['ASK_MODEL_PORT'] ?? 3210);
  const codeServer = await steps.run({
    title: `start VS Code for the Web on port ${port} with the extension installed`,
    retry: `npm start (after freeing port ${port}, or with ASK_MODEL_PORT set to another port)`,
    run: () => startDemoCodeServer({ host: readTestHost(), scratchDir: scratch, port, vsix, server }),
  });
  cleanup.add('stop VS Code for the Web', () => codeServer.stop());
  const url = demoUrl(codeServer, workspace);
  console.log('');
  say(`open ${url}`);
  say(`(the sample workspace is ${workspace}; your changes there are kept between runs)`);
  say('Ctrl+C stops the server and VS Code.');
  await new Promise(() => undefined); // Until Ctrl+C: the cleanup's signal handler exits.
}

const cleanup = new Cleanup(say);
cleanup.onSignals();
main(cleanup).catch(async (error: unknown) => {
  console.error(`[ask-model] ${error instanceof Error ? error.message : String(error)}`);
  await cleanup.run();
  process.exit(1);
});
