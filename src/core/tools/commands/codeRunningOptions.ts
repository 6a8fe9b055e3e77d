// The options and arguments that make a command run other code (or write where the user did not say), so that the
// rule for the command does not cover them: the user who allowed "git log" allowed reading history, not
// `git log --output=…` or `git -c core.pager=… log`. One record per use, each with why. Matching is on the words the
// program gets, never on the text:
// - `--name` matches `--name`, `--name=…`, and any abbreviation of it (`--upload-pa`): getopt_long, git and argparse
//   take a unique prefix of a long option;
// - `-x` (one letter) matches any word of short options that holds the letter (`-sSLo`, `-ofile`): CVE-2025-66032
//   (Claude Code) was short flags read one way by the checker and another by the program;
// - `-name` (one dash, several letters, as find's) matches that word, or `-name=…`;
// - `subcommand` matches the first word after the command name that is not an option;
// - `argument` checks every word after the command name; `always` means the command itself asks.
// An over-match only asks once more; a miss would run code without asking, so each test leans to matching.
import { programName } from './wrapperCommands';

export type CodeRunningTrigger =
  | { readonly option: string }
  | { readonly subcommand: string }
  | { readonly argument: (word: string) => boolean; readonly shows: string }
  /** Picks the matching word from all the arguments, where which word is what depends on the others. */
  | { readonly scripts: (args: readonly string[]) => string | undefined; readonly shows: string }
  | { readonly always: true };

export interface CodeRunningUse {
  /** The program names (last path segment) it applies to. */
  readonly commands: readonly string[];
  readonly trigger: CodeRunningTrigger;
  readonly why: string;
}

const NPM_FAMILY = ['npm', 'pnpm', 'yarn'];
const SHELLS = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'fish'];
const PYTHONS = ['python', 'python2', 'python3', 'pypy', 'pypy3'];
const NODES = ['node', 'nodejs', 'bun', 'deno', 'tsx', 'ts-node'];
const TEST_RUNNERS_NODE = ['mocha', 'jest', 'vitest', 'ava', 'tap', 'c8', 'nyc'];
const option = (name: string) => ({ option: name });
const subcommand = (name: string) => ({ subcommand: name });

/** A make argument `NAME=value`: it replaces a variable the makefile's commands use (SHELL, CC, …). */
const makeVariable = (word: string): boolean => /^[A-Za-z_][A-Za-z0-9_.]*\s*[:+?!]?=/.test(word);
/** awk's program runs a command through `system(…)`, a pipe (`| "sh"`, `"cmd" | getline`) or writes with `>`. */
const awkRunsOrWrites = (word: string): boolean => /system|\||>|@load|ENVIRON/.test(word);
/**
 * sed's `e` command and `s///e` flag run commands; `w`, `W` and `s///w` write files. The script is each `-e` value, or
 * the first operand when there is none (GNU sed's `-l` takes a value too). Without a sed parser, any script holding
 * one of those letters asks: an over-match asks once more.
 */
function sedScriptThatRunsOrWrites(args: readonly string[]): string | undefined {
  const scripts: string[] = [];
  const operands: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as string;
    if (word.startsWith('--expression=')) scripts.push(word.slice('--expression='.length));
    else if (word === '--expression') scripts.push(args[++index] ?? '');
    else if (/^-[a-zA-Z]+$/.test(word) && /[efl]$/.test(word)) {
      const value = args[++index] ?? '';
      if (word.endsWith('e')) scripts.push(value);
    } else if (/^-[a-zA-Z]*e./.test(word) && !word.startsWith('--')) scripts.push(word.slice(word.indexOf('e') + 1));
    else if (!word.startsWith('-')) operands.push(word);
  }
  if (scripts.length === 0 && operands[0] !== undefined) scripts.push(operands[0]);
  return scripts.find((script) => /[ewW]/.test(script));
}

/** What matched when an interpreter has no script: a rule naming the interpreter alone is not refused for it. */
export const NO_SCRIPT = '(no script)';

/** An interpreter given no script reads its program from its input (`curl … | bash`). */
function readsProgramFromInput(args: readonly string[]): string | undefined {
  if (args.includes('-s') || args.includes('-')) return args.includes('-s') ? '-s' : '-';
  return args.some((word) => !word.startsWith('-')) ? undefined : NO_SCRIPT;
}

