// One code-server for the extension-host suites (tools, activation): the .vsix `npm run package` made and the floor
// extension's installed, the generated workspace open, the bench entry run as extensionTestsPath. Each workbench start
// is a new browser tab and so a new extension host, which activates both extensions afresh: one activation sample per
// start; the first start also times the tools. Runs once per `npm run bench`, for whichever suite asks first.
// Needs the offline test host (npm run setup:test-host), as the integration tier does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '../../support/host/browser';
import { Cleanup } from '../../support/host/cleanup';
import { startCodeServer } from '../../support/host/codeServer';
import { followFile } from '../../support/host/followFile';
import { readTestHost } from '../../support/host/testHost';
import { runWorkbenchTests, testWorkbenchUrl } from '../../support/host/workbench';
import { packagedExtension } from '../sizes/packagedCopy';
import { PLAN_ENV, PROFILE_LOAD_ENV, type BenchPlan, type StartResult, type ToolPlan } from './benchPlan';
import { generateBenchWorkspace, type BenchWorkspace } from './benchWorkspace';
import { buildBenchEntry, buildFloorExtension } from './buildInHost';

/**
 * Seven starts (5–15 s each, on this machine with others busy): with three, one stalled start in a busy minute
 * (activate() 159 ms where the others took 5–14 ms) left the median resting on a single sample, and the activation
 * goal is a ratio of medians of a few milliseconds each.
 */
const STARTS = 7;
/** One warm-up round of two runs each was enough for ripgrep's page cache and the host's JIT; 7 rounds for medians. */
const TOOL_ROUNDS = { warmupRounds: 1, warmupRunsPerRound: 2, measuredRounds: 7 };
const START_TIMEOUT_MS = 180_000;
/** A command printing 80 MB (the output that froze VS Code's own chat, microsoft/vscode#335388), five rounds each. */
const COMMAND_MEMORY = { megabytes: 80, rounds: 5 };

export interface HostSession {
  workspace: Omit<BenchWorkspace, 'dir' | 'scenarios'>;
  codeServerVersion: string;
  rounds: { warmup: number; warmupRunsPerRound: number; measured: number };
  starts: StartResult[];
}

let shared: { session: Promise<HostSession>; timeTools: boolean } | undefined;

/** `timeTools`: the tools suite needs the first start to time the tools; activation alone does not (it saves ~1 min). */
export function hostSession(progress: (line: string) => void, { timeTools }: { timeTools: boolean }): Promise<HostSession> {
  if (shared && timeTools && !shared.timeTools) throw new Error('the tools suite must run before the activation suite: the shared host session did not time the tools');
  shared ??= { session: runHostSession(progress, timeTools), timeTools };
  return shared.session;
}

