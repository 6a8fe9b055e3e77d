// The completions suite: inline completions measured in Node, without VS Code. The core path the provider runs
// (engine.suggest through the real CompletionClient) against a bare fetch of the same request; gathering a
// completion's context in a 10,000-line file against reading the file once; typing a long line at 8 keys/s against a
// server that takes its time (requests started, completed, at most one in flight, aborted requests' sockets closed);
// and retyping what was already answered (no request). Both servers are the project's reference server on loopback,
// each run in a child process (serverChild.ts) so that neither its work nor its view of a socket close shares the
// client's event loop, and the client's CPU time is the client's alone.
import type { BenchSuite, SuiteReport } from '../suite';
import { longLine, typeScriptLines } from './codeText';
import { measureContextGathering } from './contextGathering';
import { measureEndToEnd } from './endToEnd';
import { completionsReport } from './report';
import { startServerChild, type ServerChild } from './serverChild';
import { ANSWER_DELAY_MS, retypeLine, typeLine } from './typing';

/** Keys typed of the 400-character line per typing run: 120 at 8 keys/s is 15 s a run, two runs. */
export const TYPED_KEYS = 120;
export const LINE_CHARACTERS = 400;
const RETYPED_CHARACTERS = 32;

/** The code around the cursor: 120 lines before (a cursor at the start of a fresh line), 40 after. */
function aroundCursor(): { prefixBase: string; suffix: string } {
  const lines = typeScriptLines(160);
  return { prefixBase: `${lines.slice(0, 120).join('\n')}\n`, suffix: `\n${lines.slice(120).join('\n')}\n` };
}

async function withServer<T>(delayMs: number, work: (server: ServerChild) => Promise<T>): Promise<T> {
  const server = await startServerChild({ delayMs });
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

export const completionsSuite: BenchSuite = {
  name: 'completions',
  async run(progress): Promise<SuiteReport> {
    const { prefixBase, suffix } = aroundCursor();
    const endToEnd = await withServer(0, (server) => measureEndToEnd(server.url, prefixBase, suffix, progress));
    const context = await measureContextGathering(progress);
    const line = longLine(LINE_CHARACTERS).slice(0, TYPED_KEYS);
    const { typing, retype } = await withServer(ANSWER_DELAY_MS, async (server) => {
      const runs = [];
      for (const debounceMs of [200, 0]) {
        progress(`completions typing: ${TYPED_KEYS} keys at 8 keys/s, debounce ${debounceMs} ms, server answers after ${ANSWER_DELAY_MS} ms…`);
        runs.push(await typeLine(server, prefixBase, suffix, line, debounceMs));
      }
      progress('completions retype: type, delete back, type again…');
      const retypes = [await retypeLine(server, prefixBase, suffix, line.slice(0, RETYPED_CHARACTERS), 200, false), await retypeLine(server, prefixBase, suffix, line.slice(0, RETYPED_CHARACTERS), 0, true)];
      return { typing: runs, retype: retypes };
    });
    return completionsReport({ endToEnd, context, typing, retype, lineCharacters: LINE_CHARACTERS, answerDelayMs: ANSWER_DELAY_MS });
  },
};
