// run_command's runner in a real extension host: a command through a fresh terminal's shell integration and through a
// child process of the user's shell (output, exit code, the whole output in its file), Stop and the time-out ending
// the whole process tree (the child's child is gone too), no input, and no key of ours in the command's environment
// (a canary). Restricted Mode is not reachable here (this host's workspace is trusted): the unit tier holds it
// (test/unit/run/prepareRun.test.ts "in Restricted Mode…", and the runner refuses every workspace tool when untrusted).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { CommandCallState } from '../../src/core/tools/commandCall';
import type { ToolOutcome, ToolRunContext } from '../../src/core/tools/toolLoopTypes';
import { readToolSettings } from '../../src/core/tools/toolSettings';
import type { WorkspaceToolCallOf } from '../../src/core/tools/validateToolCall';
import { CommandCalls } from '../../src/host/features/tools/commandCalls';
import { runCommand } from '../../src/host/features/tools/commandTools';
import { createCheckpointRecorder } from '../../src/host/platform/checkpoints/checkpoints';
import type { Log } from '../../src/host/platform/log/log';
import { activateExtension, until } from './support/extensionFixture';

const KEY_CANARY = 'sk-ask-model-canary-0123456789';

interface Run {
  outcome: Promise<ToolOutcome>;
  states: CommandCallState[];
  calls: CommandCalls;
  id: string;
  asked: number;
}

let serial = 0;

function run(
  command: string,
  options: { via: 'terminal' | 'process' | 'auto'; timeoutSeconds?: number; approve?: boolean; signal?: AbortSignal; rules?: string[]; aroundCommand?: ToolRunContext['aroundCommand'] },
): Run {
  const id = `c_${++serial}`;
  const calls = new CommandCalls();
  const states: CommandCallState[] = [];
  const result: Run = { outcome: Promise.resolve({ status: 'failed', content: '' }), states, calls, id, asked: 0 };
  const context: ToolRunContext = {
    signal: options.signal ?? new AbortController().signal,
    approve: async () => {
      result.asked++;
      return { approved: options.approve ?? true };
    },
    showCommand: (state) => states.push(state),
    ...(options.aroundCommand ? { aroundCommand: options.aroundCommand } : {}),
  };
  const settings = { ...readToolSettings(() => undefined), commandTimeoutSeconds: options.timeoutSeconds ?? 120, commandRules: options.rules ?? [] };
  const call: WorkspaceToolCallOf<'run_command'> = { id, name: 'run_command', kind: 'command', args: { command, reason: 'the integration test' }, argumentsText: '{}' };
  result.outcome = runCommand(call, { calls, settings, ourKeys: async () => [KEY_CANARY], context, via: options.via });
  return result;
}

/** Alive, and not a zombie waiting for a parent to reap it (a reaped or dead process is gone). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

function scratchFile(name: string): string {
  return path.join(os.tmpdir(), `ask-model-run-command-${process.pid}-${++serial}-${name}`);
}

/** Whether a fresh terminal gets shell integration in this host (measured once, the way the runner waits for it). */
async function terminalsGetShellIntegration(): Promise<boolean> {
  const terminal = vscode.window.createTerminal({ name: 'run-command-probe', isTransient: true });
  try {
    if (terminal.shellIntegration) return true;
    return await new Promise<boolean>((resolve) => {
      const listener = vscode.window.onDidChangeTerminalShellIntegration((event) => event.terminal === terminal && (listener.dispose(), resolve(true)));
      setTimeout(() => (listener.dispose(), resolve(false)), 10_000);
    });
  } finally {
    terminal.dispose();
  }
}

