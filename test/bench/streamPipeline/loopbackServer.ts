// Starts the transcript server (serverProcess.ts) in a child process and waits until it listens on 127.0.0.1.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { ServerReady } from './serverProcess';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, no path: each contender adds its own the way its users would configure it. */
  origin: string;
  /** What the server says it serves, to compare with the bench's own copy of the transcript. */
  sha256: string;
  bytes: number;
  writeSliceBytes: number;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

export function startLoopbackServer(): Promise<LoopbackServer> {
  // Only tsx is passed on: the bench's own flags (say --cpu-prof) are about the bench, not the server.
  const child = fork(join(__dirname, 'serverProcess.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the bench server did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      const ready = message as ServerReady;
      resolve({ origin: `http://127.0.0.1:${ready.port}`, sha256: ready.sha256, bytes: ready.bytes, writeSliceBytes: ready.writeSliceBytes, close });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
}
