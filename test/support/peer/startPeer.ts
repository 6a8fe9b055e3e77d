// Finds a real OpenAI-compatible server for the peer tier: one the user names (ASK_MODEL_PEER_URL, with
// ASK_MODEL_PEER_KEY and ASK_MODEL_PEER_MODEL), else the llama.cpp server of ../shared/peer started on a free
// loopback port. With CI=true a missing peer is a failure, never a silent skip.
//
// The shared script runs two slots of 2,048 tokens (`-c 4096 -np 2`). The tiny model's vocabulary is about one token
// per character, so a request carrying our seven tool definitions (~4,600 tokens there) does not fit one slot.
// `contextTokens` starts the same cached server binary and model with the script's flags but one bigger slot.
//
// `model: 'fim'` starts the same server binary with this folder's gen-fim-model.mjs instead: a model with
// Qwen2.5-Coder's FIM tokens whose every fill-in-the-middle answer is FIM_TEST_MIDDLE (/infill, /completion and
// /v1/completions; see test/fixtures/peer-fim for what it sends).
import { createHash } from 'node:crypto';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { npmFreeEnvironment } from '../host/npmFreeEnvironment';

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
/** The tiny model's own context length (`llama.context_length` in gen-tiny-model.mjs): the most one slot can hold. */
export const TINY_MODEL_CONTEXT_TOKENS = 8192;
/** start-llama-peer.sh's flags after the model, alias, host and port, less `-c 4096 -np 2` (keep in step with it). */
const SHARED_SCRIPT_FLAGS = ['--jinja', '-t', '1', '-tb', '1', '--temp', '0', '-n', '256', '--no-webui'];

/** What the FIM model answers after `<|fim_middle|>`, whatever the prefix, suffix and extra files (its weights' chain). */
export const FIM_TEST_MIDDLE = 'return a + b;';
/**
 * The FIM server's flags. One slot, as an editor's completions use one at a time; greedy; a small default `-n` for a
 * request that names no limit. `-c 4096` with the default batch of 2,048 because /infill gives extra files
 * (input_extra) only `n_ctx - n_batch - 2 * n_predict` tokens: a slot no bigger than a batch drops them all.
 */
const FIM_FLAGS = ['-t', '1', '-tb', '1', '--temp', '0', '-n', '64', '--no-webui', '-np', '1'];
const FIM_CONTEXT_TOKENS = 4096;

/** A model the server can be started with, and the program that writes it into the cache when it is missing. */
interface PeerModel {
  alias: string;
  generator: string;
  file: string;
}

const TINY_MODEL: PeerModel = { alias: 'tiny-test-model', generator: join(SHARED_PEER_DIR, 'gen-tiny-model.mjs'), file: 'tiny-test-model.gguf' };

/** The FIM model's file is named by its generator's hash, so that a changed generator never meets a stale cached model. */
function fimModel(): PeerModel {
  const generator = join(__dirname, 'gen-fim-model.mjs');
  const hash = createHash('sha256').update(readFileSync(generator)).digest('hex').slice(0, 12);
  return { alias: 'fim-test-model', generator, file: `fim-test-model-${hash}.gguf` };
}

export interface StartPeerOptions {
  /**
   * One slot of this many tokens (`-c N -np 1`) instead of the shared script's two of 2,048, at most
   * TINY_MODEL_CONTEXT_TOKENS. The server is set up by the kit's own setup-llama-server.sh and gen-tiny-model.mjs
   * (same cache) and started here. No effect on a server named by ASK_MODEL_PEER_URL: its context is its own.
   */
  contextTokens?: number;
  /**
   * 'fim': the FIM test model (gen-fim-model.mjs, generated into the same cache) with FIM_FLAGS, one slot of
   * `contextTokens` or 4,096 tokens. Always the kit's llama.cpp server, never ASK_MODEL_PEER_URL: FIM tests assert
   * this model's fixed middle and llama.cpp's own /infill, which another server need not have.
   */
  model?: 'chat' | 'fim';
}

