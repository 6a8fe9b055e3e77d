// askModel.tools.commandRules: each rule is the words a command starts with ("npm test", "git status", "ls"). A rule
// covers a simple command when the command's words, after quote removal, start with the rule's words, compared word
// by word and exactly: "git log" covers `git log --oneline` and `git 'log'`, never `git logout` or `/usr/bin/git log`.
// A rule that is not plain words (an operator, an expansion, a redirection), names a wrapper (`sudo`) or holds an
// option that runs code (`node -e`) could never mean what it says, so it is reported, not used.
import { NO_SCRIPT, codeRunningUses } from './codeRunningOptions';
import { parseCommandLine } from './commandLineParser';
import { wrapperCommand } from './wrapperCommands';

export interface CommandRule {
  /** As the user wrote it. */
  readonly rule: string;
  readonly words: readonly string[];
}

/** Why `rule` cannot be used (a sentence after the rule), or undefined when it is a rule. */
export function ruleProblem(rule: string): string | undefined {
  const parsed = parseCommandLine(rule);
  if (!parsed.ok) return `is not plain words: ${parsed.reasons[0] ?? 'it could not be read'}`;
  const [command] = parsed.commands;
  if (parsed.commands.length !== 1 || !command) return `joins commands with \`${parsed.operators[0] ?? ';'}\`: a rule is the words one command starts with, e.g. "npm test"`;
  if (command.redirections.length > 0) return 'has a redirection: a rule is the words a command starts with, e.g. "npm test"';
  const words = command.words.map((word) => word.text);
  const name = words[0] ?? '';
  if (!/^[\x21-\x7e]+$/.test(name)) return 'starts with a name that is not plain ASCII';
  const wrapper = wrapperCommand(name);
  if (wrapper) return `starts with \`${name}\`, which ${wrapper.why}`;
  // A rule is a prefix: `node` alone has no script yet, the command it covers will.
  const [use] = codeRunningUses(words).filter(({ matched }) => matched !== NO_SCRIPT);
  if (use) return `holds \`${use.matched}\`, which ${use.use.why}: such a command always asks, so the rule would never apply`;
  return undefined;
}

/** The usable rules, in the order written. */
export function usableRules(rules: readonly string[]): CommandRule[] {
  const usable: CommandRule[] = [];
  for (const rule of rules) {
    if (ruleProblem(rule) !== undefined) continue;
    const parsed = parseCommandLine(rule);
    if (parsed.ok && parsed.commands[0]) usable.push({ rule, words: parsed.commands[0].words.map((word) => word.text) });
  }
  return usable;
}

/** The rule with the most words that `words` start with, or undefined. */
export function matchingRule(words: readonly string[], rules: readonly CommandRule[]): CommandRule | undefined {
  let best: CommandRule | undefined;
  for (const rule of rules) {
    if (rule.words.length === 0 || rule.words.length > words.length) continue;
    if (!rule.words.every((word, index) => word === words[index])) continue;
    if (!best || rule.words.length > best.words.length) best = rule;
  }
  return best;
}
