// run_command: one shell command line in a workspace folder, run only after the user's Run on its card or when the
// user's own rules cover it (commands/commandApproval.ts decides; askModel.tools.autoApprove never covers it). The host
// runs it in a fresh VS Code terminal or a child process of the user's shell (host/features/tools/commandTools.ts).
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { visibleCommandLine } from '../text/visibleCommandLine';
import { describedText } from './argumentSchemas';
import { defineWorkspaceTool, textArgument } from './defineWorkspaceTool';

export const runCommandTool = /* @__PURE__ */ defineWorkspaceTool({
  name: 'run_command',
  kind: 'command',
  // Written out, not built from COMMAND_OUTPUT_BUDGET: a record must cost a bundle that drops it nothing at load. A
  // unit test holds the figures to the budget.
  description:
    'Run one shell command line in a workspace folder (e.g. the tests or a build), in a new shell with no input (stdin is empty; a command that waits for input is ended at the time-out). ' +
    'The user sees the command and your reason and must approve it unless their own rules allow it. ' +
    'You get back the exit code and the output with ANSI codes removed: all of it up to 16,000 characters, else its first 4,000 and last 12,000 characters and how much was left out between them, so prefer commands whose output is short.',
  buildSchema: () =>
    z.strictObject({
      command: z
        .string()
        .check(z.minLength(1, 'must not be empty'), z.maxLength(10_000, 'must be at most 10000 characters'), z.describe('The command line, exactly as a shell should run it. At most 10000 characters.')),
      folder: z.optional(
        describedText('The folder to run it in, relative to the workspace with / between folders; in a workspace with several folders, the folder name first. Default: the (first) workspace folder.'),
      ),
      reason: describedText('One sentence for the user: why you run this command.'),
    }),
  summary: (args) => summaryOf(textArgument(args, 'command')) ?? '?',
  formatResult: (text: string) => text,
});

/** The card's line: the command with every hidden or control character written out, shortened. */
function summaryOf(command: string | undefined): string | undefined {
  if (command === undefined) return undefined;
  const line = visibleCommandLine(command);
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
