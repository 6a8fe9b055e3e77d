// A turn as the view shows it: an answer's facts become the line under it. The line is the last model answer's (a
// turn with tool rounds has one per round), or what an older version stored in their place.
import { formatAnswerFooter } from '../ask/answerFooter';
import type { Turn } from './chatTurns';
import type { ViewTurn } from './webviewProtocol';

export function viewTurnOf(turn: Turn): ViewTurn {
  if (turn.role === 'user') return turn;
  const { answers, legacyFooter, ...shown } = turn;
  const last = answers.at(-1);
  const footer = last ? formatAnswerFooter(last) : legacyFooter;
  return footer === undefined ? shown : { ...shown, footer };
}
