// "Edit Selection with Model": an instruction for the selected code; the model answers with tool calls, each edit is
// shown as a diff and applied only on Accept, as one undo step.
import * as vscode from 'vscode';
import { buildEditSelectionMessages, messageOf, runAnswer, type ChatDone, type DescribedError, type ToolLoopOutcome } from '../../core';
import type { ActiveRequests } from '../activeRequests';
import type { ClientFactory } from '../clientFactory';
import type { Log } from '../log';
import { prepareRun } from '../prepareRun';
import { reportError } from '../showError';
import { approveWithNotification } from '../tools/toolApprovers';
import type { WorkspaceTools } from '../tools/workspaceTools';

const SURROUNDING_LINES = 30;

export interface EditSelectionDeps {
  factory: ClientFactory;
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

/** The command's implementation; registerCommands.ts registers it at activation and loads this on its first run. */
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

  try {
    const run = await prepareRun(deps.factory, deps.log, 'edit-selection', [document.uri]);
    if (!run) return { status: 'cancelled' };
    const firstLine = Math.max(0, selection.start.line - SURROUNDING_LINES);
    const lastLine = Math.min(document.lineCount - 1, selection.end.line + SURROUNDING_LINES);
    const messages = buildEditSelectionMessages(run.systemPrompt, instruction, {
      path: vscode.workspace.asRelativePath(document.uri, false),
      languageId: document.languageId,
      startLine: selection.start.line + 1,
      endLine: selection.end.line + 1,
      selectedText: document.getText(selection),
      surroundings: document.getText(new vscode.Range(firstLine, 0, lastLine, document.lineAt(lastLine).text.length)),
      surroundingsStartLine: firstLine + 1,
    });
    // The model saw this text: an edit it proposes later is checked against it.
    deps.tools.reads.remember(document.uri.fsPath.replace(/\\/g, '/'), document.getText());
    const calls: Record<string, number> = {};
    let text = '';
    let lastAnswer: ChatDone | undefined;
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Ask Model: editing with ${run.model}…`, cancellable: true },
      (progress, token) =>
        deps.active.run(
          (signal) =>
            runAnswer(run, {
              messages,
              signal,
              tools: { runTool: deps.tools.runner.run, approve: approveWithNotification(deps.tools.approvals) },
              onEvent: (event) => {
                if (event.type === 'roundStart') text = '';
                else if (event.type === 'text') text += event.text;
                else if (event.type === 'answerDone') lastAnswer = event.done;
                else if (event.type === 'toolCall') {
                  progress.report({ message: `${event.call.name ?? 'tool'}: ${event.call.status}` });
                  if (['done', 'failed', 'rejected', 'invalid', 'cancelled', 'skipped'].includes(event.call.status)) calls[event.call.status] = (calls[event.call.status] ?? 0) + 1;
                }
              },
            }),
          token,
        ),
    );
    if (result.outcome === 'error') return failed(result.error);
    const said = text.trim().slice(0, 400);
    if (result.outcome === 'max-rounds' && result.notice) void vscode.window.showWarningMessage(`Ask Model: ${result.notice}`);
    else if (lastAnswer?.refused) void vscode.window.showWarningMessage(`Ask Model: the model refused: ${said}`);
    else if (said !== '') void vscode.window.showInformationMessage(`Ask Model: ${said}`);
    else if (result.outcome === 'done' && Object.keys(calls).length === 0) {
      // Nothing to see and nothing changed: say so, rather than closing the progress without a word.
      const finish = lastAnswer?.finishReason && lastAnswer.finishReason !== 'stop' ? ` (finish ${lastAnswer.finishReason})` : '';
      void vscode.window.showWarningMessage(`Ask Model: the model answered with no text and changed nothing${finish}.`);
    }
    return { status: result.outcome, rounds: result.rounds, text, calls };
  } catch (error) {
    return failed(error);
  }

  function failed(error: unknown): EditSelectionResult {
    deps.log.error(`edit-selection: ${messageOf(error)}`);
    return { status: 'error', error: reportError(error) };
  }
}
