// "Ask Model: Get Started" opens the walkthrough (package.json contributes.walkthroughs; its steps and what completes
// each are core's walkthroughSteps.ts). VS Code also lists it on its Welcome page.
import * as vscode from 'vscode';
import type { WALKTHROUGH_ID } from '../../core';

const walkthroughId: typeof WALKTHROUGH_ID = 'askModel.getStarted';

export function registerWalkthrough(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('askModel.getStarted', () => vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${walkthroughId}`, false)),
  );
}
