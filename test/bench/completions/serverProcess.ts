// The completions suite's reference server, run as a child process of the bench (as streamPipeline/serverProcess.ts
// runs its server): with a process, and on this 2-core machine a core, of its own, the moment it sees a socket close
// no longer waits behind the client's work on one shared event loop, and the client's CPU time is the client's alone.
// It answers the parent over IPC: `reset`, `records` (each completion request's prompt, when it arrived, when its
// connection closed and whether the answer was unfinished then, and the server's event-loop delay since the reset) and `now`, all times absolute
// (performance.timeOrigin + performance.now()) so that they compare with the parent's clock.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startReferenceServer } from '../../support/referenceServer';

export interface ServerProcessOptions {
  /** The server's wait before it answers each completion request. */
  delayMs: number;
}

/** A completion request as the child saw it, times absolute (ms since the epoch, sub-millisecond). */
export interface ChildCompletion {
  prompt: string;
  receivedAt: number;
  closedAt?: number;
  abandoned: boolean;
}

export type ParentMessage = { id: number; kind: 'reset' | 'records' | 'now' };
export type ChildMessage =
  | { kind: 'ready'; url: string }
  | { id: number; kind: 'reset' }
  | { id: number; kind: 'records'; records: ChildCompletion[]; loopDelayMs: { p99: number; max: number } }
  | { id: number; kind: 'now'; now: number };

const absolute = (relative: number): number => performance.timeOrigin + relative;

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as ServerProcessOptions;
  const server = await startReferenceServer({ completions: { routes: ['infill'], ...(options.delayMs > 0 ? { delayMs: options.delayMs } : {}) } });
  const send = (message: ChildMessage): void => void process.send?.(message);
  // The server's own event-loop delay since the last reset: a stalled server sees a close late whatever the client did.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('message', (raw) => {
    const message = raw as ParentMessage;
    if (message.kind === 'now') send({ id: message.id, kind: 'now', now: absolute(performance.now()) });
    else if (message.kind === 'reset') {
      server.reset();
      loop.reset();
      send({ id: message.id, kind: 'reset' });
    } else {
      const records = server.completionRequests.map((record): ChildCompletion => ({
        prompt: record.prompt,
        receivedAt: absolute(record.receivedAt),
        ...(record.closedAt === undefined ? {} : { closedAt: absolute(record.closedAt) }),
        abandoned: record.abandoned,
      }));
      const loopDelayMs = { p99: Math.round(loop.percentile(99) / 1e5) / 10, max: Math.round(loop.max / 1e5) / 10 };
      send({ id: message.id, kind: 'records', records, loopDelayMs });
    }
  });
  // The bench disconnects when it is done (or dies): never outlive it.
  process.on('disconnect', () => void server.close());
  send({ kind: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`completions bench server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
