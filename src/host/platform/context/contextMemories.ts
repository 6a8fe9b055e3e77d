// What requests learn about each model's window and token counts: the window a server enforced (from an overflow,
// for the session) and the calibration of our estimate against the server's counts (kept in the global state, so a
// new window starts calibrated). One memory per profile and model. Whether a learnt window is believed is core's
// decision (LearntWindow); this only keeps it and logs what was refused.
import type * as vscode from 'vscode';
import { LearntWindow, parseTokenCalibration, type ContextMemory, type ContextWindow, type TokenCalibration } from '../../../core';

const CALIBRATIONS_KEY = 'askModel.tokenCalibrations';

export class ContextMemories {
  private readonly learntWindows = new Map<string, LearntWindow>();

  /** `log`: told each learnt window refused, and why. */
  constructor(
    private readonly state: vscode.Memento,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** `known`: the window as the catalogue and the overrides give it, read when asked (discovery may finish meanwhile). */
  memoryFor(profile: string, model: string, known: () => ContextWindow | undefined): ContextMemory {
    const key = `${profile}\n${model}`;
    let learnt = this.learntWindows.get(key);
    if (!learnt) {
      learnt = new LearntWindow((contextWindow, reason) => this.log(`Context window of ${model} (${profile}): not adopting the ${contextWindow} tokens an overflow stated: ${reason}.`));
      this.learntWindows.set(key, learnt);
    }
    const window = learnt;
    return {
      window: () => window.window(known()),
      learnWindow: (contextWindow) => void window.learn(contextWindow),
      served: (promptTokens) => window.served(promptTokens),
      calibration: () => parseTokenCalibration(this.calibrations()[key]),
      setCalibration: (calibration) => {
        void this.state.update(CALIBRATIONS_KEY, { ...this.calibrations(), [key]: calibration });
      },
    };
  }

  private calibrations(): Record<string, TokenCalibration | undefined> {
    const stored = this.state.get<unknown>(CALIBRATIONS_KEY);
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, TokenCalibration | undefined>) : {};
  }
}
