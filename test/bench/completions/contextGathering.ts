// Row 2: gathering a completion's context in a 10,000-line file with the core's gatherCompletionContext, as
// inlineCompletions.ts calls it (two range reads of at most 256 lines before and 64 after the cursor, cut to 8,000 +
// 2,000 characters, the ring's chunks for the window from a ring holding 16), against reading the file's text once (getText(), every line joined), both
// through LineDocument, the extension host's way of keeping a document. Each run repeats its work many times at
// cursors spread over the file; the figure is the time per repetition, median over alternating rounds.
import { ChunkRing, gatherCompletionContext, type CompletionTextSource } from '../../../src/core/completions/completionContext';
import { runAlternatingRounds, type Samples } from '../alternatingRounds';
import { typeScriptLines } from './codeText';
import { LineDocument } from './lineDocument';

export const FILE_LINES = 10_000;
const RING_CHUNKS = 16;
/** Repetitions per timed run: enough that one run is milliseconds, not timer noise. */
const OURS_REPETITIONS = 400;
const FLOOR_REPETITIONS = 40;
export const CONTEXT_ROUNDS = { warmup: 2, warmupRunsPerRound: 5, measured: 15 };

export interface ContextResults {
  /** Per repetition, in ms. */
  ours: Samples;
  floor: Samples;
  fileCharacters: number;
  ringChunks: number;
  chunksSent: number;
  prefixCharacters: number;
  suffixCharacters: number;
}

const FILENAME = 'src/ledger.ts';
const LANGUAGE = 'typescript';

export async function measureContextGathering(progress: (line: string) => void): Promise<ContextResults> {
  const lines = typeScriptLines(FILE_LINES);
  const document = new LineDocument(lines);
  const ring = new ChunkRing();
  // Twelve chunks of other files (the same code under other names and numbers), four of this one (pickAroundWindow's).
  for (let file = 0; file < 12; file++) {
    const other = typeScriptLines(200).map((line) => line.replace(/\d+/g, (digits) => String(Number(digits) * (file + 7) + file)));
    ring.take(`src/module${file}.ts`, LANGUAGE, other, 100);
  }
  for (const line of [1200, 3400, 6100, 8800]) ring.take(FILENAME, LANGUAGE, lines.slice(line - 32, line + 32), 32);
  if (ring.size !== RING_CHUNKS) throw new Error(`completions context: the ring holds ${ring.size} chunks, not ${RING_CHUNKS}`);
  const cursors = [40, 2_500, 5_000, 7_500, FILE_LINES - 10].map((line) => ({ line, character: Math.floor(document.lineAt(line).text.length / 2) }));

  let shape = { prefix: 0, suffix: 0, chunks: 0 };
  // What inlineCompletions.ts hands the core's gathering: the document's reads, nothing else.
  const source: CompletionTextSource = {
    lineCount: document.lineCount,
    lineLength: (line) => document.lineAt(line).text.length,
    textBetween: (startLine, startCharacter, endLine, endCharacter) => document.getText({ startLine, startCharacter, endLine, endCharacter }),
  };
  const gather = (cursor: { line: number; character: number }): number => {
    const { prefix, suffix, chunks } = gatherCompletionContext(source, cursor, { filename: FILENAME, languageId: LANGUAGE }, ring);
    shape = { prefix: prefix.length, suffix: suffix.length, chunks: chunks.length };
    return prefix.length + suffix.length + chunks.length;
  };
  const contenders = [
    {
      name: 'ours',
      run(): Promise<number> {
        let sink = 0;
        for (let repetition = 0; repetition < OURS_REPETITIONS; repetition++) sink += gather(cursors[repetition % cursors.length]!);
        return Promise.resolve(sink);
      },
    },
    {
      name: 'floor',
      run(): Promise<number> {
        let sink = 0;
        for (let repetition = 0; repetition < FLOOR_REPETITIONS; repetition++) sink += document.getText().length;
        return Promise.resolve(sink);
      },
    },
  ];
  const fileCharacters = document.getText().length;
  const samples = await runAlternatingRounds<number>(contenders, {
    warmupRounds: CONTEXT_ROUNDS.warmup,
    warmupRunsPerRound: CONTEXT_ROUNDS.warmupRunsPerRound,
    measuredRounds: CONTEXT_ROUNDS.measured,
    check: (name, sink) => {
      const expected = name === 'floor' ? fileCharacters * FLOOR_REPETITIONS : undefined;
      if (sink <= 0 || (expected !== undefined && sink !== expected)) throw new Error(`completions context: ${name} read ${sink} characters`);
      if (name === 'ours' && (shape.prefix === 0 || shape.suffix === 0 || shape.chunks === 0)) throw new Error(`completions context: ours gathered ${JSON.stringify(shape)}`);
    },
    progress: (line) => progress(`completions context (${OURS_REPETITIONS} / ${FLOOR_REPETITIONS} repetitions a run): ${line}`),
  });
  const perRepetition = (runs: Samples, repetitions: number): Samples => ({ wallMs: runs.wallMs.map((ms) => ms / repetitions), cpuMs: runs.cpuMs.map((ms) => ms / repetitions) });
  // One more pass at the middle cursor, for the row's description of what is sent.
  gather(cursors[2]!);
  return {
    ours: perRepetition(samples.get('ours')!, OURS_REPETITIONS),
    floor: perRepetition(samples.get('floor')!, FLOOR_REPETITIONS),
    fileCharacters,
    ringChunks: ring.size,
    chunksSent: shape.chunks,
    prefixCharacters: shape.prefix,
    suffixCharacters: shape.suffix,
  };
}
