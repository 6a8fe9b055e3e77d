// Portkey's open AI gateway (npm @portkey-ai/gateway, pinned in ./gateway) between our client and the peer: users put
// such a gateway between the editor and their models, and it changes what travels both ways (it forwards only the
// request fields it knows, wraps the upstream's errors in its own shape, and answers for an upstream it cannot reach).
// setup-gateway.sh installs it once into the cache outside the repo; this starts it on a free loopback port in front
// of a started peer. The gateway is routed by two headers, which is what a user's profile `headers` setting carries:
// `x-portkey-provider: openai` (speak OpenAI's protocol upstream) and `x-portkey-custom-host: <the server's /v1>`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { resolveServiceUrls } from '../../../src/core/http/resolveUrls';
import { npmFreeEnvironment } from '../host/npmFreeEnvironment';
import { freePort, killGroup, startPeerOrSkip, tail, type Peer, type StartPeerOptions } from './startPeer';

export const SETUP_GATEWAY_SCRIPT = join(__dirname, 'setup-gateway.sh');
const LOOPBACK_PRELOAD = join(__dirname, 'gatewayLoopback.mjs');
const READY_TIMEOUT_MS = 60_000;

export interface Gateway {
  /** The gateway's own address: what a user's askModel.baseUrl would be. */
  baseUrl: string;
  /** The routing headers a profile's `headers` setting carries to reach `upstream` through it. */
  headers: Record<string, string>;
  /** The address the gateway forwards to (the peer's /v1). */
  upstreamUrl: string;
  describe: string;
  stop(): Promise<void>;
}

/** Installs the gateway if the cache lacks it (a no-op after the first time); its entry script, or why not. */
export async function setUpGateway(): Promise<{ entry: string } | { unavailable: string }> {
  try {
    // Never the calling npm's environment: an `npm ci` that inherits `npm run`'s prefix and config installs elsewhere.
    const { stdout } = await promisify(execFile)('bash', [SETUP_GATEWAY_SCRIPT], { env: npmFreeEnvironment(process.env), maxBuffer: 16 * 1024 * 1024 });
    const entry = stdout.trim().split('\n').at(-1) ?? '';
    return entry === '' ? { unavailable: 'setup-gateway.sh printed no entry script' } : { entry };
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    return { unavailable: `Portkey's gateway could not be installed (${SETUP_GATEWAY_SCRIPT}): ${(stderr || String(error)).trim().split('\n').slice(-8).join('\n')}` };
  }
}

/** The routing headers for an upstream OpenAI-compatible server at `baseUrl` (any spelling askModel.baseUrl takes). */
export function gatewayHeadersFor(upstreamBaseUrl: string): Record<string, string> {
  const chat = resolveServiceUrls(upstreamBaseUrl).chatCompletions;
  return { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': chat.slice(0, -'/chat/completions'.length) };
}

export async function startGateway(upstream: Peer): Promise<Gateway | { unavailable: string }> {
  const setup = await setUpGateway();
  if ('unavailable' in setup) return setup;
  const port = await freePort();
  const logFile = join(tmpdir(), `ask-model-gateway-${port}.log`);
  const log = openSync(logFile, 'w');
  // --headless: no web UI and no log-streaming routes; only the API a client uses.
  const child = spawn(process.execPath, ['--import', LOOPBACK_PRELOAD, setup.entry, `--port=${port}`, '--headless'], {
    detached: true,
    stdio: ['ignore', log, log],
    env: npmFreeEnvironment(process.env),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForGateway(baseUrl, child, logFile);
  } catch (error) {
    killGroup(child);
    throw error;
  }
  const headers = gatewayHeadersFor(upstream.baseUrl);
  const upstreamUrl = headers['x-portkey-custom-host'] ?? '';
  return {
    baseUrl,
    headers,
    upstreamUrl,
    describe: `Portkey's gateway 1.15.2 on ${baseUrl} in front of ${upstreamUrl} (log: ${logFile})`,
    stop: async () => {
      killGroup(child);
      await new Promise((done) => (child.exitCode !== null ? done(undefined) : child.once('exit', done)));
    },
  };
}

/** The gateway answers `GET /` with a greeting once it listens. */
async function waitForGateway(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Portkey's gateway exited with code ${child.exitCode} before it was ready:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`Portkey's gateway did not answer ${baseUrl}/ within ${READY_TIMEOUT_MS / 1000} s:\n${tail(logFile)}`);
}

/**
 * The peer and the gateway in front of it, for one mocha suite. Either missing skips the suite, except with CI=true,
 * where the gateway tier must run: a gateway that cannot be installed there is a broken setup, not a reason to pass.
 */
export async function startGatewayOrSkip(suite: Mocha.Context, options?: StartPeerOptions): Promise<{ peer: Peer; gateway: Gateway; stop: () => Promise<void> }> {
  const peer = await startPeerOrSkip(suite, options);
  let started: Gateway | { unavailable: string };
  try {
    started = await startGateway(peer);
  } catch (error) {
    await peer.stop();
    throw error;
  }
  if ('unavailable' in started) {
    await peer.stop();
    if (process.env['CI'] === 'true') throw new Error(`CI=true requires the gateway tier to run, but ${started.unavailable}`);
    console.warn(`\n  SKIPPED: ${started.unavailable}\n`);
    suite.skip();
  }
  console.log(`    gateway: ${started.describe}`);
  const gateway = started;
  return {
    peer,
    gateway,
    stop: async () => {
      await gateway.stop();
      await peer.stop();
    },
  };
}
