// "Write Commit Message": the Source Control title bar's sparkle button (and the command) writes the repository's
// commit message into its input box, streamed, from the staged diff (the working tree's when nothing is staged) with
// the profile's commitModel (else its chat model). The request goes through the one request path, and the answer is
// logged and counted like every other surface's; progress shows in a notification that cancels it, and Stop stops it.
import * as vscode from 'vscode';
import { diffCapNote, messageOf, writeCommitMessage, type CommitMessagePorts, type DiffSource, type DescribedError } from '../../../core';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Log } from '../../platform/log/log';
import type { Runs } from '../../platform/run/runs';
import { reportError } from '../../platform/ui/showError';
import { chooseRepository, commitGitApi, type GitRepository } from './commitRepository';

export interface CommitMessageDeps {
  runs: Runs;
  active: ActiveRequests;
  log: Log;
}

/** What the command did, for tests and automation. */
export interface CommitMessageResult {
  status: 'done' | 'stopped' | 'error' | 'cancelled';
  message?: string;
  source?: DiffSource;
  repository?: string;
  leftOut?: string[];
  cut?: string[];
  error?: DescribedError;
}

/** `clicked`: what VS Code passes from the Source Control title bar (the repository's SourceControl), if anything. */
export async function writeCommitMessageCommand(deps: CommitMessageDeps, clicked?: unknown): Promise<CommitMessageResult> {
  let repository: GitRepository | undefined;
  try {
    repository = await chooseRepository(await commitGitApi(), clicked);
  } catch (error) {
    return failed(deps, error);
  }
  if (!repository) return { status: 'cancelled' };
  return write(deps, repository);
}

async function write(deps: CommitMessageDeps, repository: GitRepository): Promise<CommitMessageResult> {
  const where = { repository: repository.rootUri.fsPath };
  const retry = () => write(deps, repository);
  try {
    const run = await deps.runs.prepare({ surface: 'commit-message' });
    if (!run) return { status: 'cancelled', ...where };
    const ports: CommitMessagePorts = {
      repository: {
        stagedDiff: () => repository.diff(true),
        workingTreeDiff: () => repository.diff(false),
        recentMessages: async (max) => (await repository.log({ maxEntries: max })).map((commit) => commit.message),
      },
      inputBox: {
        read: () => repository.inputBox.value,
        write: (text) => {
          repository.inputBox.value = text;
        },
      },
      // No tools: a commit message is text, whatever the profile offers the chat.
      ask: (messages, signal) => run.client.streamBatches(run.buildRequest(messages, { tools: [] }), { signal }),
    };
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Ask Model: writing the commit message with ${run.model}…`, cancellable: true },
      (_progress, token) => deps.active.run((signal) => writeCommitMessage(ports, { model: run.model, signal }), token),
    );
    if (outcome.done) run.answered(outcome.done);
    const note = diffCapNote(outcome);
    if (note) {
      deps.log.info(`${run.feature}: ${note}`);
      void vscode.window.showInformationMessage(`Ask Model: ${note}`);
    }
    return { status: outcome.status, message: outcome.message, source: outcome.source, leftOut: outcome.leftOut, cut: outcome.cut, ...where };
  } catch (error) {
    return { ...failed(deps, error, retry), ...where };
  }
}

function failed(deps: CommitMessageDeps, error: unknown, retry?: () => unknown): CommitMessageResult {
  deps.log.error(`commit-message: ${messageOf(error)}`);
  return { status: 'error', error: reportError(error, retry) };
}
