// Ticks the walkthrough's steps as the user does them (core's walkthroughSteps.ts says which step means what): the
// step's context key is set once; VS Code completes the step and remembers it across sessions.
import * as vscode from 'vscode';
import type { WalkthroughContextKey, WalkthroughContextStep } from '../../core';

const done = new Set<WalkthroughContextStep>();

export function walkthroughStepDone(step: WalkthroughContextStep): void {
  if (done.has(step)) return;
  done.add(step);
  const key: WalkthroughContextKey = `askModel.walkthrough.${step}`;
  void vscode.commands.executeCommand('setContext', key, true);
}
