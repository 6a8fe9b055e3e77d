// Whether a command line the model asks to run may run without the user's Run: only when a rule the user wrote covers
// every part of it. The contract that the run_command tool reads. The line is read by a shell grammar
// (commandLineParser.ts) that refuses all it does not fully understand; each simple command must then be one a rule
// covers (ruleMatcher.ts), be no wrapper (wrapperCommands.ts), use no option that runs code (codeRunningOptions.ts),
// redirect only into the workspace folder (or /dev/null), and name no protected file (protectedPaths.ts).
import { matchingDenyGlob } from '../denyGlobs';
import { protectedPath } from '../protectedPaths';
import { codeRunningUses } from './codeRunningOptions';
import { parseCommandLine, type CommandShell, type Redirection, type SimpleCommand } from './commandLineParser';
import { matchingRule, ruleProblem, usableRules } from './ruleMatcher';
import { isInterpreter, programName, wrapperCommand } from './wrapperCommands';

export { modelChangedNote } from './modelChangedNote';
export type { CommandShell } from './commandLineParser';

/** What decides: covered by the user's rules (each part named with the rule that covers it), or ask, and why. */
export type CommandVerdict =
  | { readonly kind: 'covered'; readonly rules: readonly string[] }
  | { readonly kind: 'ask'; readonly reasons: readonly string[] };

export interface CommandContext {
  /** The absolute path of the workspace folder the command runs in (redirections inside it may be covered). */
  readonly workspaceFolder: string;
  /** The shell the line runs in (default `posix`): PowerShell asks about more, cmd.exe about everything. */
  readonly shell?: CommandShell | undefined;
  /** askModel.tools.denyGlobs: a command naming such a file (`cat .env`) asks, as no tool reads one unasked. */
  readonly denyGlobs?: readonly string[] | undefined;
}

/**
 * The verdict for `commandLine` under the user's `askModel.tools.commandRules` (each rule the words a command starts
 * with, e.g. "npm test", "git status"). Fails closed: anything it cannot prove covered asks. `rules` (one per part,
 * in order) names the rule that covers each part.
 */
export function decideCommand(commandLine: string, rules: readonly string[], context: CommandContext): CommandVerdict {
  const parsed = parseCommandLine(commandLine, context.shell);
  if (!parsed.ok) return { kind: 'ask', reasons: parsed.reasons };
  const usable = usableRules(rules);
  const reasons: string[] = [];
  const covering: string[] = [];
  for (const command of parsed.commands) {
    const words = command.words.map((word) => word.text);
    const partReasons = [...commandReasons(command, context)];
    const rule = matchingRule(words, usable);
    if (!rule) partReasons.push(`no rule in askModel.tools.commandRules covers \`${words.join(' ')}\``);
    else covering.push(rule.rule);
    for (const reason of partReasons) if (!reasons.includes(reason)) reasons.push(reason);
  }
  return reasons.length > 0 ? { kind: 'ask', reasons } : { kind: 'covered', rules: covering };
}

/** What makes one simple command ask whatever the rules say. */
function* commandReasons(command: SimpleCommand, context: CommandContext): Generator<string> {
  const words = command.words.map((word) => word.text);
  const name = words[0] ?? '';
  if (!/^[\x21-\x7e]+$/.test(name)) yield `the command name ${JSON.stringify(name)} is not plain ASCII: it may look like another`;
  const wrapper = wrapperCommand(name);
  if (wrapper) yield `\`${name}\` ${wrapper.why}`;
  for (const { use, matched } of codeRunningUses(words)) yield `\`${matched}\` (${programName(name)}): ${use.why}`;
  for (const redirection of command.redirections) {
    const problem = redirectionProblem(redirection, context.workspaceFolder);
    if (problem) yield problem;
  }
  for (const word of words.slice(1)) {
    const value = word.startsWith('-') && word.includes('=') ? word.slice(word.indexOf('=') + 1) : word;
    if (value === '/dev/null' || value === '') continue;
    const relative = workspaceRelative(value, context.workspaceFolder);
    // The tools reach files inside the workspace only; a command under a rule does no more unasked (`cat /etc/…`).
    if (relative === undefined && looksLikePath(value)) yield `\`${word}\` names a path outside the workspace folder`;
    const entry = relative === undefined ? undefined : protectedPath(relative, { shortNames: false });
    if (entry) yield `\`${word}\` names a protected file: ${entry.why}`;
    const denied = relative === undefined || relative === '' ? undefined : matchingDenyGlob(relative, context.denyGlobs ?? []);
    if (denied) yield `\`${word}\` names a file askModel.tools.denyGlobs keeps from the tools (${denied})`;
  }
}

/** An absolute path (`/etc/x`, `C:\\x`) or one that climbs with `..`: a word that surely names a file. */
function looksLikePath(word: string): boolean {
  return /^(?:\/|[A-Za-z]:[\\/])/.test(word) || /(?:^|[\\/])\.\.(?:[\\/]|$)/.test(word);
}

