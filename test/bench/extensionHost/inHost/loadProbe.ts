// The bench entry folder's own extension `main`, activated on `*` (star activation is part of the host's eager start,
// which the host awaits before onStartupFinished, when both contenders would activate). Before either loads it:
// 1. wraps the host's `Module._load` (outermost, over the host's own interceptors) and times, with performance.now()
//    and the process's CPU time, the one require() the host makes of ours' and the floor extension's `main`: from the
//    host starting to require the bundle (resolve, read, compile, evaluate) until it returns. Each contender's first
//    and only load in this host is timed the same way; anything else passes straight through.
// 2. makes the vscode API calls both contenders' activate() make, once, so that the API's one-time set-up in a new
//    extension host (the first log channel's folder, the first configuration read, …) is paid by neither: in a real
//    window, extensions activated earlier have paid it too.
// 3. activates the two itself, once the workbench's own start-up has quietened (as it has when onStartupFinished
//    fires), one after the other with a pause before each (so neither runs while the other's garbage collection or
//    compilation is still finishing), ours first in odd-numbered starts and the floor first in even ones: the host
//    would otherwise always activate them in the same order (by id), back to back.
// The host waits for star activations before it fires onStartupFinished, so neither is activated any other way.
// With ASK_MODEL_BENCH_PROFILE_LOAD=<folder> in the bench's environment it also writes a CPU profile of each of those
// loads there (`<id>-start<n>.cpuprofile`, for Chrome DevTools or `node --cpu-prof` readers); the profiler slows the
// load it watches, so the timings of such a run are not figures.
import fs from 'node:fs';
import { Session } from 'node:inspector';
import Module from 'node:module';
import path from 'node:path';
import * as vscode from 'vscode';
import { FLOOR_ID, OURS_ID, PLAN_ENV, PROFILE_LOAD_ENV, type BenchPlan, type LoadTiming } from '../benchPlan';

export interface LoadProbe {
  /** Ours' and the floor's first load in this host, once each has happened; keyed by extension id. */
  loads: Record<string, LoadTiming>;
  /** The ids in the order the host loaded them. */
  loadOrder: string[];
  /** Set when an extension's main was already in the module cache when the probe began: its load was not timed. */
  loadedBeforeProbe: string[];
}

type LoadFunction = (request: string, parent: unknown, isMain: boolean) => unknown;

/** Long enough for the work a load or an activation leaves behind (a scavenge, background compilation) to finish. */
const PAUSE_MS = 250;
/** The workbench (another process, on the same cores) is still starting when star activation runs. */
const QUIET_MS = 1500;

export async function activate(context: vscode.ExtensionContext): Promise<LoadProbe> {
  const probe: LoadProbe = { loads: {}, loadOrder: [], loadedBeforeProbe: [] };
  const watched = new Map<string, string>();
  for (const id of [OURS_ID, FLOOR_ID]) {
    const extension = vscode.extensions.getExtension(id);
    const main = (extension?.packageJSON as { main?: unknown } | undefined)?.main;
    if (!extension || typeof main !== 'string') continue;
    const file = path.join(extension.extensionPath, main);
    const withJs = file.endsWith('.js') ? file : `${file}.js`;
    if (require.cache[withJs]) probe.loadedBeforeProbe.push(id);
    watched.set(file, id).set(withJs, id);
  }
  const moduleInternals = Module as unknown as { _load: LoadFunction };
  const original = moduleInternals._load;
  moduleInternals._load = function timedLoad(this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
    const id = watched.get(request);
    if (id === undefined || probe.loads[id] !== undefined) return original.call(this, request, parent, isMain);
    probe.loadOrder.push(id);
    const profiler = startProfiler(id);
    const cpu = process.cpuUsage();
    const started = performance.now();
    try {
      return original.call(this, request, parent, isMain);
    } finally {
      const wallMs = performance.now() - started;
      const { user, system } = process.cpuUsage(cpu);
      probe.loads[id] = { wallMs, cpuMs: (user + system) / 1000 };
      profiler?.stop();
    }
  };
  warmUpApi(context);
  const start = planStart();
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  for (const id of start % 2 === 1 ? [OURS_ID, FLOOR_ID] : [FLOOR_ID, OURS_ID]) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    await vscode.extensions.getExtension(id)?.activate();
  }
  return probe;
}

function planStart(): number {
  const planFile = process.env[PLAN_ENV];
  return planFile ? (JSON.parse(fs.readFileSync(planFile, 'utf8')) as BenchPlan).start : 1;
}

/** The calls the floor extension makes (see floorExtension/extension.ts), made once and left registered. */
function warmUpApi(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Ask Model bench probe', { log: true });
  log.info('warming up the vscode API for the activation bench');
  const config = vscode.workspace.getConfiguration('askModel');
  const item = vscode.window.createStatusBarItem('askModelBenchProbe.item', vscode.StatusBarAlignment.Right, 0);
  item.text = `${String(config.get('model') ?? '')} ${String(config.get('baseUrl') ?? '')}`;
  item.show();
  context.subscriptions.push(
    log,
    item,
    vscode.window.onDidChangeActiveTextEditor(() => undefined),
    vscode.workspace.onDidChangeConfiguration(() => undefined),
    vscode.workspace.registerTextDocumentContentProvider('ask-model-bench-probe', { provideTextDocumentContent: () => '' }),
    vscode.commands.registerCommand('askModelBenchProbe.noop', () => undefined),
    vscode.window.registerWebviewViewProvider('askModelBenchProbe.view', { resolveWebviewView: () => undefined }),
  );
}

/** An in-process inspector session answers synchronously, so the profile covers exactly the one require(). */
function startProfiler(id: string): { stop(): void } | undefined {
  const folder = process.env[PROFILE_LOAD_ENV];
  if (!folder) return undefined;
  const start = planStart();
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 50 });
  session.post('Profiler.start');
  return {
    stop: () =>
      session.post('Profiler.stop', (error, result) => {
        if (!error) fs.writeFileSync(path.join(folder, `${id}-start${start}.cpuprofile`), JSON.stringify(result.profile));
        session.disconnect();
      }),
  };
}

export function deactivate(): void {}
