// `npm run bench`: runs every benchmark suite, prints one table, and ends with `BENCH {json}` holding all figures.
// `ASK_MODEL_BENCH_SUITES=activation,sizes npm run bench` runs only the named suites (comma-separated, in the usual order).
// Goals are reported (pass/MISS), never enforced: the exit code is non-zero only when a suite crashes or a contender
// gets a wrong answer, because a timing on a shared machine is evidence, not a verdict.
import { cpus } from 'node:os';
import { formatTable } from './printTable';
import { activationSuite } from './activation';
import { checkpointsSuite } from './checkpoints';
import { completionsSuite } from './completions';
import { contextSuite } from './context';
import { recordedSuite } from './recorded';
import { renderSuite } from './render';
import { sideBySideSuite } from './sideBySide';
import { sizesSuite } from './sizes';
import { streamPipelineSuite } from './streamPipeline';
import type { BenchSuite, SuiteReport } from './suite';
import { toolsSuite } from './tools';

/** sizes packages the .vsix that tools and activation then install into one code-server session (extensionHost/). */
const SUITES: readonly BenchSuite[] = [streamPipelineSuite, recordedSuite, contextSuite, completionsSuite, renderSuite, sideBySideSuite, sizesSuite, toolsSuite, activationSuite, checkpointsSuite];
const SELECT_ENV = 'ASK_MODEL_BENCH_SUITES';

/** Every suite, or those `ASK_MODEL_BENCH_SUITES` names; a name that is no suite is an error, not a silent skip. */
function selectedSuites(): readonly BenchSuite[] {
  const wanted = (process.env[SELECT_ENV] ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (wanted.length === 0) return SUITES;
  const unknown = wanted.filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0) throw new Error(`${SELECT_ENV} names no suite called ${unknown.join(', ')}; the suites are ${SUITES.map((suite) => suite.name).join(', ')}`);
  return SUITES.filter((suite) => wanted.includes(suite.name));
}

async function main(): Promise<void> {
  const started = performance.now();
  const progress = (line: string): void => void process.stderr.write(`${line}\n`);
  const reports: { suite: string; report: SuiteReport }[] = [];
  for (const suite of selectedSuites()) {
    const suiteStarted = performance.now();
    reports.push({ suite: suite.name, report: await suite.run(progress) });
    progress(`${suite.name}: done in ${((performance.now() - suiteStarted) / 1000).toFixed(1)} s`);
  }
  const environment = { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown' };
  const totalSeconds = Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(`\nAsk Model benchmarks — node ${environment.node}, ${environment.cpus} CPUs, ${totalSeconds} s\n`);
  process.stdout.write(`${formatTable(reports.map(({ suite, report }) => ({ suite, rows: report.rows })))}\n`);
  const figures = Object.fromEntries(reports.map(({ suite, report }) => [suite, report.figures]));
  process.stdout.write(`BENCH ${JSON.stringify({ environment, totalSeconds, suites: figures })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
