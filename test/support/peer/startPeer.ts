// Finds a real OpenAI-compatible server for the peer tier: one the user names (ASK_MODEL_PEER_URL, with
// ASK_MODEL_PEER_KEY and ASK_MODEL_PEER_MODEL), else the llama.cpp server of ../shared/peer started on a free
// loopback port. With CI=true a missing peer is a failure, never a silent skip.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface Peer {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** True for the tiny deterministic model of ../shared/peer, whose exact answers tests may assert. */
  deterministic: boolean;
  describe: string;
  stop(): Promise<void>;
}

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const SHARED_PEER_DIR = resolve(REPO_ROOT, '..', 'shared', 'peer');
const READY_TIMEOUT_MS = 180_000;

export async function startPeer(): Promise<Peer | { unavailable: string }> {
  const url = process.env['ASK_MODEL_PEER_URL'];
  if (url) {
    return {
      baseUrl: url,
      apiKey: process.env['ASK_MODEL_PEER_KEY'] || undefined,
      model: process.env['ASK_MODEL_PEER_MODEL'] || 'gpt-4o-mini',
      deterministic: false,
      describe: `the server at ASK_MODEL_PEER_URL (${url})`,
      stop: async () => undefined,
    };
  }
  const script = join(SHARED_PEER_DIR, 'start-llama-peer.sh');
  if (!existsSync(script)) {
    return { unavailable: `no peer: ${script} does not exist and ASK_MODEL_PEER_URL is not set. Set ASK_MODEL_PEER_URL (and ASK_MODEL_PEER_KEY, ASK_MODEL_PEER_MODEL) to run this tier against your own server.` };
  }
  const port = await freePort();
  const cache = join(process.env['ASK_MODEL_CACHE'] ?? join(homedir(), '.cache', 'ask-model'), 'llama-peer');
  mkdirSync(cache, { recursive: true });
  const logFile = join(tmpdir(), `ask-model-llama-peer-${port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn('sh', [script, String(port), cache], { detached: true, stdio: ['ignore', log, log] });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (error) {
    killGroup(child);
    throw error;
  }
  return {
    baseUrl,
    apiKey: undefined,
    model: 'tiny-test-model',
    deterministic: true,
    describe: `llama.cpp llama-server with the tiny test model on ${baseUrl} (log: ${logFile})`,
    stop: async () => {
      killGroup(child);
      await new Promise((done) => (child.exitCode !== null ? done(undefined) : child.once('exit', done)));
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the llama.cpp peer exited with code ${child.exitCode} before it was ready:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the llama.cpp peer did not answer ${baseUrl}/health within ${READY_TIMEOUT_MS / 1000} s:\n${tail(logFile)}`);
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}
