// A core error shown as a notification with the buttons that fix it, and running the fix the user picks (the core's
// describeError says what an error's message and fixes are).
import * as vscode from 'vscode';
import { actionsFor, describeError, messageOf, type DescribedError, type ErrorAction } from '../../../core';

const LABELS: Record<ErrorAction, string> = {
  'set-api-key': 'Set API Key',
  'open-settings': 'Open Settings',
  retry: 'Retry',
  'select-model': 'Select Model',
  'show-log': 'Show Log',
};

/** Runs a fix the user picked; `retry` is the caller's own (only it knows what to send again). */
export async function runErrorAction(action: ErrorAction, retry?: () => unknown): Promise<void> {
  if (action === 'retry') await retry?.();
  else if (action === 'set-api-key') await vscode.commands.executeCommand('askModel.setApiKey');
  else if (action === 'select-model') await vscode.commands.executeCommand('askModel.selectModel');
  else if (action === 'show-log') await vscode.commands.executeCommand('askModel.showLog');
  else await vscode.commands.executeCommand('workbench.action.openSettings', 'askModel');
}

/** Shows the error; resolves when the user picked an action (after running it) or dismissed it. */
export async function showError(error: unknown, options: { retry?: () => unknown } = {}): Promise<void> {
  const actions = actionsFor(error, options.retry !== undefined);
  const picked = await vscode.window.showErrorMessage(messageOf(error), ...actions.map((action) => LABELS[action]));
  const action = actions.find((candidate) => LABELS[candidate] === picked);
  if (action) await runErrorAction(action, options.retry);
}

/**
 * A command's failure: shown to the user (with Retry when the command can run again) and described for the command's
 * result, which tests and callers read; both say the same, as both come from the one error.
 */
export function reportError(error: unknown, retry?: () => unknown): DescribedError {
  void showError(error, retry === undefined ? {} : { retry });
  return describeError(error, retry !== undefined);
}