function redirectionProblem(redirection: Redirection, workspaceFolder: string): string | undefined {
  const target = redirection.target.text;
  const shown = `${redirection.fd ?? ''}${redirection.operator}${redirection.target.source}`;
  if ((redirection.operator === '>&' || redirection.operator === '<&') && /^(?:[0-9]+|-)$/.test(target)) return undefined;
  if (target === '/dev/null') return undefined;
  const relative = workspaceRelative(target, workspaceFolder);
  if (relative === undefined) return `\`${shown}\` opens a file outside the workspace folder`;
  const entry = protectedPath(relative);
  if (entry) return `\`${shown}\` writes a protected file: ${entry.why}`;
  return undefined;
}

/** `path` relative to the workspace folder, `/`-separated, or undefined when it is outside it (or unreadable). */
function workspaceRelative(path: string, workspaceFolder: string): string | undefined {
  if (path === '') return undefined;
  const folder = workspaceFolder.replace(/\\/g, '/').replace(/\/+$/, '');
  const written = path.replace(/\\/g, '/');
  const absolute = /^(?:\/|[A-Za-z]:\/)/.test(written) ? written : `${folder}/${written}`;
  const segments: string[] = [];
  for (const segment of absolute.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.pop() === undefined) return undefined;
      continue;
    }
    segments.push(segment);
  }
  const resolved = segments.join('/');
  const base = folder.split('/').filter((segment) => segment !== '').join('/');
  if (resolved === base) return '';
  return resolved.startsWith(`${base}/`) ? resolved.slice(base.length + 1) : undefined;
}

/**
 * The rule the card's "Always allow commands starting with …" offers for this line, or undefined when none is safe:
 * the line must be one simple command that the rule would then cover (so never one that asks for a reason no rule
 * lifts), and never a wrapper or an interpreter alone. The words: the command and its subcommand (`git status`,
 * `npm test`), `npm run <script>`, an interpreter with its script (`node scripts/build.js`, `python -m pytest`), else the
 * command name alone (`ls`).
 */
export function suggestedRule(commandLine: string, context: CommandContext = { workspaceFolder: '/workspace' }): string | undefined {
  const parsed = parseCommandLine(commandLine, context.shell);
  if (!parsed.ok || parsed.commands.length !== 1) return undefined;
  return suggestionFor(parsed.commands[0] as SimpleCommand, commandLine, context);
}

/** One suggested rule per part of a line joined by operators (undefined where a part has none). */
export function suggestedRules(commandLine: string, context: CommandContext = { workspaceFolder: '/workspace' }): (string | undefined)[] {
  const parsed = parseCommandLine(commandLine, context.shell);
  if (!parsed.ok) return [];
  return parsed.commands.map((command) => suggestionFor(command, undefined, context));
}

const PACKAGE_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);

function suggestionFor(command: SimpleCommand, line: string | undefined, context: CommandContext): string | undefined {
  const words = command.words.map((word) => word.text);
  const name = words[0] ?? '';
  if (wrapperCommand(name)) return undefined;
  const plain = (word: string | undefined): word is string => word !== undefined && /^[A-Za-z0-9_@][A-Za-z0-9_.:@/+-]*$/.test(word);
  const subcommand = (word: string | undefined): word is string => word !== undefined && /^[a-z][a-z0-9:_-]*$/.test(word);
  let ruleWords: string[];
  if (isInterpreter(name)) {
    const [, first, second] = words;
    if (first === '-m' && plain(second)) ruleWords = [name, first, second];
    else if (plain(first) && !first.startsWith('-')) ruleWords = [name, first];
    else return undefined;
  } else if (PACKAGE_RUNNERS.has(programName(name)) && (words[1] === 'run' || words[1] === 'run-script') && plain(words[2])) {
    ruleWords = words.slice(0, 3);
  } else if (subcommand(words[1])) ruleWords = [name, words[1]];
  else ruleWords = [name];
  if (!ruleWords.every((word) => /^[A-Za-z0-9_@./:+=,%-]+$/.test(word))) return undefined;
  const rule = ruleWords.join(' ');
  const checkLine = line ?? command.words.map((word) => word.source).join(' ');
  const verdict = decideCommand(line === undefined ? checkLine : line, [rule], context);
  return verdict.kind === 'covered' ? rule : undefined;
}

/**
 * The user's rules that could never mean what they say (an operator, a wrapper, an option that runs code), each named
 * with why; such a rule is not used. Said on the card and in the log where a command is decided.
 */
export function commandRuleProblems(rules: readonly string[]): string[] {
  return rules.flatMap((rule) => {
    const problem = ruleProblem(rule);
    return problem === undefined ? [] : [`askModel.tools.commandRules: the rule ${JSON.stringify(rule)} ${problem}; it is not used.`];
  });
}
