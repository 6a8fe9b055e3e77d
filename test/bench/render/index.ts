// The render suite: the chat view in Chromium (the harness: the host's HTML and CSP, a fake acquireVsCodeApi) renders
// a ~100 KB answer with 30 code blocks streamed in 10,000 `delta` messages, and the same answer delivered once; it
// also renders a 200-turn conversation for the heap. Each measured run gets a fresh tab; the kinds of run take turns
// in a rotating order over the rounds, so a slow stretch of this shared machine lands on all of them.
//
// Two paces, because the two goals pull in opposite directions: the streamed/once ratio counts every frame's fixed
// cost (style, layout, a repaint of the scrolled view), so it is smallest when the stream is fast and takes few frames;
// the work per frame is smallest when text arrives at a realistic pace. `fast` is 10 deltas per millisecond (the whole
// answer in ~1 s, 100 KB/s, ~25,000 tokens/s: the most a host could send); `steady` is 2 per millisecond (~5 s,
// 20 KB/s, ~5,000 tokens/s: still faster than the fastest hosted models). Deltas are posted on a clock: every timer
// tick posts all that are due (Chromium clamps nested timers to ≥ 4 ms, so that is ~40 or ~8 per tick), each as its
// own window message, as VS Code delivers host messages. The stream as the extension sends it (deltas coalesced per
// 16 ms at the fast pace) is timed and traced too: its ratio and frame work are the figures users get.
// Beside it, the least that stream can cost (renderFloor.ts): the browser's own work for each frame that changes the
// page, times the frames it changed the page in, plus the messages alone, over rendering the answer once.
import { CHAT_DELTA_INTERVAL_MS } from '../../../src/core/chat/deltaCoalescer';
import { openHarness } from '../../support/webviewHarness/openHarness';
import type { BenchSuite, SuiteReport } from '../suite';
import { buildBenchAnswer } from './benchAnswer';
import { benchMessages, coalescedStream } from './benchMessages';
import { percentile, type FrameWork } from './frameWork';
import { heapRun, renderedRun, tracedRun, transportFloorRun, type Delivery, type HeapRun, type MainThreadCost, type RenderedRun } from './renderRuns';
import { renderFloorRun, type RenderFloorRun } from './renderFloor';
import { renderReport, type RunKind } from './report';

export const PACES = { fast: 10, steady: 2 } as const;
const DELTAS = 10_000;
const MEASURED_ROUNDS = 5;
const HEAP_RUNS = 3;
/** The stream as the extension sends it: the chat controller coalesces deltas this often (DeltaCoalescer). */
const COALESCE_WINDOW_MS = CHAT_DELTA_INTERVAL_MS;

export const renderSuite: BenchSuite = {
  name: 'render',
  async run(progress): Promise<SuiteReport> {
    const answer = buildBenchAnswer();
    const messages = benchMessages(answer, DELTAS);
    const coalesced = coalescedStream(messages, PACES.fast, COALESCE_WINDOW_MS);
    const deliveries: Record<'fast' | 'steady' | 'once' | 'coalesced', Delivery> = {
      fast: { messages: messages.streamed, perMs: PACES.fast },
      steady: { messages: messages.streamed, perMs: PACES.steady },
      once: { messages: [messages.once], perMs: 1 },
      coalesced,
    };
    progress(`render: answer ${(answer.text.length / 1024).toFixed(1)} KB, ${answer.codeBlocks} code blocks, ${DELTAS.toLocaleString('en-US')} deltas (coalesced: ${coalesced.messages.length - 2})`);
    const harness = await openHarness();
    progress(`render: dist/webview.js ${harness.build === 'rebuilt' ? 'rebuilt with node esbuild.js' : 'up to date'}`);
    try {
      let reference: string | undefined;
      const check = (kind: string, run: RenderedRun): void => {
        if (run.cspViolations.length > 0) throw new Error(`render: the ${kind} run broke the CSP: ${[...new Set(run.cspViolations)].join(', ')}`);
        reference ??= run.articleHtml;
        if (run.articleHtml === '' || run.articleHtml !== reference) {
          throw new Error(`render: the ${kind} run's final answer DOM differs from the once-rendered one (${run.articleHtml.length} vs ${reference.length} characters)`);
        }
      };
      const rendered: Record<'fast' | 'steady' | 'once' | 'coalesced', RenderedRun[]> = { fast: [], steady: [], once: [], coalesced: [] };
      const floors: MainThreadCost[] = [];
      const floorsAsSent: MainThreadCost[] = [];
      const renderFloors: RenderFloorRun[] = [];
      const frames: Record<'fast' | 'steady' | 'coalesced', FrameWork[]> = { fast: [], steady: [], coalesced: [] };
      const kinds: { kind: RunKind; run: () => Promise<string> }[] = [
        ...(['once', 'fast', 'steady', 'coalesced'] as const).map((kind) => ({
          kind,
          run: async () => {
            const run = await renderedRun(harness, messages, deliveries[kind]);
            check(kind, run);
            rendered[kind].push(run);
            return `${run.cost.taskMs.toFixed(0)} ms`;
          },
        })),
        {
          kind: 'floor' as const,
          run: async () => {
            const cost = await transportFloorRun(harness, deliveries.fast);
            floors.push(cost);
            return `${cost.taskMs.toFixed(0)} ms`;
          },
        },
        {
          kind: 'floor-as-sent' as const,
          run: async () => {
            const cost = await transportFloorRun(harness, deliveries.coalesced);
            floorsAsSent.push(cost);
            return `${cost.taskMs.toFixed(0)} ms`;
          },
        },
        {
          kind: 'render-floor' as const,
          run: async () => {
            const run = await renderFloorRun(harness, messages, deliveries.coalesced);
            renderFloors.push(run);
            return `${run.startMs.toFixed(1)}/${run.endMs.toFixed(1)} ms per frame × ${run.extraFrames}`;
          },
        },
        ...(['fast', 'steady', 'coalesced'] as const).map((pace) => ({
          kind: `frames-${pace}` as const,
          run: async () => {
            const work = await tracedRun(harness, messages, deliveries[pace]);
            frames[pace].push(work);
            return `p95 ${percentile(work.workMs, 0.95).toFixed(1)} ms/frame`;
          },
        })),
      ];
      // A first, unrecorded pass: the browser's own first-tab costs (process start, caches) land on no contender.
      await renderedRun(harness, messages, deliveries.fast).then((run) => check('warm-up', run));
      for (let round = 0; round < MEASURED_ROUNDS; round++) {
        const results: string[] = [];
        for (let position = 0; position < kinds.length; position++) {
          const { kind, run } = kinds[(position + round) % kinds.length]!;
          results.push(`${kind} ${await run()}`);
        }
        progress(`render round ${round + 1}/${MEASURED_ROUNDS}: ${results.join(', ')}`);
      }
      const heap: HeapRun[] = [];
      for (let run = 0; run < HEAP_RUNS; run++) heap.push(await heapRun(harness));
      progress(`render heap: ${heap.map((run) => `${(run.loadedBytes / 1048576).toFixed(1)} MB`).join(', ')}`);
      return renderReport({ answer: { bytes: answer.text.length, codeBlocks: answer.codeBlocks, deltas: DELTAS, coalescedMessages: coalesced.messages.length - 2 }, paces: PACES, coalesceWindowMs: COALESCE_WINDOW_MS, rounds: MEASURED_ROUNDS, rendered, floors, floorsAsSent, renderFloors, frames, heap });
    } finally {
      await harness.close();
    }
  },
};
