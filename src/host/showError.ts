// Shows a core error with buttons for the actions that fix it, and runs the one the user picks.
import * as vscode from 'vscode';
import { AskModelError, type ErrorAction } from '../core';

const LABELS: Record<ErrorAction, string> = {
  'set-api-key': 'Set API Key',
  'open-settings': 'Open Settings',
  retry: 'Retry',
  'select-model': 'Select Model',
  'show-log': 'Show Log',
};

/** The actions to offer for `error`; `retry` only when the caller can retry. */
export function actionsFor(error: unknown, canRetry: boolean): ErrorAction[] {
  const actions = error instanceof AskModelError ? [...error.actions] : ['show-log' as const];
  return actions.filter((action) => action !== 'retry' || canRetry);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shows the error; resolves when the user picked an action (after running it) or dismissed it. */
export async function showError(error: unknown, options: { retry?: () => unknown } = {}): Promise<void> {
  const actions = actionsFor(error, options.retry !== undefined);
  const picked = await vscode.window.showErrorMessage(messageOf(error), ...actions.map((action) => LABELS[action]));
  const action = actions.find((candidate) => LABELS[candidate] === picked);
  if (!action) return;
  if (action === 'retry') await options.retry?.();
  else if (action === 'set-api-key') await vscode.commands.executeCommand('askModel.setApiKey');
  else if (action === 'select-model') await vscode.commands.executeCommand('askModel.selectModel');
  else if (action === 'show-log') await vscode.commands.executeCommand('askModel.showLog');
  else await vscode.commands.executeCommand('workbench.action.openSettings', 'askModel');
}