/** What a package script gets after `--` goes to its test runner or node: their code-running options count. */
function passedOnOption(args: readonly string[]): string | undefined {
  const end = args.indexOf('--');
  if (end < 0) return undefined;
  const passed = args.slice(end + 1);
  const [found] = [...codeRunningUses(['mocha', ...passed]), ...codeRunningUses(['node', ...passed])].filter(({ use }) => 'option' in use.trigger);
  return found?.matched;
}

let table: readonly CodeRunningUse[] | undefined;

/** Every record, built on first use like the tool schemas: a bundle that never decides on a command drops the table. */
export function codeRunningUseTable(): readonly CodeRunningUse[] {
  table ??= buildTable();
  return table;
}

function buildTable(): readonly CodeRunningUse[] {
  return [
  // git
  { commands: ['git'], trigger: option('-c'), why: 'sets configuration for this run (core.pager, core.sshCommand and alias.* run commands)' },
  { commands: ['git'], trigger: option('--config-env'), why: 'sets configuration from a variable (core.pager and others run commands)' },
  { commands: ['git'], trigger: option('--exec-path'), why: 'makes git run its helper programs from another folder' },
  { commands: ['git'], trigger: option('-C'), why: 'runs git in another folder, whose configuration may run commands (core.fsmonitor)' },
  { commands: ['git'], trigger: option('--git-dir'), why: 'points git at another repository, whose configuration and hooks may run commands' },
  { commands: ['git'], trigger: option('--work-tree'), why: 'points git at another folder' },
  { commands: ['git'], trigger: option('--upload-pack'), why: 'names the program git runs for the other side of a fetch or clone' },
  { commands: ['git'], trigger: option('-u'), why: '`git clone -u` / `git fetch -u` name the program git runs for the other side' },
  { commands: ['git'], trigger: option('--receive-pack'), why: 'names the program git runs for the other side of a push' },
  { commands: ['git'], trigger: option('--exec'), why: '`--exec` runs a command (git rebase, git archive --remote)' },
  { commands: ['git'], trigger: option('-x'), why: '`git rebase -x` and `git difftool -x` run a command' },
  { commands: ['git'], trigger: option('--extcmd'), why: '`git difftool --extcmd` runs a command' },
  { commands: ['git'], trigger: option('--template'), why: 'copies hooks from a template folder into the repository' },
  { commands: ['git'], trigger: option('--output'), why: 'writes its output to a file it names' },
  { commands: ['git'], trigger: option('-o'), why: '`-o` writes files to a folder it names (git format-patch)' },
  { commands: ['git'], trigger: option('--ext-diff'), why: 'runs the external diff program the configuration names' },
  { commands: ['git'], trigger: subcommand('config'), why: '`git config` can set a value that runs a command later (core.pager, core.hooksPath, alias.*)' },
  { commands: ['git'], trigger: subcommand('submodule'), why: '`git submodule foreach` runs a command; `update` can run one a .gitmodules names' },
  { commands: ['git'], trigger: subcommand('bisect'), why: '`git bisect run` runs a command' },
  { commands: ['git'], trigger: subcommand('filter-branch'), why: 'runs the shell commands it is given' },
  { commands: ['git'], trigger: subcommand('daemon'), why: 'starts a server that keeps running' },
  // npm, pnpm, yarn
  { commands: NPM_FAMILY, trigger: option('--script-shell'), why: 'names the program that runs package scripts' },
  { commands: NPM_FAMILY, trigger: option('--prefix'), why: 'runs the scripts of the package.json in another folder' },
  { commands: NPM_FAMILY, trigger: option('-C'), why: 'runs in another folder (another package.json)' },
  { commands: NPM_FAMILY, trigger: option('--dir'), why: 'runs in another folder (another package.json)' },
  { commands: NPM_FAMILY, trigger: option('--cwd'), why: 'runs in another folder (another package.json)' },
  { commands: NPM_FAMILY, trigger: option('--node-options'), why: 'passes options (--require) to every node it starts' },
  { commands: NPM_FAMILY, trigger: option('--userconfig'), why: 'reads another configuration file (which can set script-shell)' },
  { commands: NPM_FAMILY, trigger: option('--globalconfig'), why: 'reads another configuration file (which can set script-shell)' },
  { commands: NPM_FAMILY, trigger: option('--call'), why: '`npm exec --call` runs the command it is given' },
  { commands: NPM_FAMILY, trigger: option('--package'), why: 'downloads and runs the package it names' },
  { commands: NPM_FAMILY, trigger: subcommand('exec'), why: 'downloads and runs the package its words name' },
  { commands: NPM_FAMILY, trigger: subcommand('x'), why: 'downloads and runs the package its words name' },
  { commands: NPM_FAMILY, trigger: subcommand('dlx'), why: 'downloads and runs the package its words name' },
  { commands: NPM_FAMILY, trigger: subcommand('explore'), why: 'runs a shell command inside a package' },
  { commands: NPM_FAMILY, trigger: subcommand('init'), why: '`init <name>` downloads and runs a create-<name> package' },
  { commands: NPM_FAMILY, trigger: subcommand('create'), why: 'downloads and runs a create-<name> package' },
  { commands: NPM_FAMILY, trigger: subcommand('edit'), why: 'opens an editor' },
  { commands: NPM_FAMILY, trigger: subcommand('config'), why: 'can set script-shell or node-options, which run code later' },
  { commands: NPM_FAMILY, trigger: subcommand('set'), why: 'can set script-shell or node-options, which run code later' },
  {
    commands: NPM_FAMILY,
    trigger: { argument: (word) => /^(?:https?:|git\+|git:|github:|file:)/.test(word) || /\.(?:tgz|tar\.gz)$/.test(word), shows: 'a package from a URL, a git repository or a tarball' },
    why: 'installs a package from elsewhere, whose install scripts run (CVE-2025-58374: an allowed `npm install` ran a postinstall script)',
  },
  { commands: NPM_FAMILY, trigger: { scripts: passedOnOption, shows: 'a test runner option after `--`' }, why: 'passes an option that loads code (--require, --import) on to the script' },
  // Interpreters: code in a word, or from their input.
  { commands: [...SHELLS, ...PYTHONS, 'node', 'nodejs', 'perl', 'ruby', 'php'], trigger: { scripts: readsProgramFromInput, shows: 'no script file' }, why: 'with no script file it runs the program piped into it' },
  { commands: SHELLS, trigger: option('-c'), why: 'runs the text of its next word as shell commands' },
  { commands: SHELLS, trigger: option('-i'), why: 'starts an interactive shell that reads its start-up files' },
  { commands: SHELLS, trigger: option('--rcfile'), why: 'runs a start-up file it names' },
  { commands: SHELLS, trigger: option('--init-file'), why: 'runs a start-up file it names' },
  { commands: NODES, trigger: option('-e'), why: 'runs the JavaScript in its next word' },
  { commands: NODES, trigger: option('--eval'), why: 'runs the JavaScript in its next word' },
  { commands: NODES, trigger: option('-p'), why: 'runs the JavaScript in its next word and prints the result' },
  { commands: NODES, trigger: option('--print'), why: 'runs the JavaScript in its next word and prints the result' },
  { commands: NODES, trigger: option('-r'), why: 'loads a module before the script' },
  { commands: NODES, trigger: option('--require'), why: 'loads a module before the script' },
  { commands: NODES, trigger: option('--import'), why: 'loads a module before the script' },
  { commands: NODES, trigger: option('--loader'), why: 'runs a module that rewrites every module loaded' },
  { commands: NODES, trigger: option('--experimental-loader'), why: 'runs a module that rewrites every module loaded' },
  { commands: ['deno', 'bun'], trigger: subcommand('eval'), why: 'runs the code in its next word' },
  { commands: ['deno', 'bun'], trigger: subcommand('x'), why: 'downloads and runs the package its words name' },
  { commands: PYTHONS, trigger: option('-c'), why: 'runs the Python in its next word' },
  { commands: ['perl'], trigger: option('-e'), why: 'runs the Perl in its next word' },
  { commands: ['perl'], trigger: option('-E'), why: 'runs the Perl in its next word' },
  { commands: ['ruby'], trigger: option('-e'), why: 'runs the Ruby in its next word' },
  { commands: ['ruby', 'perl'], trigger: option('-r'), why: 'loads a library before the script' },
  { commands: ['php'], trigger: option('-r'), why: 'runs the PHP in its next word' },
  // Test runners and build tools: a module they load or a file of commands they read.
  { commands: TEST_RUNNERS_NODE, trigger: option('--require'), why: 'loads a module before the tests' },
  { commands: TEST_RUNNERS_NODE, trigger: option('-r'), why: 'loads a module before the tests' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--import'), why: 'loads a module before the tests' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--loader'), why: 'runs a module that rewrites every module loaded' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--node-option'), why: 'passes options (--require) to node' },
  { commands: TEST_RUNNERS_NODE, trigger: option('-n'), why: 'passes options (--require) to node' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--config'), why: 'reads a configuration file, which can load any module' },
  { commands: TEST_RUNNERS_NODE, trigger: option('-c'), why: 'reads a configuration file, which can load any module' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--setupFiles'), why: 'loads modules before the tests' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--setupFilesAfterEnv'), why: 'loads modules before the tests' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--globalSetup'), why: 'runs a module before the tests' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--globalTeardown'), why: 'runs a module after the tests' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--testRunner'), why: 'runs the tests through a module it names' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--transform'), why: 'runs a module on every file' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--reporter'), why: 'loads a reporter module it names (a path runs that file)' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--environment'), why: 'loads an environment module it names' },
  { commands: TEST_RUNNERS_NODE, trigger: option('--testEnvironment'), why: 'loads an environment module it names' },
  { commands: ['pytest', 'py.test'], trigger: option('-p'), why: 'loads a plugin module it names' },
  { commands: ['pytest', 'py.test'], trigger: option('-c'), why: 'reads another configuration file' },
  { commands: ['pytest', 'py.test'], trigger: option('--config-file'), why: 'reads another configuration file' },
  { commands: ['pytest', 'py.test'], trigger: option('-o'), why: 'overrides configuration (addopts can load plugins)' },
  { commands: ['pytest', 'py.test'], trigger: option('--override-ini'), why: 'overrides configuration (addopts can load plugins)' },
  { commands: ['pytest', 'py.test'], trigger: option('--rootdir'), why: 'reads configuration from another folder' },
  { commands: ['make', 'gmake'], trigger: option('-f'), why: 'reads another makefile, whose commands it runs' },
  { commands: ['make', 'gmake'], trigger: option('--file'), why: 'reads another makefile, whose commands it runs' },
  { commands: ['make', 'gmake'], trigger: option('--makefile'), why: 'reads another makefile, whose commands it runs' },
  { commands: ['make', 'gmake'], trigger: option('--eval'), why: 'evaluates its next word as makefile text' },
  { commands: ['make', 'gmake'], trigger: option('-E'), why: 'evaluates its next word as makefile text' },
  { commands: ['make', 'gmake'], trigger: option('-C'), why: 'runs the makefile of another folder' },
  { commands: ['make', 'gmake'], trigger: option('--directory'), why: 'runs the makefile of another folder' },
  { commands: ['make', 'gmake'], trigger: { argument: makeVariable, shows: 'a variable set on the command line (SHELL=…)' }, why: 'a variable set on the command line can replace the commands the makefile runs (SHELL=…, CC=…)' },
  { commands: ['cargo'], trigger: option('--config'), why: 'sets configuration (a target runner runs a program)' },
  { commands: ['cargo'], trigger: option('-Z'), why: 'turns on unstable behaviour' },
  { commands: ['cargo'], trigger: option('--manifest-path'), why: 'builds another package, whose build script runs' },
  { commands: ['go'], trigger: option('-exec'), why: 'runs the built program through a command it names' },
  { commands: ['go'], trigger: option('-toolexec'), why: 'runs every tool through a command it names' },
  { commands: ['go'], trigger: subcommand('generate'), why: 'runs the commands written in //go:generate lines' },
  // Programs whose own options run a command or write a file.
  { commands: ['find'], trigger: option('-exec'), why: 'runs a command on each file found' },
  { commands: ['find'], trigger: option('-execdir'), why: 'runs a command on each file found' },
  { commands: ['find'], trigger: option('-ok'), why: 'runs a command on each file found' },
  { commands: ['find'], trigger: option('-okdir'), why: 'runs a command on each file found' },
  { commands: ['find'], trigger: option('-delete'), why: 'deletes the files found' },
  { commands: ['find'], trigger: option('-fprint'), why: 'writes a file it names' },
  { commands: ['find'], trigger: option('-fprint0'), why: 'writes a file it names' },
  { commands: ['find'], trigger: option('-fprintf'), why: 'writes a file it names' },
  { commands: ['find'], trigger: option('-fls'), why: 'writes a file it names' },
  { commands: ['sed', 'gsed'], trigger: option('-i'), why: 'changes the files it names in place' },
  { commands: ['sed', 'gsed'], trigger: option('--in-place'), why: 'changes the files it names in place' },
  { commands: ['sed', 'gsed'], trigger: option('-f'), why: 'reads its script from a file, which may run commands (`e`) or write files (`w`)' },
  { commands: ['sed', 'gsed'], trigger: option('--file'), why: 'reads its script from a file, which may run commands (`e`) or write files (`w`)' },
  { commands: ['sed', 'gsed'], trigger: { scripts: sedScriptThatRunsOrWrites, shows: 'a script with `e`, `w` or `W`' }, why: "sed's `e` command runs a command and `w` writes a file (CVE-2025-64755 in Claude Code: a sed script wrote files)" },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: { argument: awkRunsOrWrites, shows: 'a program with system(), a pipe or `>`' }, why: "awk's system(), pipes and `>` run commands and write files" },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('-f'), why: 'reads its program from a file, which may run commands' },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('--file'), why: 'reads its program from a file, which may run commands' },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('-E'), why: 'reads its program from a file, which may run commands' },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('--exec'), why: 'reads its program from a file, which may run commands' },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('-i'), why: 'includes an awk source file' },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('--include'), why: 'includes an awk source file' },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('-l'), why: 'loads a compiled extension' },
  { commands: ['awk', 'gawk', 'mawk', 'nawk'], trigger: option('--load'), why: 'loads a compiled extension' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('--to-command'), why: 'pipes each extracted file to a command' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('--checkpoint-action'), why: '`exec=` runs a command at each checkpoint' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('--use-compress-program'), why: 'runs the program it names to compress' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('-I'), why: 'runs the program it names to compress' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('--info-script'), why: 'runs a script at the end of each volume' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('--new-volume-script'), why: 'runs a script at the end of each volume' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('-F'), why: 'runs a script at the end of each volume' },
  { commands: ['tar', 'gtar', 'bsdtar'], trigger: option('--rsh-command'), why: 'runs the program it names to reach a remote archive' },
  { commands: ['rsync'], trigger: option('-e'), why: 'runs the program it names as the remote shell' },
  { commands: ['rsync'], trigger: option('--rsh'), why: 'runs the program it names as the remote shell' },
  { commands: ['rsync'], trigger: option('--rsync-path'), why: 'runs the program it names on the other side' },
  { commands: ['ssh', 'scp', 'sftp'], trigger: option('-o'), why: 'sets an option (ProxyCommand, LocalCommand run a command)' },
  { commands: ['ssh', 'scp', 'sftp'], trigger: option('-F'), why: 'reads another configuration file (ProxyCommand runs a command)' },
  { commands: ['scp', 'sftp'], trigger: option('-S'), why: 'runs the program it names instead of ssh' },
  { commands: ['curl'], trigger: option('-o'), why: 'writes what it downloads to a file it names' },
  { commands: ['curl'], trigger: option('--output'), why: 'writes what it downloads to a file it names' },
  { commands: ['curl'], trigger: option('-O'), why: 'writes what it downloads to a file' },
  { commands: ['curl'], trigger: option('--remote-name'), why: 'writes what it downloads to a file' },
  { commands: ['curl'], trigger: option('--output-dir'), why: 'writes what it downloads to a folder it names' },
  { commands: ['curl'], trigger: option('-K'), why: 'reads options from a file (which can write files)' },
  { commands: ['curl'], trigger: option('--config'), why: 'reads options from a file (which can write files)' },
  { commands: ['curl'], trigger: option('-D'), why: 'writes the headers to a file it names' },
  { commands: ['curl'], trigger: option('--dump-header'), why: 'writes the headers to a file it names' },
  { commands: ['curl'], trigger: option('-c'), why: 'writes cookies to a file it names' },
  { commands: ['curl'], trigger: option('--cookie-jar'), why: 'writes cookies to a file it names' },
  { commands: ['wget'], trigger: option('-O'), why: 'writes what it downloads to a file it names' },
  { commands: ['wget'], trigger: option('--output-document'), why: 'writes what it downloads to a file it names' },
  { commands: ['wget'], trigger: option('-e'), why: 'runs a wgetrc command' },
  { commands: ['wget'], trigger: option('--execute'), why: 'runs a wgetrc command' },
  { commands: ['wget'], trigger: option('--use-askpass'), why: 'runs the program it names' },
  { commands: ['rg'], trigger: option('--pre'), why: 'runs the program it names on every file searched (CVE-2025-58764 in Claude Code was an rg command that ran code)' },
  { commands: ['fd', 'fdfind'], trigger: option('-x'), why: 'runs a command on each file found' },
  { commands: ['fd', 'fdfind'], trigger: option('--exec'), why: 'runs a command on each file found' },
  { commands: ['fd', 'fdfind'], trigger: option('-X'), why: 'runs a command on the files found' },
  { commands: ['fd', 'fdfind'], trigger: option('--exec-batch'), why: 'runs a command on the files found' },
  { commands: ['sort'], trigger: option('--compress-program'), why: 'runs the program it names' },
  { commands: ['sort'], trigger: option('-o'), why: 'writes its output to a file it names' },
  { commands: ['sort'], trigger: option('--output'), why: 'writes its output to a file it names' },
  { commands: ['printf'], trigger: option('-v'), why: '`printf -v` sets a shell variable (PATH, PAGER) that later commands use' },
  { commands: ['tee'], trigger: { argument: (word) => !word.startsWith('-'), shows: 'a file' }, why: 'writes to the files it names' },
  // Programs that wait for the keyboard and can start a shell from it.
  ...['less', 'more', 'most', 'man', 'vi', 'vim', 'nvim', 'view', 'nano', 'emacs', 'ed', 'ex', 'pico', 'top', 'htop', 'ftp', 'telnet'].map(
    (name): CodeRunningUse => ({ commands: [name], trigger: { always: true }, why: 'waits for the keyboard, and can start a shell from it' }),
  ),
  ];
}

