// run_command: where it runs (a workspace folder), whether it may run (the user's rules, else Run on its card), then
// the run itself (commandProcess.ts), its output kept within bounds (core's CommandOutput) and written whole to a file
// the card opens, the card updated as output arrives (at most a few times a second, so 80 MB of output cannot flood
// the view), and a time-out, Stop on the card and the chat's Stop each ending every process it started.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CommandOutput,
  commandEnvironment,
  commandRuleProblems,
  commandPreview,
  commandResultText,
  decideCommand,
  modelChangedNote,
  resolveWorkspacePath,
  suggestedRule,
  visibleCommandLine,
  type CommandCallState,
  type CommandEnding,
  type ToolOutcome,
  type ToolRunContext,
  type ToolSettings,
  type WorkspaceToolCallOf,
} from '../../../core';
import { pathOptions, workspaceRoots } from '../../platform/workspace/workspaceRoots';
import type { CommandCalls, CommandEntry } from './commandCalls';
import { commandShell, startCommand, type CommandSpec, type StartedCommand } from './commandProcess';
import { userCommandRules } from './commandRules';

/** How often a running command's card is redrawn at most. */
const CARD_UPDATE_MS = 250;
export interface CommandToolDeps {
  calls: CommandCalls;
  settings: ToolSettings;
  /** The API keys the user stored with us (none of them may reach a command's environment). */
  ourKeys: () => Promise<string[]>;
  context: ToolRunContext;
  /** Tests choose the path; the chat lets the runner choose (a terminal with shell integration, else a process). */
  via?: CommandSpec['via'];
}

export async function runCommand(call: WorkspaceToolCallOf<'run_command'>, deps: CommandToolDeps): Promise<ToolOutcome> {
  const { args } = call;
  const { context, calls } = deps;
  const folder = resolveFolder(args.folder, deps.settings.denyGlobs);
  if ('problem' in folder) return { status: 'failed', content: folder.problem };
  const show = (state: CommandCallState): void => context.showCommand?.(state);
  const base: CommandCallState = { commandLine: args.command, folder: folder.shown, reason: args.reason, phase: 'waiting' };

  const approval = { workspaceFolder: folder.absolute, shell: commandShell(), denyGlobs: deps.settings.denyGlobs };
  const verdict = decideCommand(args.command, userCommandRules(deps.settings), approval);
  const changedNote = modelChangedNote(args.command, context.changedPaths ?? []);
  const ruleProblems = commandRuleProblems(userCommandRules(deps.settings));
  let allowedBy: string[] | undefined;
  // Covered by the user's rules runs without asking, unless it runs what the model changed: then the user decides.
  if (verdict.kind === 'covered' && changedNote === undefined) {
    allowedBy = [...verdict.rules];
  } else {
    const rule = suggestedRule(args.command, approval);
    const notes = [...(verdict.kind === 'ask' ? verdict.reasons : []), ...(changedNote ? [changedNote] : []), ...ruleProblems];
    calls.set(call.id, rule === undefined ? {} : { suggestedRule: rule });
    show({ ...base, ...(notes.length > 0 ? { approvalNotes: notes } : {}), ...(rule !== undefined ? { suggestedRule: rule } : {}) });
    if (!context.approve) return { status: 'failed', content: 'Not run: run_command needs the user’s Run, and there was no one to ask.' };
    const decision = await context.approve({ path: folder.shown, summary: visibleCommandLine(args.command) });
    if (!decision.approved) return decision.reason ? { status: 'rejected', reason: decision.reason } : { status: 'rejected' };
    if (context.signal.aborted) return { status: 'failed', content: 'Not run: the user stopped the request.' };
  }
  const run = (): Promise<ToolOutcome> => execute(call, deps, folder, { ...base, ...(allowedBy ? { allowedBy } : {}) });
  return context.aroundCommand ? context.aroundCommand(folder.absolute, run) : run();
}