export async function startPeer(options: StartPeerOptions = {}): Promise<Peer | { unavailable: string }> {
  const fim = options.model === 'fim';
  const url = process.env['ASK_MODEL_PEER_URL'];
  if (url && !fim) {
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
    if (fim) return { unavailable: `no FIM peer: ${script} does not exist (the FIM tests need the kit's llama.cpp server; ASK_MODEL_PEER_URL is not used for them).` };
    return { unavailable: `no peer: ${script} does not exist and ASK_MODEL_PEER_URL is not set. Set ASK_MODEL_PEER_URL (and ASK_MODEL_PEER_KEY, ASK_MODEL_PEER_MODEL) to run this tier against your own server.` };
  }
  const port = await freePort();
  const cache = join(process.env['ASK_MODEL_CACHE'] ?? join(homedir(), '.cache', 'ask-model'), 'llama-peer');
  mkdirSync(cache, { recursive: true });
  const logFile = join(tmpdir(), `ask-model-llama-peer-${port}.log`);
  const log = openSync(logFile, 'w');
  const model = fim ? fimModel() : TINY_MODEL;
  const slotTokens = options.contextTokens ?? (fim ? FIM_CONTEXT_TOKENS : undefined);
  const flags = fim ? FIM_FLAGS : [...SHARED_SCRIPT_FLAGS, '-np', '1'];
  const child =
    slotTokens === undefined
      ? spawn('sh', [script, String(port), cache], { detached: true, stdio: ['ignore', log, log], env: npmFreeEnvironment(process.env) })
      : await spawnServer(model, [...flags, '-c', String(checkedContext(slotTokens))], port, cache, log);
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
    model: model.alias,
    deterministic: true,
    describe: `llama.cpp llama-server with the ${fim ? 'FIM' : 'tiny'} test model on ${baseUrl}${slotTokens === undefined ? '' : ` (one slot of ${slotTokens} tokens)`} (log: ${logFile})`,
    stop: async () => {
      killGroup(child);
      await new Promise((done) => (child.exitCode !== null ? done(undefined) : child.once('exit', done)));
    },
  };
}

/** Both models' own context length (`llama.context_length` in their generators) bounds one slot. */
function checkedContext(contextTokens: number): number {
  if (!Number.isInteger(contextTokens) || contextTokens < 1 || contextTokens > TINY_MODEL_CONTEXT_TOKENS) {
    throw new Error(`contextTokens must be a whole number from 1 to ${TINY_MODEL_CONTEXT_TOKENS} (the test models' own context), not ${contextTokens}`);
  }
  return contextTokens;
}

/** What start-llama-peer.sh does, with a model and flags of our choosing: the kit's setup, the model if missing, the server. */
async function spawnServer(model: PeerModel, flags: string[], port: number, cache: string, log: number): Promise<ChildProcess> {
  const run = promisify(execFile);
  const env = npmFreeEnvironment(process.env);
  const file = join(cache, model.file);
  try {
    await run('sh', [join(SHARED_PEER_DIR, 'setup-llama-server.sh'), cache], { env });
    if (!existsSync(file)) {
      // Written aside and renamed, so that a test run starting at the same moment never loads half a file.
      const partial = `${file}.${process.pid}.partial`;
      try {
        await run(process.execPath, [model.generator, partial], { env });
        renameSync(partial, file);
      } finally {
        rmSync(partial, { force: true });
      }
    }
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`could not set up the llama.cpp peer in ${cache}: ${stderr || String(error)}`, { cause: error });
  }
  const args = ['-m', file, '--alias', model.alias, '--host', '127.0.0.1', '--port', String(port)];
  return spawn(join(cache, 'llama-server'), [...args, ...flags], { detached: true, stdio: ['ignore', log, log] });
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

export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

export function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}

export function freePort(): Promise<number> {
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

/**
 * The peer for a mocha suite; none skips the suite, except with CI=true, where the peer tier must run (a missing
 * peer there is a broken setup, not a reason to pass).
 */
export async function startPeerOrSkip(suite: Mocha.Context, options?: StartPeerOptions): Promise<Peer> {
  const started = await startPeer(options);
  if ('unavailable' in started) {
    if (process.env['CI'] === 'true') throw new Error(`CI=true requires the peer tier to run, but ${started.unavailable}`);
    console.warn(`\n  SKIPPED: ${started.unavailable}\n`);
    suite.skip();
  }
  console.log(`    peer: ${started.describe}`);
  return started;
}