/** Each code-running use the words (command name first) contain, with what matched. */
export function codeRunningUses(words: readonly string[]): { use: CodeRunningUse; matched: string }[] {
  const name = programName(words[0] ?? '');
  const args = words.slice(1);
  const found: { use: CodeRunningUse; matched: string }[] = [];
  for (const use of codeRunningUseTable()) {
    if (!use.commands.includes(name)) continue;
    const matched = firstMatch(use.trigger, args);
    if (matched !== undefined) found.push({ use, matched });
  }
  return found;
}

function firstMatch(trigger: CodeRunningTrigger, args: readonly string[]): string | undefined {
  if ('always' in trigger) return args[0] ?? '';
  if ('subcommand' in trigger) {
    const first = args.find((word) => !word.startsWith('-'));
    return first === trigger.subcommand ? first : undefined;
  }
  if ('argument' in trigger) return args.find((word) => trigger.argument(word));
  if ('scripts' in trigger) return trigger.scripts(args);
  return args.find((word) => optionMatches(trigger.option, word));
}

/** Whether `word` is (or holds) the option `option`, as described at the top of this file. */
export function optionMatches(option: string, word: string): boolean {
  if (option.startsWith('--')) {
    if (!word.startsWith('--')) return false;
    const name = word.slice(2).split('=')[0] as string;
    return name !== '' && option.slice(2).startsWith(name);
  }
  if (option.length === 2) {
    if (!word.startsWith('-') || word.startsWith('--') || word.length < 2) return false;
    return word.slice(1).includes(option.slice(1));
  }
  return word === option || word.startsWith(`${option}=`);
}
