// The walkthrough (package.json contributes.walkthroughs; its steps and what completes each are core's
// walkthroughSteps.ts): "Ask Model: Get Started" opens it, and each step the user has done is told to VS Code.
//
// VS Code ticks a step when the step's context key turns true while its walkthrough service is listening. That
// service starts only when something needs it (the Welcome page), and a key that is already true when it starts never
// ticks its step in that session. So a done step's key is only pulsed (true, then false again): when the user does
// the step, a few seconds after start-up (the Welcome page may be open), and whenever a Welcome tab opens. What is
// done is kept in global state so a later session can tell VS Code again; VS Code keeps the ticks it saw.
import * as vscode from 'vscode';
import type { WALKTHROUGH_ID, WalkthroughContextKey, WalkthroughContextStep } from '../../../core';
import { STEP_DONE_COMMAND } from '../../platform/walkthrough/walkthroughProgress';

const walkthroughId: typeof WALKTHROUGH_ID = 'askModel.getStarted';
const DONE_STEPS_KEY = 'askModel.walkthroughDone';
/**
 * How long a key stays true: long enough for the workbench to see the change, short enough to be false at rest (a
 * service that starts while a key is true misses that step for the session).
 */
const PULSE_MS = 300;
const AFTER_START_MS = 5000;
const AFTER_OPEN_MS = 500;

export function registerWalkthrough(context: vscode.ExtensionContext): void {
  const done = new Set(context.globalState.get<WalkthroughContextStep[]>(DONE_STEPS_KEY, []));
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const keyOf = (step: WalkthroughContextStep): WalkthroughContextKey => `askModel.walkthrough.${step}`;
  const pulse = (steps: Iterable<WalkthroughContextStep>): void => {
    for (const step of steps) {
      const key = keyOf(step);
      void vscode.commands.executeCommand('setContext', key, true);
      later(PULSE_MS, () => void vscode.commands.executeCommand('setContext', key, false));
    }
  };
  const pulseDone = (): void => pulse([...done]);

  context.subscriptions.push(
    { dispose: () => timers.forEach(clearTimeout) },
    vscode.commands.registerCommand('askModel.getStarted', async () => {
      // Every key false before the page (and perhaps the service) starts, even one a step just pulsed, then the pulse.
      await Promise.all([...done].map((step) => vscode.commands.executeCommand('setContext', keyOf(step), false)));
      await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${walkthroughId}`, false);
      later(AFTER_OPEN_MS, pulseDone);
    }),
    vscode.commands.registerCommand(STEP_DONE_COMMAND, async (step: WalkthroughContextStep) => {
      pulse([step]);
      if (done.has(step)) return;
      done.add(step);
      await context.globalState.update(DONE_STEPS_KEY, [...done]);
    }),
    // The Welcome page (its tab has no input the API can name) may have started the walkthrough service.
    vscode.window.tabGroups.onDidChangeTabs((event) => {
      if (done.size > 0 && event.opened.some((tab) => tab.input === undefined)) later(AFTER_OPEN_MS, pulseDone);
    }),
  );
  if (done.size > 0) later(AFTER_START_MS, pulseDone);
}
