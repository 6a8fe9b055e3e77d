// The workspace tools built on first use (registerTools.ts): what the model read (an edit is checked against it), the
// proposed edits' diff documents, the edits awaiting Accept or Reject, and the runner that calls each tool's
// implementation; and, from them, the port the chat and Edit Selection use (platform/tools/workspaceTools.ts).
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../platform/clients/apiKeyStore';
import type { LastTextEditor } from '../../platform/editors/lastTextEditor';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';
import { readProfiles } from '../../platform/settings/settings';
import { addUserCommandRule } from './commandRules';
import { CommandCalls } from './commandCalls';
import type { CommandsPart } from './toolRunner';
import { PendingApprovals } from './pendingApprovals';
import { ProposedEditDocuments } from './proposedEdits';
import { ReadTracker } from './readTracker';
import { approveOnCard, approveWithNotification } from './toolApprovers';
import { HostToolRunner } from './toolRunner';

export interface BuiltTools extends vscode.Disposable {
  tools: WorkspaceTools;
  /** For the eager registrations: the scheme's texts and the Accept / Reject commands. */
  diffs: ProposedEditDocuments;
  approvals: PendingApprovals;
}

export function buildWorkspaceTools(editors: LastTextEditor, keys: () => Promise<ApiKeyStore>, loadCommands: () => Promise<CommandsPart>): BuiltTools {
  const reads = new ReadTracker();
  const diffs = new ProposedEditDocuments();
  const approvals = new PendingApprovals();
  const commands = new CommandCalls();
  const runner = new HostToolRunner({ editors, reads, diffs, commands, loadCommands, ourKeys: () => storedKeys(keys) });
  const tools: WorkspaceTools = {
    runTool: runner.run,
    approveOnCard: approveOnCard(approvals),
    approveWithNotification: approveWithNotification(approvals),
    decide: (callId, decision) => approvals.decide(callId, decision),
    reshowDiff: (callId) => diffs.reshow(callId),
    rememberRead: (path, text) => reads.remember(path, text),
    commandAction: async (callId, action) => {
      const entry = commands.get(callId);
      if (!entry) return false;
      if (action === 'stop') return commands.stop(callId);
      if (action === 'openOutput') {
        if (!entry.outputFile) return false;
        await vscode.window.showTextDocument(vscode.Uri.file(entry.outputFile), { preview: true });
        return true;
      }
      // The rule this host computed for the call while it waits, never text from the view.
      const rule = entry.suggestedRule;
      if (rule === undefined || approvals.waiting === 0) return false;
      await addUserCommandRule(rule);
      return approvals.decide(callId, { approved: true });
    },
  };
  return {
    tools,
    diffs,
    approvals,
    dispose: () => {
      diffs.dispose();
      approvals.dispose();
      commands.dispose();
    },
  };
}

/** Every API key the user stored with us, for the profiles the settings name now. */
async function storedKeys(keys: () => Promise<ApiKeyStore>): Promise<string[]> {
  const store = await keys();
  const found = await Promise.all(readProfiles().map((profile) => store.get({ profile: profile.name, baseUrl: profile.baseUrl, shared: profile.shared }).catch(() => undefined)));
  return found.filter((key): key is string => key !== undefined);
}
