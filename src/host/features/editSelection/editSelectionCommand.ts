// "Edit Selection with Model": an instruction for the selected code; the model answers with tool calls, each edit is
// shown as a diff and applied only on Accept, as one undo step. The run, the prompt and the message that ends it are
// core's (ask/editSelection.ts); this file asks for the instruction and implements the ports on the editor.
import * as vscode from 'vscode';
import { runEditSelection, type DescribedError, type ToolLoopOutcome } from '../../../core';
import type { ActiveRequests } from '../../platform/requests/activeRequests';
import type { Log } from '../../platform/log/log';
import { notificationProgress } from '../../platform/requests/notificationProgress';
import type { Runs } from '../../platform/run/runs';
import { reportError } from '../../platform/ui/showError';
import type { WorkspaceTools } from '../../platform/tools/workspaceTools';

export interface EditSelectionDeps {
  runs: Runs;
  active: ActiveRequests;
  log: Log;
  tools: WorkspaceTools;
}

export interface EditSelectionArgs {
  instruction?: string;
}

export interface EditSelectionResult {
  status: ToolLoopOutcome | 'cancelled';
  rounds?: number;
  /** What the model said last (usually one sentence about the change). */
  text?: string;
  /** Tool calls by final status, e.g. { done: 1, rejected: 1 }. */
  calls?: Record<string, number>;
  error?: DescribedError;
}

/** The command's implementation; registerEditSelection.ts registers it at activation and loads this on its first run. */
export async function editSelection(deps: EditSelectionDeps, args: EditSelectionArgs | undefined): Promise<EditSelectionResult> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') {
    void vscode.window.showWarningMessage('Ask Model: open a file of the workspace and select the code to change first.');
    return { status: 'cancelled' };
  }
  const { document } = editor;
  const selection = editor.selection.isEmpty ? document.lineAt(editor.selection.active.line).range : editor.selection;
  const instruction =
    args?.instruction?.trim() ||
    (await vscode.window.showInputBox({ title: 'Ask Model: Edit Selection', prompt: 'What should change?', placeHolder: 'e.g. add input validation', ignoreFocusOut: true }))?.trim();
  if (!instruction) return { status: 'cancelled' };

  const outcome = await runEditSelection(
    {
      prepareRun: () => deps.runs.prepare({ surface: 'edit-selection', workingFiles: [document.uri] }),
      code: {
        path: vscode.workspace.asRelativePath(document.uri, false),
        languageId: document.languageId,
        startLine: selection.start.line,
        endLine: selection.end.line,
        get lineCount() {
          return document.lineCount;
        },
        selectedText: () => document.getText(selection),
        lines: (first, last) => document.getText(new vscode.Range(first, 0, last, document.lineAt(last).text.length)),
        markRead: () => deps.tools.rememberRead(document.uri.fsPath.replace(/\\/g, '/'), document.getText()),
      },
      tools: { runTool: deps.tools.runTool, approve: deps.tools.approveWithNotification },
      showWarning: (message) => void vscode.window.showWarningMessage(message),
      showInformation: (message) => void vscode.window.showInformationMessage(message),
      logError: (line) => deps.log.error(line),
      ...notificationProgress(deps.active),
    },
    instruction,
  );
  const { error, ...result } = outcome;
  return outcome.status === 'error' ? { status: 'error', error: reportError(error) } : result;
}