describe('run_command in a real extension host', function () {
  this.timeout(60_000);
  let integrated = false;

  before(async () => {
    await activateExtension();
    integrated = await terminalsGetShellIntegration();
  });
  after(() => {
    delete process.env['ASK_MODEL_TEST_CANARY'];
    delete process.env['SOME_TOOL_TOKEN'];
  });

  it('runs a command as a child process of the user’s shell: output, exit code, the whole output in its file', async () => {
    const command = run(`printf '\\033[32mgreen\\033[0m\\n'; echo to-stderr >&2; pwd; exit 3`, { via: 'process' });
    const outcome = await command.outcome;
    assert.equal(outcome.status, 'done');
    const content = outcome.status === 'done' ? outcome.content : '';
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    assert.match(content, /^\$ printf .*exit 3\n\(in \.\)\nExit code 3 after [\d.]+ s\.\nOutput \(3 lines, ANSI codes removed\):\ngreen\n/);
    assert.ok(content.includes('to-stderr'), content);
    assert.ok(content.includes(fs.realpathSync(folder)) || content.includes(folder), `runs in the workspace folder: ${content}`);
    const last = command.states.at(-1)!;
    assert.deepEqual([last.phase, last.exitCode, last.via, last.ending], ['ended', 3, 'process', 'exited']);
    assert.equal(command.asked, 1, 'no rule covers it: it waited for Run');
    assert.deepEqual(
      command.states[0]?.approvalNotes,
      ['printf \\033[32mgreen\\033[0m\\n', 'echo to-stderr', 'pwd', 'exit 3'].map((part) => `no rule in askModel.tools.commandRules covers \`${part}\``),
      'the card said why it asks',
    );
    const file = command.calls.get(command.id)?.outputFile;
    assert.ok(file);
    assert.equal(fs.readFileSync(file, 'utf8').includes('\u001b[32mgreen'), true, 'the file holds the output as printed');
    command.calls.dispose();
  });

  it('a line every part of which a rule of the user covers runs without asking; chained past the rule, it asks', async () => {
    const covered = run(`echo covered && pwd`, { via: 'process', rules: ['echo', 'pwd'] });
    assert.equal((await covered.outcome).status, 'done');
    assert.equal(covered.asked, 0, 'covered: no question');
    assert.deepEqual(covered.states.at(-1)?.allowedBy, ['echo', 'pwd']);
    const marker = scratchFile('chained');
    const chained = run(`echo covered && touch '${marker}'`, { via: 'process', rules: ['echo'], approve: false });
    assert.equal((await chained.outcome).status, 'rejected');
    assert.equal(chained.asked, 1, 'the part no rule covers makes it ask');
    assert.ok(chained.states[0]?.approvalNotes?.some((note) => note.includes('covers `touch')), String(chained.states[0]?.approvalNotes));
    assert.equal(fs.existsSync(marker), false, 'nothing ran');
    const bad = run(`echo hi`, { via: 'process', rules: ['echo hi && rm -rf /'], approve: false });
    await bad.outcome;
    assert.ok(bad.states[0]?.approvalNotes?.some((note) => /^askModel\.tools\.commandRules: the rule "echo hi && rm -rf \/" .*it is not used\.$/.test(note)), String(bad.states[0]?.approvalNotes));
  });

  it('runs the whole command inside Restore to here’s capture: a restore brings back what it changed and deletes what it created', async () => {
    const workspace = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const folder = fs.mkdtempSync(path.join(workspace, 'run-command-restore-'));
    const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-run-command-checkpoints-'));
    const values = new Map<string, unknown>();
    const state = { keys: () => [...values.keys()], get: (key: string) => structuredClone(values.get(key)), update: async (key: string, value: unknown) => void values.set(key, structuredClone(value)) } as unknown as vscode.Memento;
    const problems: string[] = [];
    const log = { error: (line: string) => problems.push(line), warn: (line: string) => problems.push(line), info: () => undefined } as unknown as Log;
    const checkpoints = createCheckpointRecorder({ workspaceState: state, storageUri: vscode.Uri.file(storage), globalStorageUri: vscode.Uri.file(storage) }, log);
    try {
      fs.writeFileSync(path.join(folder, 'a.txt'), 'a0\n');
      const name = path.basename(folder);
      await checkpoints.begin('c1', 'u1');
      const wrapped: string[] = [];
      const command = run(`sed -i 's/a0/a1/' ${name}/a.txt && echo n > ${name}/new.txt`, {
        via: 'process',
        aroundCommand: (where, start) => (wrapped.push(where), checkpoints.aroundCommand(where, start)),
      });
      assert.equal((await command.outcome).status, 'done');
      checkpoints.end();
      assert.deepEqual(wrapped, [workspace], 'wrapped once, in the folder it ran in');
      assert.equal(fs.readFileSync(path.join(folder, 'a.txt'), 'utf8'), 'a1\n');
      const outcome = await checkpoints.restore('c1', ['u1'], async (paths) => {
        throw new Error(`asked about ${paths.join(', ')}`);
      });
      assert.ok(outcome.done);
      assert.equal(fs.readFileSync(path.join(folder, 'a.txt'), 'utf8'), 'a0\n', 'changed by the command: back');
      assert.equal(fs.existsSync(path.join(folder, 'new.txt')), false, 'created by the command: deleted');
      assert.deepEqual(problems, []);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      fs.rmSync(storage, { recursive: true, force: true });
    }
  });

  it('runs nothing when the user rejects it', async () => {
    const marker = scratchFile('rejected');
    const command = run(`touch '${marker}'`, { via: 'process', approve: false });
    const outcome = await command.outcome;
    assert.equal(outcome.status, 'rejected');
    assert.equal(fs.existsSync(marker), false);
  });

  it('gives the command no input: a command that reads gets end of input at once', async () => {
    const outcome = await run(`if read line; then echo "got $line"; else echo no-input; fi`, { via: 'process' }).outcome;
    assert.match(outcome.status === 'done' ? outcome.content : '', /\nno-input$/);
  });

  it('runs a command in a fresh terminal through shell integration where the terminal has it, else as a process', async () => {
    const before = new Set(vscode.window.terminals);
    const command = run(`echo first-line; echo second-line; sh -c 'exit 4'`, { via: 'auto' });
    const outcome = await command.outcome;
    const content = outcome.status === 'done' ? outcome.content : '';
    const last = command.states.at(-1)!;
    assert.equal(last.via, integrated ? 'terminal' : 'process', `this host's terminals ${integrated ? 'get' : 'do not get'} shell integration`);
    // The first output is not lost: the stream is read from the moment the command is sent.
    assert.match(content, /\nExit code 4 after [\d.]+ s\.\nOutput \(\d+ lines, ANSI codes removed\):\n(?:.*\n)*first-line\nsecond-line/);
    if (integrated) {
      const fresh = vscode.window.terminals.filter((terminal) => !before.has(terminal));
      assert.equal(fresh.length, 1, 'one new terminal for the command');
      // Nothing carries over: a second command gets another fresh terminal, without the first one's variable.
      const second = await run(`export LEFT_OVER=1; echo set`, { via: 'auto' }).outcome;
      assert.equal(second.status, 'done');
      const third = await run(`echo "left:\${LEFT_OVER:-none}"`, { via: 'auto' }).outcome;
      assert.match(third.status === 'done' ? third.content : '', /left:none/);
      for (const terminal of vscode.window.terminals) if (!before.has(terminal)) terminal.dispose();
    }
  });

  for (const via of ['process', 'terminal'] as const) {
    it(`Stop ends the whole process tree (${via}): the command's child is gone`, async function () {
      if (via === 'terminal' && !integrated) this.skip();
      const pidFile = scratchFile('pid');
      const command = run(`sh -c 'sleep 300 & echo $! > "${pidFile}"; wait'`, { via });
      const pid = await until(() => {
        const text = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim() : '';
        return text === '' ? undefined : Number(text);
      }, 'the command to start its child', 30_000);
      assert.equal(alive(pid), true);
      assert.equal(command.calls.stop(command.id), true);
      const outcome = await command.outcome;
      assert.match(outcome.status === 'done' ? outcome.content : '', /The user stopped the command after [\d.]+ s; it and every process it started were ended\./);
      assert.equal(command.states.at(-1)?.ending, 'stopped');
      await until(() => !alive(pid), `the child ${pid} to be gone`);
      fs.rmSync(pidFile, { force: true });
      for (const terminal of vscode.window.terminals) if (terminal.name.startsWith('Ask Model:')) terminal.dispose();
    });
  }

  it('the time-out ends the whole process tree, and the model is told commands get no input', async () => {
    const pidFile = scratchFile('pid');
    const command = run(`sh -c 'sleep 300 & echo $! > "${pidFile}"; wait'`, { via: 'process', timeoutSeconds: 2 });
    const outcome = await command.outcome;
    const content = outcome.status === 'done' ? outcome.content : '';
    assert.match(content, /did not end within 2 seconds \(askModel\.tools\.commandTimeoutSeconds\), so it and every process it started were ended\. Commands get no input/);
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    await until(() => !alive(pid), `the child ${pid} to be gone`);
    assert.equal(outcome.status === 'done' ? outcome.preview : '', 'ended at the time-out (2 s)');
    fs.rmSync(pidFile, { force: true });
  });

  it('the chat’s Stop ends a running command and its tree too', async () => {
    const pidFile = scratchFile('pid');
    const controller = new AbortController();
    const command = run(`sh -c 'sleep 300 & echo $! > "${pidFile}"; wait'`, { via: 'process', signal: controller.signal });
    const pid = await until(() => (fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() !== '' ? Number(fs.readFileSync(pidFile, 'utf8')) : undefined), 'the child');
    controller.abort();
    await command.outcome;
    assert.equal(command.states.at(-1)?.ending, 'cancelled');
    await until(() => !alive(pid), `the child ${pid} to be gone`);
    fs.rmSync(pidFile, { force: true });
  });

  it('a daemon the command leaves behind is ended with it, and the result says so', async () => {
    const pidFile = scratchFile('pid');
    const outcome = await run(`sleep 300 > /dev/null 2>&1 & echo $! > "${pidFile}"; sleep 300 & echo started`, { via: 'process' }).outcome;
    const content = outcome.status === 'done' ? outcome.content : '';
    assert.match(content, /\nExit code 0 after/);
    assert.match(content, /It left processes running in the background when it ended; they were ended with it\.$/);
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    await until(() => !alive(pid), `the daemon ${pid} to be gone`);
    fs.rmSync(pidFile, { force: true });
  });

  it('carries no key of ours in the command’s environment (a canary), through a process and a terminal', async () => {
    process.env['ASK_MODEL_TEST_CANARY'] = 'canary-variable-of-ours';
    process.env['SOME_TOOL_TOKEN'] = `Bearer ${KEY_CANARY}`;
    for (const via of integrated ? (['process', 'terminal'] as const) : (['process'] as const)) {
      const outcome = await run('env', { via }).outcome;
      const content = outcome.status === 'done' ? outcome.content : '';
      assert.match(content, /\nPATH=/, `${via}: env printed the environment`);
      assert.ok(!content.includes('canary-variable-of-ours') && !content.includes('ASK_MODEL_TEST_CANARY'), `${via}: our variable is not passed on`);
      assert.ok(!content.includes(KEY_CANARY) && !content.includes('SOME_TOOL_TOKEN'), `${via}: no variable holding our key is passed on`);
    }
    for (const terminal of vscode.window.terminals) if (terminal.name.startsWith('Ask Model:')) terminal.dispose();
  });

  it('a command that is not found gives a clear result with the shell’s exit code', async () => {
    const outcome = await run('no-such-command-ask-model', { via: 'process' }).outcome;
    assert.match(outcome.status === 'done' ? outcome.content : '', /\nExit code 127 after [\d.]+ s\.\nOutput \(1 line, ANSI codes removed\):\n.*no-such-command-ask-model.*not found/);
  });
});
