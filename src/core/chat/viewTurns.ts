// A turn as the view shows it: an answer's facts become the line under it. The line is the last model answer's (a
// turn with tool rounds has one per round) with the cost of them all, or what an older version stored in their place.
// The cost also goes as a number, when every request of the answer had a price, for the header's conversation total.
import { formatAnswerFooter } from '../ask/answerFooter';
import { totalCost } from '../cost/answerCost';
import type { Turn } from './chatTurns';
import type { ViewTurn } from './webviewProtocol';

export function viewTurnOf(turn: Turn): ViewTurn {
  if (turn.role === 'user') return turn;
  const { answers, legacyFooter, fileEdits, ...rest } = turn;
  // The view is told which files changed, never their texts (it caches its state; revert and diff are the host's).
  const shown = fileEdits?.length ? { ...rest, editedFiles: fileEdits.map((edit) => edit.relativePath) } : rest;
  const last = answers.at(-1);
  if (!last) return legacyFooter === undefined ? shown : { ...shown, footer: legacyFooter };
  const cost = totalCost(answers.map((facts) => facts.cost));
  const footer = formatAnswerFooter(last, cost);
  return cost.unpriced === 0 ? { ...shown, footer, cost: { usd: cost.usd, basis: cost.estimated ? 'prices' : 'server' } } : { ...shown, footer };
}
