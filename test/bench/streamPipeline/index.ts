// The stream-pipeline suite: one recorded 20,000-chunk answer served over loopback as fast as the socket allows,
// read to the end by ours, by the official SDK and by the bare parser (the floor), in alternating rounds.
import { runAlternatingRounds } from '../alternatingRounds';
import type { BenchSuite, SuiteReport } from '../suite';
import { checkAnswer, type Answer } from './answer';
import { floorContender } from './contenders/floor';
import { oursContender } from './contenders/ours';
import { sdkContender } from './contenders/sdk';
import { startLoopbackServer } from './loopbackServer';
import { streamPipelineReport } from './report';
import { buildTranscript } from './transcript';

const WARMUP_ROUNDS = 2;
const WARMUP_RUNS_PER_ROUND = 4;
const MEASURED_ROUNDS = 7;

export const streamPipelineSuite: BenchSuite = {
  name: 'streamPipeline',
  async run(progress): Promise<SuiteReport> {
    const transcript = buildTranscript();
    const { facts } = transcript;
    progress(`stream pipeline: ${facts.chunks} chunks, ${(facts.bytes / 1e6).toFixed(2)} MB, sha256 ${facts.sha256.slice(0, 12)}…`);
    const server = await startLoopbackServer();
    try {
      if (server.sha256 !== facts.sha256 || server.bytes !== facts.bytes) {
        throw new Error(`the bench server built a different transcript (${server.sha256}, ${server.bytes} bytes) from the bench's (${facts.sha256}, ${facts.bytes} bytes)`);
      }
      const contenders = [oursContender(server.origin, 'events'), oursContender(server.origin, 'batches'), sdkContender(server.origin), floorContender(server.origin)];
      const samples = await runAlternatingRounds<Answer>(contenders, {
        warmupRounds: WARMUP_ROUNDS,
        warmupRunsPerRound: WARMUP_RUNS_PER_ROUND,
        measuredRounds: MEASURED_ROUNDS,
        check: (name, answer) => checkAnswer(name, answer, transcript.expected),
        progress,
      });
      return streamPipelineReport({
        facts,
        writeSliceBytes: server.writeSliceBytes,
        rounds: { warmup: WARMUP_ROUNDS, warmupRunsPerRound: WARMUP_RUNS_PER_ROUND, measured: MEASURED_ROUNDS },
        contenders: contenders.map((contender) => ({ name: contender.name, label: contender.label, samples: samples.get(contender.name)! })),
      });
    } finally {
      await server.close();
    }
  },
};
