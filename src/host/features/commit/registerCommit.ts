// Registers "Write Commit Message" at activation; its implementation (commitMessageCommand.ts), git's API and the
// client load on its first run.
import * as vscode from 'vscode';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { ClientFactory } from '../../platform/clients/clientFactory';
import { loadDeferred, type Lazy } from '../../lazy';
import type { Log } from '../../platform/log/log';

export interface CommitDeps {
  factory: Lazy<ClientFactory>;
  active: ActiveRequests;
  log: Log;
}

export function registerCommit(context: vscode.ExtensionContext, deps: CommitDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.writeCommitMessage', async (clicked?: unknown) => {
      const [{ writeCommitMessageCommand }, factory] = await Promise.all([loadDeferred(), deps.factory()]);
      return writeCommitMessageCommand({ factory, active: deps.active, log: deps.log }, clicked);
    }),
  );
}
