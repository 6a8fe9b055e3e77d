// "Edit Selection with Model": an instruction for the selected code; the model answers with tool calls, each edit is
// shown as a diff and applied only on Accept, as one undo step.
import * as vscode from 'vscode';
import {
  buildChatRequest,
  buildEditSelectionMessages,
  requestSettingsFor,
  runToolLoop,
  toolDefinitions,
  type ErrorAction,
  type ToolLoopOutcome,
} from '../../core';
import type { ActiveRequests } from '../activeRequests';
import type { ClientFactory } from '../clientFactory';
import { logAnswer, type Log } from '../log';
import { actionsFor, messageOf, showError } from '../showError';
import { approveReadWithNotification, readWorkspaceToolSettings, type WorkspaceToolRunner } from '../tools/toolRunner';
import type { ReadTracker } from '../tools/readTracker';
import { selectModel } from './modelPicker';

const SURROUNDING_LINES = 30;

export interface EditSelectionDeps {
  factory: ClientFactory;
  active: ActiveRequests;
  log: Log;
  runner: WorkspaceToolRunner;
  reads: ReadTracker;
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
  error?: { message: string; actions: ErrorAction[] };
}

export function registerEditSelectionCommand(context: vscode.ExtensionContext, deps: EditSelectionDeps): void {
  context.subscriptions.push(vscode.commands.registerCommand('askModel.editSelection', (args?: EditSelectionArgs) => editSelection(deps, args)));
}

async function editSelection(deps: EditSelectionDeps, args: EditSelectionArgs | undefined): Promise<EditSelectionResult> {
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
    let { client, settings } = await deps.factory.create();
    if (settings.model === '') {
      if (!(await selectModel(deps.factory))) return { status: 'cancelled' };
      ({ client, settings } = await deps.factory.create());
    }
    const toolSettings = readWorkspaceToolSettings();
    const firstLine = Math.max(0, selection.start.line - SURROUNDING_LINES);
    const lastLine = Math.min(document.lineCount - 1, selection.end.line + SURROUNDING_LINES);
    const messages = buildEditSelectionMessages(settings.systemPrompt, instruction, {
      path: vscode.workspace.asRelativePath(document.uri, false),
      languageId: document.languageId,
      startLine: selection.start.line + 1,
      endLine: selection.end.line + 1,
      selectedText: document.getText(selection),
      surroundings: document.getText(new vscode.Range(firstLine, 0, lastLine, document.lineAt(lastLine).text.length)),
      surroundingsStartLine: firstLine + 1,
    });
    // The model saw this text: an edit it proposes later is checked against it.
    deps.reads.remember(document.uri.fsPath.replace(/\\/g, '/'), document.getText());
    const calls: Record<string, number> = {};
    let text = '';
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Ask Model: editing with ${settings.model}…`, cancellable: true },
      (progress, token) =>
        deps.active.run(
          (signal) =>
            runToolLoop({
              client,
              buildRequest: (history) => buildChatRequest({ settings: requestSettingsFor(settings, 'edit-selection'), messages: history, tools: toolDefinitions(true), toolChoice: 'auto' }),
              messages,
              executeTool: deps.runner.executor(toolSettings, deps.runner.askWithNotification()),
              approve: approveReadWithNotification,
              needsApproval: (call) => call.kind === 'read' && toolSettings.askBeforeReading,
              maxRounds: toolSettings.maxRounds,
              signal,
              onEvent: (event) => {
                if (event.type === 'round-start') text = '';
                else if (event.type === 'text') text += event.text;
                else if (event.type === 'answer-done') logAnswer(deps.log, 'edit-selection', event.done);
                else if (event.type === 'tool-call') {
                  progress.report({ message: `${event.call.name ?? 'tool'}: ${event.call.status}` });
                  if (['done', 'failed', 'rejected', 'invalid', 'cancelled', 'skipped'].includes(event.call.status)) calls[event.call.status] = (calls[event.call.status] ?? 0) + 1;
                }
              },
            }),
          token,
        ),
    );
    if (result.outcome === 'error') throw result.error;
    if (result.outcome === 'max-rounds' && result.notice) void vscode.window.showWarningMessage(`Ask Model: ${result.notice}`);
    else if (text.trim() !== '') void vscode.window.showInformationMessage(`Ask Model: ${text.trim().slice(0, 400)}`);
    return { status: result.outcome, rounds: result.rounds, text, calls };
  } catch (error) {
    deps.log.error(`edit-selection: ${messageOf(error)}`);
    void showError(error);
    return { status: 'error', error: { message: messageOf(error), actions: actionsFor(error, false) } };
  }
}
