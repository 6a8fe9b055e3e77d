// "Write Commit Message": the Source Control title bar's sparkle button (and the command) writes the repository's
// commit message into its input box, streamed, from the staged diff (the working tree's when nothing is staged) with
// the profile's commitModel (else its chat model). The request goes through the one request path, and the answer is
// logged and counted like every other surface's; progress shows in a notification that cancels it, and Stop stops it.
import * as vscode from 'vscode';
import { answerFactsOf, assembleRequests, diffCapNote, messageOf, writeCommitMessage, type CommitMessagePorts, type DiffSource, type DescribedError } from '../../../core';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import { recordAnswer } from '../../platform/run/answerRecord';
import type { ClientFactory } from '../../platform/clients/clientFactory';
import { selectModel } from '../../platform/catalogue/modelPicker';
import { logRequest, type Log } from '../../platform/log/log';
import { knownModelInfo } from '../../platform/catalogue/modelCatalogue';
import { readProfiles } from '../../platform/settings/settings';
import { reportError } from '../../platform/ui/showError';
import { chooseRepository, commitGitApi, type GitRepository } from './commitRepository';

export interface CommitMessageDeps {
  factory: ClientFactory;
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
  const { factory, log } = deps;
  const where = { repository: repository.rootUri.fsPath };
  const retry = () => write(deps, repository);
  try {
    let ready = await factory.create();
    if (ready.settings.commitModel === '' && ready.settings.model === '') {
      if (!(await selectModel(factory, log))) return { status: 'cancelled', ...where };
      ready = await factory.create();
    }
    const { settings, client } = ready;
    const model = settings.commitModel || settings.model;
    const feature = `commit-message (profile ${settings.profile})`;
    const assembly = assembleRequests({ settings: { ...settings, model }, surface: 'commit-message', modelInfo: knownModelInfo(factory, ready, model) });
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
      ask: (messages, signal) => {
        // No tools: a commit message is text, whatever the profile offers the chat.
        const request = assembly.request(messages, { tools: [] });
        logRequest(log, feature, request);
        return client.streamBatches(request, { signal });
      },
    };
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Ask Model: writing the commit message with ${model}…`, cancellable: true },
      (_progress, token) => deps.active.run((signal) => writeCommitMessage(ports, { model, signal }), token),
    );
    if (outcome.done) {
      const profile = readProfiles().length > 1 ? settings.profile : undefined;
      recordAnswer(factory, log, feature, outcome.done, answerFactsOf(outcome.done, { model, profile, prices: assembly.prices }));
    }
    const note = diffCapNote(outcome);
    if (note) {
      log.info(`${feature}: ${note}`);
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
