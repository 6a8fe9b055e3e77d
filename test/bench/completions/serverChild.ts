// Starts the completions suite's reference server (serverProcess.ts) in a child process on 127.0.0.1 and talks to it
// over IPC: reset its records, read them (times absolute, as `absoluteNow()` gives them here), and estimate how far
// the two processes' absolute clocks disagree (both are performance.timeOrigin + performance.now(); the estimate is
// the child's reading minus the midpoint of the round trip, the best of a few).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ChildCompletion, ChildMessage, ParentMessage, ServerProcessOptions } from './serverProcess';

export type { ChildCompletion } from './serverProcess';

const START_TIMEOUT_MS = 30_000;
const REPLY_TIMEOUT_MS = 10_000;

/** Now as an absolute time, the clock the child reports in. */
export function absoluteNow(): number {
  return performance.timeOrigin + performance.now();
}

export interface ServerChild {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  reset(): Promise<void>;
  records(): Promise<{ records: ChildCompletion[]; loopDelayMs: { p99: number; max: number } }>;
  /** The child's clock minus ours, in ms, and the round trip it was measured within. */
  clockOffset(): Promise<{ offsetMs: number; roundTripMs: number }>;
  close(): Promise<void>;
}

export async function startServerChild(options: ServerProcessOptions): Promise<ServerChild> {
  // Only tsx is passed on: the bench's own flags (say --cpu-prof) are about the bench, not the server.
  const child = fork(join(__dirname, 'serverProcess.ts'), [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await ready(child);
  let nextId = 0;
  const ask = <K extends ParentMessage['kind']>(kind: K): Promise<Extract<ChildMessage, { kind: K; id: number }>> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`the completions bench server did not answer ${kind} within ${REPLY_TIMEOUT_MS / 1000} s`));
      }, REPLY_TIMEOUT_MS);
      const onMessage = (raw: unknown): void => {
        const message = raw as ChildMessage;
        if (!('id' in message) || message.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message as Extract<ChildMessage, { kind: K; id: number }>);
      };
      child.on('message', onMessage);
      child.send({ id, kind } satisfies ParentMessage);
    });
  return {
    url,
    reset: async () => void (await ask('reset')),
    records: async () => {
      const { records, loopDelayMs } = await ask('records');
      return { records, loopDelayMs };
    },
    async clockOffset() {
      let best = { offsetMs: 0, roundTripMs: Number.POSITIVE_INFINITY };
      for (let probe = 0; probe < 9; probe++) {
        const sentAt = absoluteNow();
        const { now } = await ask('now');
        const backAt = absoluteNow();
        if (backAt - sentAt < best.roundTripMs) best = { offsetMs: now - (sentAt + backAt) / 2, roundTripMs: backAt - sentAt };
      }
      return best;
    },
    async close() {
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function ready(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the completions bench server did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onExit = (code: number | null, signal: string | null): void => {
      clearTimeout(timer);
      reject(new Error(`the completions bench server exited before it was ready (code ${code}, signal ${signal})`));
    };
    child.once('exit', onExit);
    child.once('message', (message) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      const first = message as ChildMessage;
      if (first.kind === 'ready') resolve(first.url);
      else reject(new Error(`the completions bench server said ${JSON.stringify(first)} before it was ready`));
    });
  });
}
