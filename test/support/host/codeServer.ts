// Starts code-server (the real VS Code server + web workbench, see shared/test-host.md) on a free loopback port with
// throwaway state, in its own process group so the extension hosts it forks die with it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freeLoopbackPort } from './freePort';
import type { TestHost } from './testHost';

export interface CodeServerOptions {
  readonly host: TestHost;
  /** A fresh folder this run owns: user data, extensions, TMPDIR and the server log go inside. */
  readonly scratchDir: string;
  /** Added to the environment; the extension host inherits code-server's environment, so tests can read these. */
  readonly env?: Readonly<Record<string, string>>;
  /** User settings written before start, over the quiet defaults (the e2e tier points askModel.* at its server). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * `--vscode-option enable-smoke-test-driver` (default true): needed to run extensionTestsPath and report its exit
   * code, but it also suppresses notification toasts, so the UI tier turns it off.
   */
  readonly smokeTestDriver?: boolean;
  readonly startTimeoutMs?: number;
  /** A fixed loopback port (the demo prints a stable URL); default: a free one. */
  readonly port?: number;
  /** `.vsix` files installed into this run's extensions folder before start. */
  readonly installVsix?: readonly string[];
}

export interface RunningCodeServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly logFile: string;
  /** `--user-data-dir`: user settings live in its `User/settings.json`. */
  readonly userDataDir: string;
  /** The last lines of code-server's own output, for error messages. */
  logTail(lines?: number): string;
  /** The server's process group: the server, the extension hosts and the pty host it forks. */
  readonly processGroup: number;
  /** Kills the whole process group (server, extension hosts, pty host) and waits until it is gone. */
  stop(): Promise<void>;
}

/** Keeps the workbench quiet: no welcome page, no telemetry, no update or AI prompts. */
export const QUIET_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  // VS Code for the Web saves dirty files after a second by default (desktop does not): tests that check an edit
  // stays unsaved, or that nothing was written to disk, need the desktop default.
  'files.autoSave': 'off',
};

/** Variables of the launcher that must not leak into code-server (a tsx loader, a parent VS Code's IPC hooks). */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name === 'NODE_OPTIONS' || name === 'ELECTRON_RUN_AS_NODE' || name.startsWith('VSCODE_')) continue;
    env[name] = value;
  }
  return env;
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const { host, scratchDir } = options;
  const dirs = {
    userData: path.join(scratchDir, 'user-data'),
    extensions: path.join(scratchDir, 'extensions'),
    tmp: path.join(scratchDir, 'tmp'), // VS Code's IPC sockets: one folder per run
    xdg: path.join(scratchDir, 'xdg'), // code-server's own data/config folders, kept out of ~
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(path.join(dirs.userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...options.settings }, null, 2));
  const emptyConfig = path.join(scratchDir, 'code-server.yaml'); // without --config it writes ~/.config/code-server
  fs.writeFileSync(emptyConfig, '');
  const logFile = path.join(scratchDir, 'code-server.log');
  const log = fs.openSync(logFile, 'a');

  for (const vsix of options.installVsix ?? []) {
    const install = spawnSync(host.node, [host.codeServerEntry, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--install-extension', vsix], {
      encoding: 'utf8',
      env: { ...inheritedEnv(), XDG_DATA_HOME: path.join(dirs.xdg, 'data'), XDG_CONFIG_HOME: path.join(dirs.xdg, 'config') },
    });
    if (install.status !== 0) throw new Error(`could not install ${vsix} into code-server: ${install.stderr || install.stdout}`);
  }
  const port = options.port ?? (await freeLoopbackPort());
  const args = [
    host.codeServerEntry,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--user-data-dir', dirs.userData,
    '--extensions-dir', dirs.extensions,
    '--config', emptyConfig,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    // lets the workbench run extensionTestsPath and report its exit code
    ...(options.smokeTestDriver === false ? [] : ['--vscode-option', 'enable-smoke-test-driver']),
  ];
  const child = spawn(host.node, args, {
    detached: true, // its own process group, so one kill reaches the extension hosts it forks
    stdio: ['ignore', log, log],
    env: {
      ...inheritedEnv(),
      TMPDIR: dirs.tmp,
      XDG_DATA_HOME: path.join(dirs.xdg, 'data'),
      XDG_CONFIG_HOME: path.join(dirs.xdg, 'config'),
      XDG_CACHE_HOME: path.join(dirs.xdg, 'cache'),
      ...options.env,
    },
  });
  fs.closeSync(log);
  const pgid = child.pid;
  if (pgid === undefined) throw new Error(`could not start code-server with ${host.node}`);

  const killGroup = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-pgid, signal);
      return true;
    } catch {
      return false; // ESRCH: the group is gone
    }
  };
  const killOnExit = (): void => void killGroup('SIGKILL'); // last resort if the launcher dies without cleaning up
  process.on('exit', killOnExit);
  let exitStatus: string | undefined;
  child.on('exit', (code, signal) => (exitStatus = signal ?? String(code)));

  const logTail = (lines = 30): string => {
    try {
      return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  };
  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    if (!killGroup('SIGTERM')) return;
    for (let waited = 0; waited < 5000; waited += 100) {
      await sleep(100);
      if (!killGroup(0)) return; // signal 0 only asks whether any member is left
    }
    killGroup('SIGKILL');
  };

  const origin = `http://127.0.0.1:${port}`;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  while (!(await answers(`${origin}/healthz`))) {
    const problem =
      exitStatus !== undefined
        ? `code-server exited (${exitStatus}) before it answered HTTP`
        : Date.now() > deadline
          ? `code-server did not answer on ${origin} within ${startTimeoutMs} ms`
          : undefined;
    if (problem) {
      await stop();
      throw new Error(`${problem}. Its log:\n${logTail()}`);
    }
    await sleep(200);
  }
  return { port, origin, logFile, userDataDir: dirs.userData, logTail, processGroup: pgid, stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
