// How an answer changes while it streams, as one pure function that both sides apply: the host to the turn it keeps
// (and stores), the view to its copy. Both therefore hold the same text and tool cards after the same updates, by
// construction. How the answer ends (its facts, status, error) is the session's alone: the view is sent the finished
// turn. Each update returns a new turn and leaves the old one as it was; only the answer's own fields are copied.
import type { AnswerFacts } from '../run/answerFacts';
import type { AssistantTurn, ToolCard } from './chatTurns';

/** What the stored turn and the view's turn share while an answer streams. */
interface StreamingTurn {
  status: AssistantTurn['status'];
  text: string;
  reasoning: string;
  toolCalls?: ToolCard[] | undefined;
}

export type StreamUpdate =
  /** Streamed text and reasoning, appended. Only a streaming answer takes them (a late delta after the end is dropped). */
  | { type: 'delta'; text: string; reasoning: string }
  /** A tool card added, or replaced by id (its order stays the order of first appearance). */
  | { type: 'toolCall'; call: ToolCard };

export type EndUpdate =
  /** One model answer of the turn finished (a turn with tool rounds has several). */
  | { type: 'answered'; facts: AnswerFacts }
  /** The answer's end: its status and what goes under it. */
  | { type: 'finish'; status: Exclude<AssistantTurn['status'], 'streaming'>; error?: AssistantTurn['error']; notice?: string | undefined };

export type TurnUpdate = StreamUpdate | EndUpdate;

/** The turn after a streamed update; the same object when the update does not apply to it. */
export function updateTurn<T extends StreamingTurn>(turn: T, update: StreamUpdate): T {
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
    default: {
      const unexpected: never = update;
      throw new Error(`unknown turn update ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The stored turn after any update, the end of the answer included. */
export function updateStoredTurn(turn: AssistantTurn, update: TurnUpdate): AssistantTurn {
  switch (update.type) {
    case 'delta':
    case 'toolCall':
      return updateTurn(turn, update);
    case 'answered':
      return { ...turn, answers: [...turn.answers, update.facts] };
    case 'finish': {
      const next: AssistantTurn = { ...turn, status: update.status };
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
