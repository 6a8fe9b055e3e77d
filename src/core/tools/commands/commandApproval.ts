// Whether a command line the model asks to run may run without the user's Run: only when a rule the user wrote covers
// every part of it. The contract that the run_command tool reads; the decision itself is the rule matcher's.

/** What decides: covered by the user's rules (each part named with the rule that covers it), or ask, and why. */
export type CommandVerdict =
  | { readonly kind: 'covered'; readonly rules: readonly string[] }
  | { readonly kind: 'ask'; readonly reasons: readonly string[] };

export interface CommandContext {
  /** The absolute path of the workspace folder the command runs in (redirections inside it may be covered). */
  readonly workspaceFolder: string;
}

/**
 * The verdict for `commandLine` under the user's `askModel.tools.commandRules` (each rule the words a command starts
 * with, e.g. "npm test", "git status"). Fails closed: anything it cannot prove covered asks.
 */
export function decideCommand(commandLine: string, rules: readonly string[], context: CommandContext): CommandVerdict {
  void commandLine;
  void rules;
  void context;
  return { kind: 'ask', reasons: ['no rule matcher yet'] };
}

/** The rule the card's "Always allow commands starting with …" offers for this line, or undefined when none is safe. */
export function suggestedRule(commandLine: string): string | undefined {
  void commandLine;
  return undefined;
}

/**
 * A note for the card when the command will run something the model changed in this conversation (an `npm test` after
 * the model edited `package.json` or a test file runs the model's code), or undefined. Paths are workspace-relative.
 */
export function modelChangedNote(commandLine: string, changedPaths: readonly string[]): string | undefined {
  void commandLine;
  void changedPaths;
  return undefined;
}
