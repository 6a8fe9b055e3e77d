// Whether a window an overflow taught may be believed. A server's own number outranks any listing (it is what the
// serving side enforces), but servers misreport: llama.cpp has answered overflows naming a window of a handful of
// tokens, and a guess made from a refused request is only a guess. So a learnt window is refused, with the reason
// logged, when it cannot be right:
// - below MIN_CONTEXT_WINDOW (see there);
// - below a prompt this model already took: a request whose prompt the server counted at N tokens was answered, so
//   the window is at least N, whatever a later error says.
// What is adopted narrows the catalogue's window (serving over listing over trained, as mergeCatalogue ranks them);
// it never widens it, since an overflow only ever shows where the window ends.
import type { ContextWindow } from './contextFitter';

/**
 * The smallest window believed. No chat model served today has less than 512 tokens (GPT-2's 1024, TinyLlama's 2048,
 * llama.cpp's smallest default of 512 per slot), and a system prompt with one short message already takes a couple of
 * hundred: a window under 256 tokens could hold no conversation at all, so a server that says so is misreporting.
 */
export const MIN_CONTEXT_WINDOW = 256;

export type WindowVerdict = { adopt: true } | { adopt: false; reason: string };

/** What is known of the model when a window is proposed. */
export interface WindowEvidence {
  /** The largest prompt (as the server counted it) of a request this model answered. */
  largestServedPrompt: number | undefined;
}

/** Whether `proposed` may become this model's window, and why not. */
export function judgeLearntWindow(proposed: number, evidence: WindowEvidence): WindowVerdict {
  if (!Number.isSafeInteger(proposed) || proposed <= 0) return { adopt: false, reason: `${String(proposed)} is not a number of tokens` };
  if (proposed < MIN_CONTEXT_WINDOW) {
    return { adopt: false, reason: `${proposed} tokens is below ${MIN_CONTEXT_WINDOW}, smaller than any chat model's window: the server misreported it` };
  }
  const served = evidence.largestServedPrompt;
  if (served !== undefined && proposed < served) {
    return { adopt: false, reason: `this model already answered a prompt of ${served} tokens, more than ${proposed}` };
  }
  return { adopt: true };
}

/** One model's learnt window and the evidence it is judged by; the host keeps one per profile and model. */
export class LearntWindow {
  private learnt: number | undefined;
  private largestServedPrompt: number | undefined;

  /** `rejected`: told each window refused, with the reason (for the log). */
  constructor(private readonly rejected: (contextWindow: number, reason: string) => void = () => undefined) {}

  /** A request whose prompt the server counted at `promptTokens` was answered. */
  served(promptTokens: number): void {
    if (!Number.isSafeInteger(promptTokens) || promptTokens <= 0) return;
    this.largestServedPrompt = Math.max(this.largestServedPrompt ?? 0, promptTokens);
  }

  /** An overflow taught `contextWindow`: adopted unless it cannot be right (then reported and ignored). */
  learn(contextWindow: number): WindowVerdict {
    const verdict = judgeLearntWindow(contextWindow, { largestServedPrompt: this.largestServedPrompt });
    if (verdict.adopt) this.learnt = contextWindow;
    else this.rejected(contextWindow, verdict.reason);
    return verdict;
  }

  /** The window to fit to: the catalogue's (`known`), narrowed by what was learnt. */
  window(known: ContextWindow | undefined): ContextWindow | undefined {
    if (this.learnt === undefined) return known;
    return { contextWindow: known ? Math.min(known.contextWindow, this.learnt) : this.learnt, maxOutputTokens: known?.maxOutputTokens };
  }
}
