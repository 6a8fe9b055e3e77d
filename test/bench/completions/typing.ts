// Rows 3 and 4: typing against the reference server with a realistic answer delay, on a real clock. Each keystroke
// calls engine.suggest with the new prefix, as VS Code calls the provider; the previous call is superseded by the
// engine's scheduler alone (no cancellation token is passed, so nothing outside the engine helps it). The client sends
// with nodeHttpFetch, the fetch the extension gives the CompletionClient in VS Code, and the server runs in a child
// process (serverChild.ts), so its view of a socket close does not wait behind the client's work. What the scheduler
// counted, and for every request the client aborted while the server was still answering, how long after the abort
// the server saw its socket close (the child's closedAt against the abort noted by RecordingSender, both absolute).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeHttpFetch } from '../../../src/host/platform/clients/nodeHttpFetch';
import { round } from '../stats';
import { newClient, newEngine, RecordingSender, suggestRequest, type SentRequest } from './engineHarness';
import type { ChildCompletion, ServerChild } from './serverChild';

/** 8 keys a second. */
export const KEY_INTERVAL_MS = 125;
/** The server's wait before it answers: long enough that a request is still out when the next key comes. */
export const ANSWER_DELAY_MS = 150;
/** The server must see the socket close this soon after the abort for it to count as a clean cancel. */
export const CLOSE_WITHIN_MS = 10;
/** How long after the last key the server's close events are given to arrive before they are read. */
const SETTLE_MS = 100;

export interface TypingRun {
  debounceMs: number;
  keys: number;
  started: number;
  completed: number;
  aborted: number;
  skipped: number;
  maxInFlight: number;
  /** Aborted by the scheduler while the server had not finished answering. */
  abortedWhileAnswering: number;
  closedWithin: number;
  /** Aborted, and the server had already sent its whole answer (the abort came too late to matter). */
  abortedAfterAnswer: number;
  /** Aborted before the server recorded the request at all. */
  abortedBeforeArrival: number;
  closeLagMs: { median: number; max: number } | undefined;
  /** Keystrokes that came later than planned by more than 10 ms (the clock this measures with was late). */
  lateKeys: number;
  /** The client's event-loop delay over the run (the server has its own process): p99 and max. */
  loopDelayMs: { p99: number; max: number };
  /** The server process's event-loop delay over the run: a stalled server sees a close late whatever the client did. */
  serverLoopDelayMs: { p99: number; max: number };
  /** The server process's clock minus ours, and the IPC round trip that bounds the estimate, measured after the run. */
  clock: { offsetMs: number; roundTripMs: number };
}

/** Types one key per prefix, KEY_INTERVAL_MS apart, and waits for every call to settle. */
async function typeKeys(suggest: (prefix: string) => Promise<unknown>, prefixes: readonly string[]): Promise<number> {
  const started = performance.now();
  const calls: Promise<unknown>[] = [];
  let late = 0;
  for (let key = 0; key < prefixes.length; key++) {
    const due = started + key * KEY_INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() - due > 10) late++;
    calls.push(suggest(prefixes[key]!));
  }
  await Promise.all(calls);
  return late;
}

function lineFrom(base: string, line: string, length: number): string {
  return `${base}${line.slice(0, length)}`;
}

/** Types `line` one character at a time after `base`, with the engine at `debounceMs`. */
export async function typeLine(server: ServerChild, base: string, suffix: string, line: string, debounceMs: number): Promise<TypingRun> {
  await server.reset();
  const engine = newEngine(debounceMs);
  const sender = new RecordingSender(newClient(server.url, nodeHttpFetch));
  const prefixes = Array.from({ length: line.length }, (_, typed) => lineFrom(base, line, typed + 1));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const lateKeys = await typeKeys((prefix) => engine.suggest(suggestRequest(sender, prefix, suffix)), prefixes);
  loop.disable();
  await sleep(SETTLE_MS);
  const counts = engine.scheduler.counts;
  const loopDelayMs = { p99: round(loop.percentile(99) / 1e6, 1), max: round(loop.max / 1e6, 1) };
  const { records, loopDelayMs: serverLoopDelayMs } = await server.records();
  const offset = await server.clockOffset();
  const clock = { offsetMs: round(offset.offsetMs, 2), roundTripMs: round(offset.roundTripMs, 2) };
  return { debounceMs, keys: line.length, started: counts.started, completed: counts.completed, aborted: counts.aborted, skipped: counts.skipped, maxInFlight: counts.maxInFlight, lateKeys, loopDelayMs, serverLoopDelayMs, clock, ...closeFigures(sender.sent, records) };
}

