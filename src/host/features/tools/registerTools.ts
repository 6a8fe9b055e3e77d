// The workspace tools' registrations: the proposed edits' document scheme and the Accept / Reject Proposed Edit
// commands, at activation. The tools themselves (what the model read, the diff documents, the edits awaiting a
// decision, the runner with every tool's implementation) are built together when the chat or Edit Selection first
// needs them: until then no edit can be waiting, so the commands have nothing to decide and the scheme has no text.
import * as vscode from 'vscode';
import { loadDeferred } from '../../lazy';
import { lazy, type Lazy } from '../../platform/lazyValue';
import type { ApiKeyStore } from '../../platform/clients/apiKeyStore';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import type { BuiltTools } from './workspaceToolsImpl';
import { PROPOSED_SCHEME } from './toolIds';

export function registerTools(context: vscode.ExtensionContext, editors: LastTextEditor, keys: Lazy<ApiKeyStore>): Lazy<WorkspaceTools> {
  let built: BuiltTools | undefined;
  const load = lazy(async (): Promise<WorkspaceTools> => {
    const { buildWorkspaceTools } = await loadDeferred.tools();
    built = buildWorkspaceTools(editors, keys, loadDeferred.toolsCommands);
    context.subscriptions.push(built);
    return built.tools;
  });
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, { provideTextDocumentContent: (uri) => built?.diffs.provideTextDocumentContent(uri) ?? '' }),
    vscode.commands.registerCommand('askModel.acceptEdit', () => built?.approvals.decideNewest({ approved: true }) ?? false),
    vscode.commands.registerCommand('askModel.rejectEdit', (args?: { reason?: string }) =>
      built?.approvals.decideNewest(typeof args?.reason === 'string' && args.reason !== '' ? { approved: false, reason: args.reason } : { approved: false }) ?? false,
    ),
  );
  return load;
}
