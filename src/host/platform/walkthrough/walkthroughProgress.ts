// Ticks the walkthrough's steps as the user does them (core's walkthroughSteps.ts says which step means what). Called
// from any feature, in either bundle: it goes through the command registerWalkthrough.ts registers, which keeps what
// is done and tells VS Code.
import * as vscode from 'vscode';
import type { WalkthroughContextStep } from '../../../core';

/** The command that marks a step done (in package.json, hidden from the Command Palette). */
export const STEP_DONE_COMMAND = 'askModel.walkthrough.stepDone';

export function walkthroughStepDone(step: WalkthroughContextStep): void {
  void vscode.commands.executeCommand(STEP_DONE_COMMAND, step);
}
