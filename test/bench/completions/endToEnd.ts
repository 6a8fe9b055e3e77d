// Row 1: one completion end to end through the core path the VS Code provider runs (engine.suggest: cache miss, the
// scheduler at debounce 0, the endpoint chooser, the body, the real CompletionClient over globalThis.fetch, the answer
// decoded and shaped, the cache stored) against a bare fetch of the same body to the same URL with the answer read as
// JSON, both against the loopback reference server's /infill (in a child process, so the CPU time measured is the
// client's alone), in alternating rounds. Every run sends a batch of requests one after another; each of ours has a
// prefix never asked before, so the cache cannot answer. Both sides use globalThis.fetch, so the ratio is our path's
// cost over the same transport (the typing rows use nodeHttpFetch, the one the extension uses in VS Code).
import { ENDPOINT_RECORDS, endpointUrl } from '../../../src/core/completions/completionEndpoints';
import { wantsMultipleLines } from '../../../src/core/completions/shapeSuggestion';
import { DEFAULT_MIDDLE_TEXT } from '../../support/referenceServer';
import { runAlternatingRounds, type Samples } from '../alternatingRounds';
import { newClient, newEngine, suggestRequest } from './engineHarness';

export const REQUESTS_PER_RUN = 40;
export const END_TO_END_ROUNDS = { warmup: 2, warmupRunsPerRound: 3, measured: 11 };

export interface EndToEndResults {
  ours: Samples;
  bare: Samples;
  requestsPerRun: number;
  bodyBytes: number;
  cacheHits: number;
}

/** The cursor line that makes each prefix new: `  const value<n> = ` at the end of `prefixBase`. */
function prefixFor(prefixBase: string, n: number): string {
  return `${prefixBase}  const value${n} = `;
}

export async function measureEndToEnd(serverUrl: string, prefixBase: string, suffix: string, progress: (line: string) => void): Promise<EndToEndResults> {
  const engine = newEngine(0);
  const client = newClient(serverUrl);
  const url = endpointUrl('infill', client.urls);
  let asked = 0;
  // The bare side sends bodies of the same shape and size, made the way the engine makes them, serialized up front.
  const bareBodies = Array.from({ length: REQUESTS_PER_RUN }, (_, n) => {
    const prefix = prefixFor(prefixBase, -1 - n);
    const input = { ...suggestRequest(client, prefix, suffix).input, multiline: wantsMultipleLines(prefix, suffix) };
    return JSON.stringify(ENDPOINT_RECORDS.infill.body(input, 'field'));
  });
  const contenders = [
    {
      name: 'ours',
      async run(): Promise<string[]> {
        const texts: string[] = [];
        for (let n = 0; n < REQUESTS_PER_RUN; n++) {
          const suggestion = await engine.suggest(suggestRequest(client, prefixFor(prefixBase, asked++), suffix));
          texts.push(suggestion?.text ?? '');
        }
        return texts;
      },
    },
    {
      name: 'bare',
      async run(): Promise<string[]> {
        const texts: string[] = [];
        for (const body of bareBodies) {
          const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
          const answer = (await response.json()) as { content?: unknown };
          texts.push(typeof answer.content === 'string' ? answer.content : '');
        }
        return texts;
      },
    },
  ];
  const samples = await runAlternatingRounds<string[]>(contenders, {
    warmupRounds: END_TO_END_ROUNDS.warmup,
    warmupRunsPerRound: END_TO_END_ROUNDS.warmupRunsPerRound,
    measuredRounds: END_TO_END_ROUNDS.measured,
    check: (name, texts) => {
      const wrong = texts.findIndex((text) => text !== DEFAULT_MIDDLE_TEXT);
      if (wrong >= 0) throw new Error(`completions end to end: ${name} got ${JSON.stringify(texts[wrong])} for request ${wrong + 1}, not ${JSON.stringify(DEFAULT_MIDDLE_TEXT)}`);
    },
    progress: (line) => progress(`completions end to end (${REQUESTS_PER_RUN} requests a run): ${line}`),
  });
  if (engine.cacheHits > 0) throw new Error(`completions end to end: the cache answered ${engine.cacheHits} of ours, so they were no requests`);
  if (engine.scheduler.counts.started !== asked) throw new Error(`completions end to end: ${asked} suggestions asked, ${engine.scheduler.counts.started} requests started`);
  return { ours: samples.get('ours')!, bare: samples.get('bare')!, requestsPerRun: REQUESTS_PER_RUN, bodyBytes: Buffer.byteLength(bareBodies[0]!), cacheHits: engine.cacheHits };
}
