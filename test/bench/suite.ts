// What each benchmark suite gives run.ts: rows for the one printed table, and its figures for the BENCH json line.
// A missed goal is a figure (`pass: false`), never an exception; a suite throws only when it crashes or a contender
// got a wrong answer, and that alone makes `npm run bench` exit non-zero.

export interface TableRow {
  measure: string;
  value: string;
  goal?: string;
  /** Whether `value` met `goal`; absent for rows without a goal. */
  pass?: boolean;
}

export interface SuiteReport {
  rows: TableRow[];
  figures: Record<string, unknown>;
}

export interface BenchSuite {
  /** The suite's key in the BENCH json and its label in the table. */
  name: string;
  /** `progress` lines go to stderr while it runs, so the table and the BENCH line stay the end of stdout. */
  run(progress: (line: string) => void): Promise<SuiteReport>;
}