type CloseFigures = Pick<TypingRun, 'abortedWhileAnswering' | 'closedWithin' | 'abortedAfterAnswer' | 'abortedBeforeArrival' | 'closeLagMs'>;

/** Each aborted request matched to the server's record of it by its prompt (every keystroke's prefix is different). */
function closeFigures(sent: readonly SentRequest[], records: readonly ChildCompletion[]): CloseFigures {
  const lags: number[] = [];
  let closedWithin = 0;
  let abortedAfterAnswer = 0;
  let abortedBeforeArrival = 0;
  for (const request of sent) {
    if (request.outcome !== 'aborted' || request.abortedAt === undefined) continue;
    const record = records.find((candidate) => candidate.prompt === request.prompt);
    if (record === undefined) {
      abortedBeforeArrival++;
      continue;
    }
    if (record.closedAt !== undefined && !record.abandoned) {
      abortedAfterAnswer++;
      continue;
    }
    // An abandoned request whose close never came counts as a miss, with an infinite lag.
    const lag = record.closedAt === undefined ? Number.POSITIVE_INFINITY : record.closedAt - request.abortedAt;
    lags.push(lag);
    if (lag <= CLOSE_WITHIN_MS) closedWithin++;
  }
  const sorted = [...lags].sort((a, b) => a - b);
  const closeLagMs = sorted.length === 0 ? undefined : { median: round(sorted[Math.floor(sorted.length / 2)]!), max: round(sorted[sorted.length - 1]!) };
  return { abortedWhileAnswering: lags.length, closedWithin, abortedAfterAnswer, abortedBeforeArrival, closeLagMs };
}

export interface RetypeRun {
  debounceMs: number;
  /** How the first typing went: at 8 keys/s, or slowly enough that every prefix was answered. */
  firstTyping: 'at 8 keys/s' | 'each prefix answered';
  keys: number;
  /** Requests while deleting back, and on the retype. */
  requestsOnDelete: number;
  requestsOnRetype: number;
  serverRequestsOnRetype: number;
  cacheHitsOnRetype: number;
}

/**
 * Types `line`, lets the last prefix be answered, deletes it back a key at a time, and types it again, all at 8 keys/s;
 * with `everyPrefixAnswered`, the first typing instead waits for each answer before the next key, so that every
 * prefix of the retype has been answered once.
 */
export async function retypeLine(server: ServerChild, base: string, suffix: string, line: string, debounceMs: number, everyPrefixAnswered: boolean): Promise<RetypeRun> {
  await server.reset();
  const engine = newEngine(debounceMs);
  const sender = new RecordingSender(newClient(server.url, nodeHttpFetch));
  const suggest = (prefix: string): Promise<unknown> => engine.suggest(suggestRequest(sender, prefix, suffix));
  const typing = Array.from({ length: line.length }, (_, typed) => lineFrom(base, line, typed + 1));
  const deleting = Array.from({ length: line.length }, (_, deleted) => lineFrom(base, line, line.length - 1 - deleted));
  if (everyPrefixAnswered) for (const prefix of typing) await suggest(prefix);
  else await typeKeys(suggest, typing);
  const beforeDelete = engine.scheduler.counts.started;
  await typeKeys(suggest, deleting);
  const beforeRetype = { started: engine.scheduler.counts.started, server: (await server.records()).records.length, hits: engine.cacheHits };
  await typeKeys(suggest, typing);
  await sleep(SETTLE_MS);
  const serverRequests = (await server.records()).records.length;
  return {
    debounceMs,
    firstTyping: everyPrefixAnswered ? 'each prefix answered' : 'at 8 keys/s',
    keys: line.length,
    requestsOnDelete: beforeRetype.started - beforeDelete,
    requestsOnRetype: engine.scheduler.counts.started - beforeRetype.started,
    serverRequestsOnRetype: serverRequests - beforeRetype.server,
    cacheHitsOnRetype: engine.cacheHits - beforeRetype.hits,
  };
}
