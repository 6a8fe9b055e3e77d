// run_command's cost to the extension host when a command prints a lot: the real runner (src/host/features/tools/
// commandTools.ts, bundled into this entry) runs a command printing 80 MB through a child process, against a peer that
// spawns the same command and throws its output away as it arrives (the least any reader can hold). Each round samples
// the host's resident memory while the command runs; its figure is the peak above the level before it started. Rounds
// alternate, ours first in odd rounds.
import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import { readToolSettings } from '../../../../src/core/tools/toolSettings';
import { CommandCalls } from '../../../../src/host/features/tools/commandCalls';
import { runCommand } from '../../../../src/host/features/tools/commandTools';
import type { CommandMemory, CommandMemoryPlan } from '../benchPlan';

const SAMPLE_MS = 20;

/** A command printing `megabytes` MB of 100-character lines, made by the shell's own tools. */
export function printingCommand(megabytes: number): string {
  return `yes '${'x'.repeat(99)}' | head -c ${megabytes * 1024 * 1024}`;
}

async function peakGrowth(run: () => Promise<void>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), SAMPLE_MS);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return (peak - before) / (1024 * 1024);
}

async function ours(command: string): Promise<void> {
  const calls = new CommandCalls();
  const settings = { ...readToolSettings(() => undefined), commandTimeoutSeconds: 600 };
  try {
    const outcome = await runCommand(
      { id: 'bench', name: 'run_command', kind: 'command', args: { command, reason: 'bench' }, argumentsText: '{}' },
      { calls, settings, ourKeys: async () => [], via: 'process', context: { signal: new AbortController().signal, approve: async () => ({ approved: true }), showCommand: () => undefined } },
    );
    if (outcome.status !== 'done' || !/\nExit code 0 after/.test(outcome.content)) throw new Error(`the command did not run to its end: ${JSON.stringify(outcome).slice(0, 400)}`);
  } finally {
    calls.dispose();
  }
}

function peer(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', () => undefined);
    child.stderr.on('data', () => undefined);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`the peer's command exited ${code}`))));
  });
}

export async function measureCommandMemory(plan: CommandMemoryPlan, progress: (line: string) => void): Promise<CommandMemory> {
  const command = printingCommand(plan.megabytes);
  const samples: CommandMemory = { megabytes: plan.megabytes, oursMb: [], peerMb: [], vscodeVersion: vscode.version };
  for (let round = 1; round <= plan.rounds; round++) {
    const order = round % 2 === 1 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
    for (const name of order) {
      const grew = await peakGrowth(() => (name === 'ours' ? ours(command) : peer(command)));
      (name === 'ours' ? samples.oursMb : samples.peerMb).push(grew);
      progress(`  command output: round ${round}/${plan.rounds} ${name} +${grew.toFixed(1)} MB`);
    }
  }
  return samples;
}
