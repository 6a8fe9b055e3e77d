// Registers "Write Commit Message" at activation; its implementation (commitMessageCommand.ts), git's API and the
// run load on its first run.
import * as vscode from 'vscode';
import { loadDeferred } from '../../lazy';
import { type Lazy } from '../../platform/lazyValue';
import type { Log } from '../../platform/log/log';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Runs } from '../../platform/run/runs';

export interface CommitDeps {
  runs: Lazy<Runs>;
  active: ActiveRequests;
  log: Log;
}

export function registerCommit(context: vscode.ExtensionContext, deps: CommitDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.writeCommitMessage', async (clicked?: unknown) => {
      const [{ writeCommitMessageCommand }, runs] = await Promise.all([loadDeferred.commit(), deps.runs()]);
      return writeCommitMessageCommand({ runs, active: deps.active, log: deps.log }, clicked);
    }),
  );
}
