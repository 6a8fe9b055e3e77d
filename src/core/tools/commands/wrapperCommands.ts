// Command names a rule never covers, and names the card never offers a rule for on their own. A wrapper runs another
// command that its own words name (`sudo rm …`, `xargs sh …`), or a builtin changes the shell the next command runs in
// (`export PAGER=…; git log` is how CVE-2026-22708 turned Cursor's allowed `git` into any command). Matching is on the
// command name as the program gets it: a path (`/usr/bin/env`) or a quoted name does not make it another program,
// so the last path segment is what is looked up.

export interface NamedCommand {
  readonly name: string;
  readonly why: string;
}

const RUNS_ANOTHER = 'runs the command its words name (a rule for it would cover any command)';
const CHANGES_SHELL = 'changes the shell that the next commands run in';

/**
 * Commands that always ask, whatever rule the user wrote: each runs or prepares another command. Built on first use,
 * so that a bundle that never decides on a command drops the table.
 */
export function wrapperCommandTable(): readonly NamedCommand[] {
  wrappers ??= buildWrappers();
  return wrappers;
}

let wrappers: readonly NamedCommand[] | undefined;

const buildWrappers = (): readonly NamedCommand[] => [
  { name: 'sudo', why: `${RUNS_ANOTHER}, as another user` },
  { name: 'doas', why: `${RUNS_ANOTHER}, as another user` },
  { name: 'su', why: 'runs a shell or a command as another user' },
  { name: 'pkexec', why: `${RUNS_ANOTHER}, as another user` },
  { name: 'runuser', why: `${RUNS_ANOTHER}, as another user` },
  { name: 'env', why: `${RUNS_ANOTHER}, with variables it sets` },
  { name: 'xargs', why: `${RUNS_ANOTHER}, with words read from its input` },
  { name: 'parallel', why: RUNS_ANOTHER },
  { name: 'nohup', why: `${RUNS_ANOTHER}, and keeps it running after the line ends` },
  { name: 'setsid', why: `${RUNS_ANOTHER}, detached from the terminal` },
  { name: 'timeout', why: RUNS_ANOTHER },
  { name: 'time', why: RUNS_ANOTHER },
  { name: 'nice', why: RUNS_ANOTHER },
  { name: 'ionice', why: RUNS_ANOTHER },
  { name: 'chrt', why: RUNS_ANOTHER },
  { name: 'taskset', why: RUNS_ANOTHER },
  { name: 'stdbuf', why: RUNS_ANOTHER },
  { name: 'chroot', why: RUNS_ANOTHER },
  { name: 'unshare', why: RUNS_ANOTHER },
  { name: 'nsenter', why: RUNS_ANOTHER },
  { name: 'flock', why: RUNS_ANOTHER },
  { name: 'watch', why: `${RUNS_ANOTHER}, again and again` },
  { name: 'strace', why: RUNS_ANOTHER },
  { name: 'ltrace', why: RUNS_ANOTHER },
  { name: 'gdb', why: 'runs a program and its own commands' },
  { name: 'script', why: 'runs a shell or the command it is given' },
  { name: 'expect', why: 'runs a script that drives other commands' },
  { name: 'npx', why: 'downloads and runs the package its words name' },
  { name: 'pnpx', why: 'downloads and runs the package its words name' },
  { name: 'bunx', why: 'downloads and runs the package its words name' },
  { name: 'exec', why: 'replaces the shell with the command its words name' },
  { name: 'eval', why: 'runs its words as a new command line' },
  { name: 'source', why: 'runs a file as shell commands in this shell' },
  { name: '.', why: 'runs a file as shell commands in this shell' },
  { name: 'command', why: `${RUNS_ANOTHER}, bypassing functions and aliases` },
  { name: 'builtin', why: RUNS_ANOTHER },
  { name: 'noglob', why: RUNS_ANOTHER },
  { name: 'nocorrect', why: RUNS_ANOTHER },
  { name: 'coproc', why: 'runs a command in the background' },
  { name: 'trap', why: 'sets a command to run later, on a signal or at exit' },
  { name: 'alias', why: `${CHANGES_SHELL}: a name now runs other words` },
  { name: 'unalias', why: CHANGES_SHELL },
  { name: 'function', why: `${CHANGES_SHELL}: defines a function a later name runs` },
  { name: 'export', why: `${CHANGES_SHELL}: a variable (PAGER, GIT_SSH_COMMAND, NODE_OPTIONS) can make an allowed command run code` },
  { name: 'declare', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'typeset', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'local', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'readonly', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'set', why: `${CHANGES_SHELL}: it sets options and positional parameters` },
  { name: 'unset', why: `${CHANGES_SHELL}: it removes variables and functions` },
  { name: 'shopt', why: `${CHANGES_SHELL}: it sets options` },
  { name: 'setopt', why: `${CHANGES_SHELL}: it sets options` },
  { name: 'enable', why: `${CHANGES_SHELL}: it loads or turns off builtins` },
  { name: 'hash', why: `${CHANGES_SHELL}: a name can be pointed at another program` },
  { name: 'let', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'read', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'mapfile', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'readarray', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'getopts', why: `${CHANGES_SHELL}: it sets variables` },
  { name: 'cd', why: 'changes the folder the next commands run in' },
  { name: 'pushd', why: 'changes the folder the next commands run in' },
  { name: 'popd', why: 'changes the folder the next commands run in' },
  { name: 'umask', why: `${CHANGES_SHELL}: files are created with other permissions` },
  { name: 'ulimit', why: `${CHANGES_SHELL}: it sets resource limits` },
  { name: 'fc', why: 'runs commands from the history' },
  { name: 'history', why: 'reads or changes the history that `!` expands' },
  { name: 'bind', why: `${CHANGES_SHELL}: a key can run a command` },
  { name: 'complete', why: `${CHANGES_SHELL}: completion can run a command` },
  { name: 'disown', why: 'keeps a background job running after the line ends' },
  { name: 'bg', why: 'runs a job in the background' },
  { name: 'fg', why: 'brings a job of this shell to the terminal' },
  { name: 'wait', why: 'waits for background jobs' },
  { name: 'kill', why: 'sends a signal to any process the user owns' },
];

/**
 * Programs whose job is to run code their words name: a rule may still name one with its script (`node scripts/build.js`,
 * `python -m pytest`), but the card never offers the interpreter alone, which would cover any code.
 */
export const INTERPRETERS: readonly string[] = [
  'sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'pwsh', 'powershell', 'cmd',
  'node', 'nodejs', 'deno', 'bun', 'tsx', 'ts-node',
  'python', 'python2', 'python3', 'pypy', 'pypy3', 'perl', 'ruby', 'php', 'lua', 'luajit', 'Rscript', 'osascript', 'java', 'jshell',
];

let wrappersByName: Map<string, NamedCommand> | undefined;

/** The wrapper record for a command name, looked up by its last path segment. */
export function wrapperCommand(name: string): NamedCommand | undefined {
  wrappersByName ??= new Map(wrapperCommandTable().map((entry) => [entry.name, entry]));
  return wrappersByName.get(programName(name));
}

export function isInterpreter(name: string): boolean {
  const program = programName(name);
  return INTERPRETERS.includes(program) || /^python\d+(?:\.\d+)?$/.test(program) || /^node\d+$/.test(program);
}

/** `/usr/bin/env` and `env` are the same program; a Windows `.exe` suffix too. */
export function programName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? name;
  return last.replace(/\.(?:exe|cmd|bat)$/i, '');
}
