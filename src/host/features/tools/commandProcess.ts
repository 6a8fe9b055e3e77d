// Starting one approved command, and ending it with everything it started. `startCommand` is the one place a command
// starts (a wrapper, e.g. a checkpoint around it, goes around this function). Each command gets a FRESH VS Code
// terminal, so nothing an earlier command did there (an exported variable, an alias, a `cd`) carries over: through its
// shell integration when the terminal gets it (output and exit code from `TerminalShellExecution`, and the user can
// watch it), else a child process of the user's shell with no input. Either way the exact line shown on the card is
// what the shell gets: as the terminal's command text, or as the one argument after `-c`, never inside another quoted
// string.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import * as vscode from 'vscode';
import type { CommandShell } from '../../../core';

/**
 * How long a fresh terminal is given to report shell integration. A shell VS Code cannot integrate with (sh, a
 * prompt that breaks it, integration turned off) never reports it, so the wait must end; a few seconds covers a busy
 * machine's shell start-up without holding every command back for long. After it the terminal is closed unused (no
 * command has run in it) and the command runs as a child process instead.
 */
const SHELL_INTEGRATION_WAIT_MS = 5_000;
/** After the polite signal, how long a process tree gets before it is killed outright. */
const KILL_GRACE_MS = 1_500;

export interface CommandSpec {
  commandLine: string;
  /** Absolute path of the folder it runs in. */
  cwd: string;
  /** The environment, without our keys (core's commandEnvironment). */
  env: Record<string, string>;
  /** Variables removed from it, which a terminal is told to unset. */
  removed: readonly string[];
  /** The terminal's name. */
  title: string;
  /** `process` skips the terminal (the tests of each path, and a host without terminals). */
  via?: 'terminal' | 'process' | 'auto';
}

export interface StartedCommand {
  via: 'terminal' | 'process';
  /** The output as it arrives (stdout and stderr together), decoded. Ends when the command has ended. */
  output: AsyncIterable<string>;
  /** Resolves when the command has ended, with its exit code when the shell reported one. */
  ended: Promise<{ exitCode: number | undefined }>;
  /** Ends the command and every process it started. */
  kill(): Promise<void>;
  /** The terminal, to show it (terminal path only). */
  terminal?: vscode.Terminal;
  /** Processes the command left running in the background when its shell ended (they were ended with it). */
  leftProcesses?: () => boolean;
}

/** Starts the command: in a fresh terminal through shell integration when it has it, else as a child process. */
export async function startCommand(spec: CommandSpec): Promise<StartedCommand> {
  if (spec.via !== 'process') {
    const started = await startInTerminal(spec);
    if (started) return started;
  }
  return startChildProcess(spec);
}

async function startInTerminal(spec: CommandSpec): Promise<StartedCommand | undefined> {
  const env: Record<string, string | null> = {};
  for (const name of spec.removed) env[name] = null;
  const terminal = vscode.window.createTerminal({ name: spec.title, cwd: spec.cwd, env, isTransient: true });
  const integration = await shellIntegrationOf(terminal);
  if (!integration) {
    terminal.dispose();
    return undefined;
  }
  terminal.show(true);
  const execution = integration.executeCommand(spec.commandLine);
  // VS Code passes on only what is printed after `read()` is first called: read at once, before anything else waits.
  const stream = execution.read();
  let closed: () => void = () => undefined;
  const terminalClosed = new Promise<void>((resolve) => (closed = resolve));
  const ended = new Promise<{ exitCode: number | undefined }>((resolve) => {
    const listeners = [
      vscode.window.onDidEndTerminalShellExecution((event) => {
        if (event.execution !== execution) return;
        dispose();
        resolve({ exitCode: event.exitCode });
      }),
      vscode.window.onDidCloseTerminal((gone) => {
        if (gone !== terminal) return;
        dispose();
        closed();
        resolve({ exitCode: gone.exitStatus?.code });
      }),
    ];
    const dispose = (): void => listeners.forEach((listener) => listener.dispose());
  });
  return {
    via: 'terminal',
    output: untilClosed(stream, terminalClosed),
    ended,
    terminal,
    kill: async () => {
      // The shell stays (the user may read the terminal); what it runs, and all that started, ends.
      const shell = await terminal.processId;
      if (shell !== undefined) await killTree(shell, { includeRoot: false });
      // A command that left the shell's group, or a shell that ignored it: ^C, then the terminal itself.
      terminal.sendText('\u0003', false);
      const gone = await Promise.race([ended.then(() => true), delay(KILL_GRACE_MS).then(() => false)]);
      if (!gone) terminal.dispose();
    },
  };
}

