// The host messages of one bench answer, as the host would send them: the user's turn, then either the answer
// streamed (an empty streaming turn, the deltas, the finished turn) or the finished turn alone.
import type { ViewAssistantTurn, HostMessage, UserTurn } from '../../../src/core/chat/webviewProtocol';
import { splitIntoPieces, type BenchAnswer } from './benchAnswer';

export const BENCH_ANSWER_ID = 'a-bench';
const FOOTER = 'model bench-model · tokens 1200/25000/26200 (prompt/completion/total) · first token 210 ms · total 31.4 s';

export interface BenchMessages {
  readonly question: HostMessage;
  /** Streaming start, deltas, the finished turn. */
  readonly streamed: HostMessage[];
  /** The finished turn, once. */
  readonly once: HostMessage;
  readonly deltas: number;
}

export function benchMessages(answer: BenchAnswer, deltas: number, turnId = BENCH_ANSWER_ID): BenchMessages {
  const user: UserTurn = { id: `${turnId}-question`, role: 'user', text: 'Walk me through the whole pipeline, with code.', context: [] };
  const finished: ViewAssistantTurn = { id: turnId, role: 'assistant', text: answer.text, reasoning: answer.reasoning, status: 'done', footer: FOOTER };
  // Reasoning first (as reasoning models send it), then the answer; together exactly `deltas` messages.
  const reasoningDeltas = Math.max(1, Math.round(deltas / 100));
  const reasoningPieces = splitIntoPieces(answer.reasoning, reasoningDeltas, 11);
  const textPieces = splitIntoPieces(answer.text, deltas - reasoningDeltas, 13);
  const streamed: HostMessage[] = [
    { type: 'turn', turn: { ...finished, text: '', reasoning: '', status: 'streaming', footer: undefined }, busy: true },
    ...reasoningPieces.map((reasoning): HostMessage => ({ type: 'delta', turnId, text: '', reasoning })),
    ...textPieces.map((text): HostMessage => ({ type: 'delta', turnId, text, reasoning: '' })),
    { type: 'turn', turn: finished, busy: false },
  ];
  return { question: { type: 'turn', turn: user, busy: true }, streamed, once: { type: 'turn', turn: finished, busy: false }, deltas };
}

/**
 * The same stream as a host would post it if it coalesced deltas per `windowMs` (one post per frame or so) instead
 * of one per network read: consecutive deltas merged, `perMs` scaled down to keep the same pace of text.
 */
export function coalescedStream(messages: BenchMessages, perMs: number, windowMs: number): { messages: HostMessage[]; perMs: number } {
  const groupSize = Math.max(1, Math.round(perMs * windowMs));
  const [start, ...rest] = messages.streamed;
  const finished = rest.pop();
  if (!start || !finished) throw new Error('a streamed answer has a start and a finished turn');
  const merged: HostMessage[] = [];
  for (let index = 0; index < rest.length; index += groupSize) {
    const group = rest.slice(index, index + groupSize).filter((message) => message.type === 'delta');
    const first = group[0];
    if (!first) continue;
    merged.push({ type: 'delta', turnId: first.turnId, text: group.map((delta) => delta.text).join(''), reasoning: group.map((delta) => delta.reasoning).join('') });
  }
  return { messages: [start, ...merged, finished], perMs: perMs / groupSize };
}
