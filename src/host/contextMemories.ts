// What requests learn about each model's window and token counts: the window a server enforced (from an overflow,
// for the session) and the calibration of our estimate against the server's counts (kept in the global state, so a
// new window starts calibrated). One memory per profile and model.
import type * as vscode from 'vscode';
import { parseTokenCalibration, type ContextMemory, type ContextWindow, type TokenCalibration } from '../core';

const CALIBRATIONS_KEY = 'askModel.tokenCalibrations';

export class ContextMemories {
  private readonly learnedWindows = new Map<string, number>();

  constructor(private readonly state: vscode.Memento) {}

  /** `known`: the window as the catalogue and the overrides give it, read when asked (discovery may finish meanwhile). */
  memoryFor(profile: string, model: string, known: () => ContextWindow | undefined): ContextMemory {
    const key = `${profile}\n${model}`;
    return {
      window: () => {
        const catalogue = known();
        const learned = this.learnedWindows.get(key);
        if (learned === undefined) return catalogue;
        return { contextWindow: catalogue ? Math.min(catalogue.contextWindow, learned) : learned, maxOutputTokens: catalogue?.maxOutputTokens };
      },
      learnWindow: (contextWindow) => this.learnedWindows.set(key, contextWindow),
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
