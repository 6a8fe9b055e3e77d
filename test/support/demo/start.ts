// `npm start`: try Ask Model in one command. Packages the extension, starts an OpenAI-compatible server (the real
// llama.cpp peer of ../shared/peer when it is there, else the reference server in demo mode, or the server named by
// ASK_MODEL_BASE_URL), starts VS Code for the Web with the .vsix installed and configured for that server on a sample
// workspace, and prints the URL. Ctrl+C stops everything.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cleanup } from '../host/cleanup';
import { startCodeServer } from '../host/codeServer';
import { readTestHost, testHostCacheDir } from '../host/testHost';
import { startPeer, TINY_MODEL_CONTEXT_TOKENS } from '../peer/startPeer';
import { startReferenceServer } from '../referenceServer';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const say = (line: string): void => console.log(`[ask-model] ${line}`);

async function main(): Promise<void> {
  const cleanup = new Cleanup(say);
  cleanup.onSignals();
  const setup = spawnSync('bash', [path.join(repoRoot, 'test/support/host/setup-test-host.sh')], { stdio: 'inherit' });
  if (setup.status !== 0) throw new Error('could not set up VS Code for the Web (see above)');

  say('packaging the extension…');
  const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const vsix = path.join(repoRoot, `ask-model-${version}.vsix`);
  execFileSync(process.execPath, [require.resolve('@vscode/vsce/vsce'), 'package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  say(`packaged ${path.relative(repoRoot, vsix)} (${(fs.statSync(vsix).size / 1024).toFixed(1)} KB)`);

  const server = await chooseServer(cleanup);
  say(`model server: ${server.describe}`);

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-demo-'));
  cleanup.add('remove the demo scratch folder', () => fs.rmSync(scratch, { recursive: true, force: true }));
  const workspace = path.join(path.dirname(testHostCacheDir()), 'demo-workspace');
  if (!fs.existsSync(workspace)) fs.cpSync(path.join(__dirname, 'sample-workspace'), workspace, { recursive: true });

  const port = Number(process.env['ASK_MODEL_PORT'] ?? 3210);
  const codeServer = await startCodeServer({
    host: readTestHost(),
    scratchDir: scratch,
    port,
    installVsix: [vsix],
    settings: {
      'askModel.baseUrl': server.baseUrl,
      'askModel.model': server.model,
      'workbench.startupEditor': 'readme',
    },
  });
  cleanup.add('stop VS Code for the Web', () => codeServer.stop());
  const url = `${codeServer.origin}/?folder=${encodeURIComponent(workspace)}`;
  console.log('');
  say(`open ${url}`);
  say(`(the sample workspace is ${workspace}; your changes there are kept between runs)`);
  say('Ctrl+C stops the server and VS Code.');
  await new Promise(() => undefined); // Until Ctrl+C: the cleanup's signal handler exits.
}

interface DemoServer {
  baseUrl: string;
  model: string;
  describe: string;
}

async function chooseServer(cleanup: Cleanup): Promise<DemoServer> {
  const own = process.env['ASK_MODEL_BASE_URL'];
  if (own) {
    return { baseUrl: own, model: process.env['ASK_MODEL_MODEL'] ?? '', describe: `${own} (from ASK_MODEL_BASE_URL; set its key with "Ask Model: Set API Key")` };
  }
  // One slot with the tiny model's whole context: the workspace tools' definitions alone are ~4,600 of its tokens.
  const peer = await startPeer({ contextTokens: TINY_MODEL_CONTEXT_TOKENS }).catch((error: unknown) => ({ unavailable: String(error) }));
  if (!('unavailable' in peer)) {
    cleanup.add('stop the llama.cpp server', () => peer.stop());
    return { baseUrl: peer.baseUrl, model: peer.model, describe: peer.describe };
  }
  say(`no llama.cpp peer (${peer.unavailable}); using the reference server in demo mode`);
  const reference = await startReferenceServer({ demo: true, model: 'demo-model' });
  cleanup.add('stop the reference server', () => reference.close());
  return { baseUrl: reference.url, model: 'demo-model', describe: `the reference server in demo mode on ${reference.url}` };
}

main().catch((error: unknown) => {
  console.error(`[ask-model] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
