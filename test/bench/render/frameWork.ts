// Main-thread work per frame, from a Chromium trace. A frame is the time between two `BeginMainThreadFrame` events
// on the page's renderer main thread; its work is the time top-level tasks (`ThreadControllerImpl::RunTask`: message
// events, rAF callbacks, style, layout, paint, timers, GC tasks) ran inside it. That is what competes with the 16 ms
// budget: when the work of one frame exceeds it, the next frame is late. Frame intervals (what a user sees as
// smoothness) are reported beside it; in headless Chromium they also reflect the compositor's own pacing.
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

// Only what the measure needs: `devtools.timeline` would add several events (with stacks) per message, and at ten
// thousand messages a second that instrumentation alone starves the page of frames (measured: 17 frames a second).
const CATEGORIES = ['-*', 'toplevel', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing'];

export interface FrameWork {
  /** Work per frame, in ms, in frame order. */
  workMs: number[];
  /** Time between frame starts, in ms. */
  intervalMs: number[];
}

export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const collect = (batch: { value: object[] }): void => void events.push(...(batch.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' } });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    return events;
  };
}

/** Frames between the user-timing marks `startMark` and `endMark` on the thread that received the page's messages. */
export function frameWork(events: readonly TraceEvent[], startMark: string, endMark: string): FrameWork {
  const start = events.find((event) => event.name === startMark && event.cat.includes('blink.user_timing'));
  const end = events.find((event) => event.name === endMark && event.cat.includes('blink.user_timing'));
  if (!start || !end) throw new Error(`the trace lacks the marks ${startMark}/${endMark}`);
  // The page's renderer main thread is the one its performance.mark() calls ran on.
  const { workMs, intervalMs } = threadFrames(events, (event) => event.pid === start.pid && event.tid === start.tid, start.ts, end.ts);
  return { workMs, intervalMs };
}

/**
 * One thread's frames between `fromTs` and `toTs` (trace µs): each frame's top-level task time, the time between frame
 * starts, and the thread's whole task time in that span (ms).
 */
export function threadFrames(events: readonly TraceEvent[], onThread: (event: TraceEvent) => boolean, fromTs: number, toTs: number): FrameWork & { taskMs: number } {
  const frameStarts = events
    .filter((event) => onThread(event) && event.name === 'BeginMainThreadFrame' && event.ts >= fromTs && event.ts <= toTs)
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const tasks = events
    .filter((event) => onThread(event) && event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && event.dur !== undefined)
    .map((event) => ({ from: event.ts, to: event.ts + event.dur! }))
    .sort((a, b) => a.from - b.from);
  const overlap = (task: { from: number; to: number }, from: number, to: number): number => Math.max(0, Math.min(to, task.to) - Math.max(from, task.from));
  const workMs: number[] = [];
  const intervalMs: number[] = [];
  let first = 0;
  for (let frame = 0; frame + 1 < frameStarts.length; frame++) {
    const from = frameStarts[frame]!;
    const to = frameStarts[frame + 1]!;
    while (first < tasks.length && tasks[first]!.to <= from) first++;
    let busy = 0;
    for (let task = first; task < tasks.length && tasks[task]!.from < to; task++) busy += overlap(tasks[task]!, from, to);
    workMs.push(busy / 1000);
    intervalMs.push((to - from) / 1000);
  }
  const taskMs = tasks.reduce((sum, task) => sum + overlap(task, fromTs, toTs), 0) / 1000;
  return { workMs, intervalMs, taskMs };
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
