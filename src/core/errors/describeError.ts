// An error as the user meets it, wherever it is shown (a notification, the chat's error card, a command's result):
// its message and the actions that fix it.
import { AskModelError, type ErrorAction } from './AskModelError';

export interface DescribedError {
  message: string;
  actions: ErrorAction[];
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The actions to offer for `error`; `retry` only when the caller can retry. Unknown errors point to the log. */
export function actionsFor(error: unknown, canRetry: boolean): ErrorAction[] {
  const actions = error instanceof AskModelError ? [...error.actions] : ['show-log' as const];
  return actions.filter((action) => action !== 'retry' || canRetry);
}

export function describeError(error: unknown, canRetry: boolean): DescribedError {
  return { message: messageOf(error), actions: actionsFor(error, canRetry) };
}
