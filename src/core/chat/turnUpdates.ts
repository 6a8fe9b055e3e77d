// How an answer changes while it streams, as one pure function that both sides apply: the host to the turn it keeps
// (and stores), the view to its copy. Both therefore hold the same turn after the same updates, by construction.
// Each update returns a new turn and leaves the old one as it was; only the answer's own fields are copied.
import type { AssistantTurn, ToolCard } from './chatTurns';

export type TurnUpdate =
  /** Streamed text and reasoning, appended. Only a streaming answer takes them (a late delta after the end is dropped). */
  | { type: 'delta'; text: string; reasoning: string }
  /** A tool card added, or replaced by id (its order stays the order of first appearance). */
  | { type: 'toolCall'; call: ToolCard }
  /** One model answer of the turn finished (a turn with tool rounds has several): the line under the turn. */
  | { type: 'answered'; footer: string }
  /** The answer's end: its status and what goes under it. */
  | { type: 'finish'; status: Exclude<AssistantTurn['status'], 'streaming'>; footer?: string | undefined; error?: AssistantTurn['error']; notice?: string | undefined };

/** The turn after `update`; the same object when the update does not apply to it. */
export function updateTurn(turn: AssistantTurn, update: TurnUpdate): AssistantTurn {
  switch (update.type) {
    case 'delta':
      if (turn.status !== 'streaming' || (update.text === '' && update.reasoning === '')) return turn;
      return { ...turn, text: turn.text + update.text, reasoning: turn.reasoning + update.reasoning };
    case 'toolCall': {
      const calls = turn.toolCalls ?? [];
      const index = calls.findIndex((candidate) => candidate.id === update.call.id);
      const toolCalls = index === -1 ? [...calls, update.call] : calls.map((candidate, position) => (position === index ? update.call : candidate));
      return { ...turn, toolCalls };
    }
    case 'answered':
      return { ...turn, footer: update.footer };
    case 'finish': {
      const next: AssistantTurn = { ...turn, status: update.status };
      if (update.footer !== undefined) next.footer = update.footer;
      if (update.error !== undefined) next.error = update.error;
      if (update.notice !== undefined) next.notice = update.notice;
      return next;
    }
    default: {
      const unexpected: never = update;
      throw new Error(`unknown turn update ${JSON.stringify(unexpected)}`);
    }
  }
}