/**
 * The execution's output, ended when the terminal closes: a command that ends its shell (`exit 4`) closes the
 * terminal, and the execution's stream is then never ended.
 */
function untilClosed(stream: AsyncIterable<string>, closed: Promise<void>): AsyncIterable<string> {
  return {
    async *[Symbol.asyncIterator]() {
      const reader = stream[Symbol.asyncIterator]();
      const end = closed.then(() => ({ done: true as const, value: undefined }));
      for (;;) {
        const next = await Promise.race([reader.next(), end]);
        if (next.done) return;
        yield next.value;
      }
    },
  };
}

function shellIntegrationOf(terminal: vscode.Terminal): Promise<vscode.TerminalShellIntegration | undefined> {
  if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(undefined), SHELL_INTEGRATION_WAIT_MS);
    const changed = vscode.window.onDidChangeTerminalShellIntegration((event) => event.terminal === terminal && finish(event.shellIntegration));
    const closed = vscode.window.onDidCloseTerminal((event) => event === terminal && finish(undefined));
    function finish(value: vscode.TerminalShellIntegration | undefined): void {
      clearTimeout(timer);
      changed.dispose();
      closed.dispose();
      resolve(value);
    }
  });
}

/** The user's shell (`vscode.env.shell`), else the system's. */
function userShell(): { shell: string; name: string } {
  const shell = vscode.env.shell || (process.platform === 'win32' ? process.env.ComSpec || 'cmd.exe' : process.env.SHELL || '/bin/sh');
  return { shell, name: shell.replace(/\\/g, '/').split('/').pop()!.toLowerCase() };
}

/** The grammar the approval reads a line with: the one of the shell the line runs in. */
export function commandShell(): CommandShell {
  const { name } = userShell();
  if (name.startsWith('pwsh') || name.startsWith('powershell')) return 'powershell';
  return process.platform === 'win32' && name.startsWith('cmd') ? 'cmd' : 'posix';
}

/** How the user's shell takes one command line as one argument. */
export function shellInvocation(commandLine: string): { file: string; args: string[]; verbatim: boolean } {
  const { shell, name } = userShell();
  if (process.platform === 'win32') {
    if (name.startsWith('pwsh') || name.startsWith('powershell')) return { file: shell, args: ['-NoProfile', '-NonInteractive', '-Command', commandLine], verbatim: false };
    // cmd.exe reads its own command line: passed verbatim after /c, as typed.
    if (name.startsWith('cmd')) return { file: shell, args: ['/d', '/s', '/c', `"${commandLine}"`], verbatim: true };
  }
  return { file: shell, args: ['-c', commandLine], verbatim: false };
}

