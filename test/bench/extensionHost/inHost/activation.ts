// Activation as this extension host saw it: activate()'s own figure (ours returns `activationMs`, the floor extension
// the same), and the module evaluation before it, timed by require()-ing a fresh copy of each installed bundle, put
// beside it in its extension's folder (so `vscode` resolves to that extension's API, as it does for the real one).
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { FLOOR_ID, OURS_ID, type StartResult } from '../benchPlan';

/**
 * Ours activates on onStartupFinished (or here, if the entry runs first); the floor only when asked, here, after ours:
 * the API's lazy set-up (the first output channel, the first configuration read) is then paid by ours, and the floor
 * is the bare cost of the calls, which makes ours / floor an upper bound on what our own work adds.
 */
export async function measureActivation(): Promise<Omit<StartResult, 'start' | 'tools'>> {
  const ours = await activated<{ activationMs: number }>(OURS_ID);
  const floor = await activated<{ activationMs: number; oursWasActive: boolean }>(FLOOR_ID);
  if (!floor.exports.oursWasActive) throw new Error(`${FLOOR_ID} activated before ${OURS_ID}`);
  const oursEvaluation = timeFreshRequire(ours.extension);
  const floorEvaluation = timeFreshRequire(floor.extension);
  return {
    activationMs: ours.exports.activationMs,
    floorActivationMs: floor.exports.activationMs,
    evaluation: { oursMs: oursEvaluation.wallMs, oursCpuMs: oursEvaluation.cpuMs, floorMs: floorEvaluation.wallMs, floorCpuMs: floorEvaluation.cpuMs },
  };
}

async function activated<T>(id: string): Promise<{ extension: vscode.Extension<T>; exports: T }> {
  const extension = vscode.extensions.getExtension<T>(id);
  if (!extension) throw new Error(`${id} is not loaded in the bench's extension host (it has ${vscode.extensions.all.filter((other) => !other.id.startsWith('vscode.')).map((other) => other.id).join(', ')})`);
  const exports = await extension.activate();
  if (typeof (exports as { activationMs?: unknown } | undefined)?.activationMs !== 'number') throw new Error(`${id} returned no activationMs`);
  return { extension, exports };
}

/** Wall-clock and this process's CPU time: on a busy machine the wall-clock time is mostly waiting for a core. */
function timeFreshRequire(extension: vscode.Extension<unknown>): { wallMs: number; cpuMs: number } {
  const main = path.join(extension.extensionPath, String((extension.packageJSON as { main?: unknown }).main ?? ''));
  const file = main.replace(/(\.js)?$/, '.bench-copy.js');
  fs.copyFileSync(main.endsWith('.js') ? main : `${main}.js`, file);
  const cpu = process.cpuUsage();
  const started = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(file);
  const wallMs = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (user + system) / 1000 };
}
