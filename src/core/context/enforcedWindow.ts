// The window a server enforces, learnt from its overflow error: errors/ recognises the overflow and its numbers (it
// describes the error), the context fitter turns them into the window it fits the next request to.
import type { ContextOverflow } from '../errors/contextOverflow';

/**
 * The window the server enforces, as far as the overflow tells it: said outright, or (Ollama) the prompt less how far
 * over it was. `sentPromptTokens` is the calibrated estimate of the request that overflowed, for a server that did not
 * count the prompt itself.
 */
export function enforcedWindow(overflow: ContextOverflow, sentPromptTokens: number): number | undefined {
  if (overflow.contextWindow !== undefined) return overflow.contextWindow;
  if (overflow.exceededBy === undefined) return undefined;
  const window = (overflow.promptTokens ?? sentPromptTokens) - overflow.exceededBy;
  return window > 0 ? window : undefined;
}