function startChildProcess(spec: CommandSpec): StartedCommand {
  const { file, args, verbatim } = shellInvocation(spec.commandLine);
  // Its own process group (POSIX), so the whole tree can be ended at once; no input: stdin is /dev/null.
  const child = spawn(file, args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32', windowsHide: true, windowsVerbatimArguments: verbatim });
  const output = childOutput(child);
  let exitCode: number | undefined;
  let left = false;
  let killing = false;
  // The shell has ended; what is still running in its process group was started by the command and left behind (a
  // daemon holding the output open would keep the command from ever ending): it ends with the command.
  child.once('exit', (code, signal) => {
    exitCode = code ?? (signal ? 128 + (signalNumber(signal) ?? 0) : undefined);
    if (!killing && child.pid !== undefined && process.platform !== 'win32' && isAlive(-child.pid)) {
      left = true;
      void killTree(child.pid, { includeRoot: false, group: true }).then(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      });
    }
  });
  // Rejects when the shell cannot be started (its error says why). Resolves once the output pipes are drained.
  const ended = new Promise<{ exitCode: number | undefined }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve({ exitCode }));
  });
  return {
    via: 'process',
    output,
    ended,
    leftProcesses: () => left,
    kill: async () => {
      if (child.pid === undefined) return;
      killing = true;
      await killTree(child.pid, { includeRoot: true, group: true });
      await Promise.race([ended.catch(() => undefined), delay(KILL_GRACE_MS)]);
      // Whatever still holds the pipes open (a daemon that left the group) must not hold the read open.
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}

/** stdout and stderr as one stream of text, in the order the chunks arrive. */
function childOutput(child: ChildProcess): AsyncIterable<string> {
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let open = 2;
  const push = (text: string): void => {
    if (text !== '') queue.push(text);
    wake?.();
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) {
      open--;
      continue;
    }
    const decoder = new StringDecoder('utf8');
    stream.on('data', (chunk: Buffer) => {
      push(decoder.write(chunk));
      // Read no faster than the reader takes it: a command printing 80 MB must not fill the host's memory.
      if (queue.length > 16) stream.pause();
    });
    stream.once('close', () => {
      open--;
      push(decoder.end());
    });
  }
  child.once('error', () => {
    open = 0;
    wake?.();
  });
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const next = queue.shift();
        if (next !== undefined) {
          if (queue.length < 4) {
            child.stdout?.resume();
            child.stderr?.resume();
          }
          yield next;
          continue;
        }
        if (open <= 0) return;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    },
  };
}

/**
 * Ends `pid`'s descendants (and `pid` itself when `includeRoot`), found before any is signalled (an orphan moves to
 * init and could no longer be found): SIGTERM, then SIGKILL to whatever is left after a short grace. `group`: the root
 * leads its own process group, which is signalled too (what left the tree but not the group).
 */
export async function killTree(pid: number, options: { includeRoot: boolean; group?: boolean }): Promise<void> {
  if (process.platform === 'win32') {
    await new Promise<void>((resolve) => execFile('taskkill', ['/pid', String(pid), '/T', '/F'], () => resolve()));
    return;
  }
  const targets = [...(await descendantsOf(pid)), ...(options.includeRoot ? [pid] : [])];
  const signalAll = (signal: NodeJS.Signals): void => {
    if (options.group) trySignal(-pid, signal);
    for (const target of targets) trySignal(target, signal);
  };
  signalAll('SIGTERM');
  await delay(Math.min(KILL_GRACE_MS, 300));
  if (targets.some(isAlive) || (options.group && isAlive(-pid))) {
    await delay(KILL_GRACE_MS);
    signalAll('SIGKILL');
  }
}

/** Every descendant of `root`, from `ps` (Linux and macOS alike). */
function descendantsOf(root: number): Promise<number[]> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid='], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return resolve([]);
      const children = new Map<number, number[]>();
      for (const line of stdout.split('\n')) {
        const [pid, ppid] = line.trim().split(/\s+/).map(Number);
        if (pid === undefined || ppid === undefined || Number.isNaN(pid) || Number.isNaN(ppid)) continue;
        children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      }
      const found: number[] = [];
      const stack = [root];
      while (stack.length > 0) {
        for (const child of children.get(stack.pop()!) ?? []) {
          found.push(child);
          stack.push(child);
        }
      }
      resolve(found);
    });
  });
}

function trySignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalNumber(signal: NodeJS.Signals): number | undefined {
  return ({ SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 } as Partial<Record<NodeJS.Signals, number>>)[signal];
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
