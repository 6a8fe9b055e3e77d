// Main-thread work of every renderer in a browser-wide trace, between two user-timing marks: the page's workbench and
// any webview frame Chromium put in a process of its own. VS Code's chat renders in the workbench's renderer; our
// view in its webview's frame, with the workbench relaying each message to it: both contenders' cost is the sum over
// all renderer main threads, and their frames are judged on the busiest one.
import { threadFrames, type FrameWork, type TraceEvent } from '../render/frameWork';

export interface RendererWork {
  /** Top-level task time on all renderer main threads within the marks, in ms. */
  totalMs: number;
  /** How many renderer main threads did work within the marks. */
  renderers: number;
  /** The busiest renderer main thread's frames. */
  busiest: FrameWork & { taskMs: number };
}

interface Thread {
  pid: number;
  tid: number;
}

/** The renderer main threads the trace names (`CrRendererMain`). */
function rendererMainThreads(events: readonly TraceEvent[]): Thread[] {
  return events
    .filter((event) => event.ph === 'M' && event.name === 'thread_name' && (event.args as { name?: unknown } | undefined)?.name === 'CrRendererMain')
    .map(({ pid, tid }) => ({ pid, tid }));
}

export function rendererWork(events: readonly TraceEvent[], startMark: string, endMark: string): RendererWork {
  const start = events.find((event) => event.name === startMark && event.cat.includes('blink.user_timing'));
  const end = events.find((event) => event.name === endMark && event.cat.includes('blink.user_timing'));
  if (!start || !end) throw new Error(`the trace lacks the marks ${startMark}/${endMark}`);
  const threads = rendererMainThreads(events);
  if (threads.length === 0) throw new Error('the trace names no renderer main thread (CrRendererMain)');
  const perThread = threads.map((thread) => threadFrames(events, (event) => event.pid === thread.pid && event.tid === thread.tid, start.ts, end.ts));
  const busiest = perThread.reduce((most, thread) => (thread.taskMs > most.taskMs ? thread : most));
  return {
    totalMs: perThread.reduce((sum, thread) => sum + thread.taskMs, 0),
    renderers: perThread.filter((thread) => thread.taskMs > 0).length,
    busiest,
  };
}