async function execute(call: WorkspaceToolCallOf<'run_command'>, deps: CommandToolDeps, folder: { absolute: string; shown: string }, base: CommandCallState): Promise<ToolOutcome> {
  const { args } = call;
  const { context, calls, settings } = deps;
  const show = (state: CommandCallState): void => context.showCommand?.(state);
  const output = new CommandOutput();
  const outputFile = path.join(os.tmpdir(), 'ask-model-commands', `${Date.now()}-${Math.random().toString(36).slice(2, 10)}.log`);
  const environment = commandEnvironment(process.env, await deps.ourKeys().catch(() => []));
  const startedAt = Date.now();
  let ending: CommandEnding = 'exited';
  let started: StartedCommand | undefined;
  let killing: Promise<void> | undefined;
  // When Stop or the time-out ended it: its time is until then, not until the last of its processes was gone.
  let endAskedAt: number | undefined;
  const end = (why: CommandEnding): void => {
    if (killing || !started) return;
    ending = why;
    endAskedAt = Date.now();
    killing = started.kill();
  };
  const entry: CommandEntry = { outputFile, stop: () => end('stopped') };
  calls.set(call.id, entry);
  const running = (): CommandCallState => ({
    ...base,
    phase: 'running',
    ...(started ? { via: started.via } : {}),
    outputTail: output.cardTail(),
    outputLines: output.totalLines,
    outputCharacters: output.totalCharacters,
    binary: output.binary,
    fullOutput: true,
  });
  show(running());

  await fs.promises.mkdir(path.dirname(outputFile), { recursive: true });
  const file = fs.createWriteStream(outputFile);
  try {
    started = await startCommand({ commandLine: args.command, cwd: folder.absolute, env: environment.env, removed: environment.removed, title: `Ask Model: ${visibleCommandLine(args.command).slice(0, 60)}`, ...(deps.via ? { via: deps.via } : {}) });
  } catch (error) {
    file.end();
    return failedToStart(error, startedAt, settings, base, output, show);
  }
  const onAbort = (): void => end('cancelled');
  context.signal.addEventListener('abort', onAbort, { once: true });
  if (context.signal.aborted) onAbort();
  const timer = setTimeout(() => end('timed-out'), settings.commandTimeoutSeconds * 1000);
  let cardTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleCard = (): void => {
    cardTimer ??= setTimeout(() => {
      cardTimer = undefined;
      show(running());
    }, CARD_UPDATE_MS);
  };
  show(running());
  let exitCode: number | undefined;
  let startError: unknown;
  try {
    for await (const chunk of started.output) {
      output.push(chunk);
      // Written as it arrives, at the pace the disk takes it: the whole output without holding it in memory.
      if (!file.write(chunk)) await new Promise<void>((resolve) => file.once('drain', () => resolve()));
      scheduleCard();
    }
    exitCode = (await started.ended).exitCode;
  } catch (error) {
    startError = error;
  } finally {
    clearTimeout(timer);
    if (cardTimer) clearTimeout(cardTimer);
    context.signal.removeEventListener('abort', onAbort);
    await killing;
    await new Promise<void>((resolve) => file.end(() => resolve()));
    entry.stop = undefined;
  }
  if (startError !== undefined && output.totalCharacters === 0) return failedToStart(startError, startedAt, settings, base, output, show);
  const run = { ending, exitCode: ending === 'exited' ? exitCode : undefined, durationMs: (endAskedAt ?? Date.now()) - startedAt, timeoutSeconds: settings.commandTimeoutSeconds };
  show({ ...running(), phase: 'ended', ...(run.exitCode !== undefined ? { exitCode: run.exitCode } : {}), durationMs: run.durationMs, ending });
  const left = started.leftProcesses?.() ? '\nIt left processes running in the background when it ended; they were ended with it.' : '';
  const text = commandResultText(args.command, folder.shown, run, output) + left;
  return { status: 'done', content: text, preview: commandPreview(run) };
}

function failedToStart(error: unknown, startedAt: number, settings: ToolSettings, base: CommandCallState, output: CommandOutput, show: (state: CommandCallState) => void): ToolOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const run = { ending: 'failed-to-start' as const, exitCode: undefined, durationMs: Date.now() - startedAt, error: message, timeoutSeconds: settings.commandTimeoutSeconds };
  show({ ...base, phase: 'ended', ending: 'failed-to-start', durationMs: run.durationMs });
  return { status: 'failed', content: commandResultText(base.commandLine, base.folder, run, output), preview: commandPreview(run) };
}

/** The folder the model named (a workspace folder's name, or a folder inside the workspace), else the first folder. */
function resolveFolder(named: string | undefined, denyGlobs: readonly string[]): { absolute: string; shown: string } | { problem: string } {
  const roots = workspaceRoots();
  const first = roots[0];
  if (!first) return { problem: 'Not run: there is no workspace folder to run the command in. Ask the user to open a folder.' };
  if (named === undefined || named.trim() === '' || named === '.') return { absolute: first.path, shown: roots.length > 1 ? first.name : '.' };
  const root = roots.find((candidate) => candidate.name === named);
  if (root) return { absolute: root.path, shown: root.name };
  const resolved = resolveWorkspacePath(named, pathOptions(denyGlobs, 'read'));
  if (!resolved.ok) return { problem: `Not run: ${resolved.message}` };
  let directory = false;
  try {
    directory = fs.statSync(resolved.absolute).isDirectory();
  } catch {
    // Missing: said below.
  }
  if (!directory) return { problem: `Not run: "${resolved.relative}" is not a folder in the workspace. Name a workspace folder${roots.length > 1 ? ` (${roots.map((entry) => entry.name).join(', ')})` : ''} or a folder inside it.` };
  return { absolute: resolved.absolute, shown: resolved.relative };
}
