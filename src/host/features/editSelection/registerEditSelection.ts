// "Edit Selection with Model", registered at activation; its implementation (editSelectionCommand.ts), the run and the
// workspace tools load on its first run.
import * as vscode from 'vscode';
import { loadDeferred } from '../../lazy';
import { type Lazy } from '../../platform/lazyValue';
import type { Log } from '../../platform/log/log';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Runs } from '../../platform/run/runs';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import type { EditSelectionArgs } from './editSelectionCommand';

export interface EditSelectionFeatureDeps {
  runs: Lazy<Runs>;
  tools: Lazy<WorkspaceTools>;
  active: ActiveRequests;
  log: Log;
}

export function registerEditSelection(context: vscode.ExtensionContext, deps: EditSelectionFeatureDeps): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.editSelection', async (args?: EditSelectionArgs) => {
      const [{ editSelection }, runs, tools] = await Promise.all([loadDeferred.editSelection(), deps.runs(), deps.tools()]);
      return editSelection({ runs, tools, active: deps.active, log: deps.log }, args);
    }),
  );
}