async function runHostSession(progress: (line: string) => void, timeTools: boolean): Promise<HostSession> {
  const cleanup = new Cleanup();
  cleanup.onSignals(); // Ctrl-C must not leave code-server (its own process group) or chromium running
  try {
    const host = readTestHost();
    const packaged = await packagedExtension(progress);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-bench-host-'));
    cleanup.add('remove the scratch folder', () => fs.rmSync(scratch, { recursive: true, force: true }));
    const generated = performance.now();
    const workspaceDir = fs.mkdtempSync(path.join(workspaceParent(), 'ask-model-bench-workspace-'));
    cleanup.add('remove the workspace', () => fs.rmSync(workspaceDir, { recursive: true, force: true }));
    const workspace = await generateBenchWorkspace(workspaceDir);
    progress(`host: ${workspace.visibleFiles.toLocaleString('en-US')} visible files (${workspace.megabytes} MB), ${workspace.excludedFiles} excluded, ${workspace.deniedFiles} denied; generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`);
    const entry = await buildBenchEntry(path.join(scratch, 'entry'));
    const floorVsix = await buildFloorExtension(path.join(scratch, 'floor-extension'));

    const planFile = path.join(scratch, 'plan.json');
    const server = await startCodeServer({
      host,
      scratchDir: path.join(scratch, 'code-server'),
      env: { [PLAN_ENV]: planFile },
      // git would scan the 10,000 untracked files while the tools are timed; nothing here needs it.
      settings: { 'git.enabled': false, 'git.autoRepositoryDetection': false },
      // Installed from the .vsix files, as a user gets them; only the bench entry is a development extension.
      installVsix: [packaged.vsix, floorVsix],
    });
    cleanup.add('stop code-server', () => server.stop());
    const browser = await launchChromium({ executablePath: host.chromium, userDataDir: path.join(scratch, 'chromium') });
    cleanup.add('close chromium', () => browser.close());
    progress(`host: code-server ${host.codeServerVersion} on ${server.origin}`);

    const profileFolder = process.env[PROFILE_LOAD_ENV];
    if (profileFolder) {
      if (!path.isAbsolute(profileFolder)) throw new Error(`${PROFILE_LOAD_ENV} must be an absolute path (the extension host has its own working directory)`);
      fs.mkdirSync(profileFolder, { recursive: true });
      progress(`host: ${PROFILE_LOAD_ENV}: CPU profiles of each load go to ${profileFolder}; profiling slows what it watches, so this run's timings are not figures`);
    }
    const tools: ToolPlan = { scenarios: workspace.scenarios, ...TOOL_ROUNDS };
    const starts: StartResult[] = [];
    for (let start = 1; start <= STARTS; start++) {
      const plan: BenchPlan = {
        start,
        resultFile: path.join(scratch, `result-${start}.json`),
        progressFile: path.join(scratch, `progress-${start}.log`),
        ...(start === 1 && timeTools ? { tools, commandMemory: COMMAND_MEMORY } : {}),
      };
      fs.writeFileSync(planFile, JSON.stringify(plan));
      const page = await browser.newPage();
      const followed = followFile(plan.progressFile, (chunk) => process.stderr.write(chunk));
      const started = performance.now();
      try {
        const run = await runWorkbenchTests(page, testWorkbenchUrl(server.origin, entry.dir, entry.index, workspace.dir));
        const exitCode = await withTimeout(run.exitCode, START_TIMEOUT_MS, () => `workbench start ${start} did not finish within ${START_TIMEOUT_MS / 1000} s.\n${run.consoleTail()}\n${server.logTail(20)}`);
        const result = readResult(plan.resultFile);
        if (exitCode !== 0 || result?.error !== undefined || result === undefined) {
          throw new Error(`the bench entry failed in workbench start ${start} (exit ${exitCode}): ${result?.error ?? 'no result.'}\nThe workbench's last console lines:\n${run.consoleTail()}`);
        }
        starts.push(result);
        const { ours, floor } = result.load;
        const marks = result.hostMarks ? `; host marks: load ours ${result.hostMarks.oursLoadMs} ms, floor ${result.hostMarks.floorLoadMs} ms` : '';
        progress(`host start ${start}/${STARTS} (${((performance.now() - started) / 1000).toFixed(1)} s, ${result.load.oursFirst ? 'ours' : 'floor'} loaded first): load ours ${ours.wallMs.toFixed(2)} ms (cpu ${ours.cpuMs.toFixed(1)}), floor ${floor.wallMs.toFixed(2)} ms (cpu ${floor.cpuMs.toFixed(1)}); activate() ours ${result.activationMs.toFixed(2)} ms, floor ${result.floorActivationMs.toFixed(2)} ms${marks}`);
      } finally {
        followed.stop();
        await page.close();
      }
    }
    const { dir: _dir, scenarios: _scenarios, ...facts } = workspace;
    return { workspace: facts, codeServerVersion: host.codeServerVersion, rounds: { warmup: TOOL_ROUNDS.warmupRounds, warmupRunsPerRound: TOOL_ROUNDS.warmupRunsPerRound, measured: TOOL_ROUNDS.measuredRounds }, starts };
  } finally {
    await cleanup.run();
  }
}

/**
 * tmpfs where there is one: this machine's disk took 15–25 s to create the workspace's 11,000 files while others were
 * working (tmpfs: ~3 s). The timings do not depend on it: after the warm-up runs, ripgrep reads the page cache either way.
 */
function workspaceParent(): string {
  return process.platform === 'linux' && fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

function readResult(file: string): StartResult | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StartResult) : undefined;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, describe: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(describe())), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
