// Runs contenders in alternating rounds (a, b, c, then b, c, a, then c, a, b, …) so that a slow stretch of this
// shared machine lands on all of them rather than on whichever happened to run then. Warm-up rounds (JIT, connection
// pool, lazy modules, young-generation sizing) are run and checked but not kept; in a warm-up round each contender
// runs several times, because one run is not enough: with the other core busy, V8's background compiler lags and a
// 20,000-chunk pipeline took 6–10 runs to settle (ours 447 → 302 → 309 → 268 → 213 → 201 → 137 → … ~115 ms).
// Every result is checked, warm-ups included: the first run is where a wrong answer shows, and checking the rest
// costs nothing inside the timed region.
//
// No forced GC between runs: tried, it collected the hidden classes of the previous run's parsed chunks, so every run
// re-learned its type feedback (--trace-deopt: ~3 more deoptimizations per run, 105 vs 48 over 20 runs) and measured
// the first second after an idle period rather than the pipeline. Garbage a run leaves behind is spread over the
// contenders by the rotation instead.

export interface TimedContender<T> {
  name: string;
  run(): Promise<T>;
}

export interface RoundOptions<T> {
  warmupRounds: number;
  /** How many times each contender runs in one warm-up round. */
  warmupRunsPerRound: number;
  measuredRounds: number;
  /** Throws when a contender's result is wrong. */
  check(name: string, result: T): void;
  progress(line: string): void;
}

/**
 * Per run, wall-clock time (what a user waits) and this process's CPU time (user + system, all threads: the GC's
 * helpers and undici included, the server's child process not). CPU time does not count the time a neighbour on the
 * machine held the core, so its ratios are the steadier cross-check when the wall-clock ones swing.
 */
export interface Samples {
  wallMs: number[];
  cpuMs: number[];
}

export async function runAlternatingRounds<T>(contenders: readonly TimedContender<T>[], options: RoundOptions<T>): Promise<Map<string, Samples>> {
  const samples = new Map(contenders.map((contender): [string, Samples] => [contender.name, { wallMs: [], cpuMs: [] }]));
  const rounds = options.warmupRounds + options.measuredRounds;
  for (let round = 0; round < rounds; round++) {
    const warmup = round < options.warmupRounds;
    const order = contenders.map((_, position) => contenders[(position + round) % contenders.length]!);
    const times: string[] = [];
    for (const contender of order) {
      for (let extra = warmup ? options.warmupRunsPerRound - 1 : 0; extra > 0; extra--) options.check(contender.name, await contender.run());
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const result = await contender.run();
      const wall = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      options.check(contender.name, result);
      if (!warmup) {
        samples.get(contender.name)!.wallMs.push(wall);
        samples.get(contender.name)!.cpuMs.push((cpu.user + cpu.system) / 1000);
      }
      times.push(`${contender.name} ${wall.toFixed(1)} ms`);
    }
    const label = warmup ? `warm-up ${round + 1}/${options.warmupRounds}` : `round ${round - options.warmupRounds + 1}/${options.measuredRounds}`;
    options.progress(`${label}: ${times.join(', ')}`);
  }
  return samples;
}
