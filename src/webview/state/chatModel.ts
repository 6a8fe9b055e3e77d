// The view's copy of the host's state plus the draft: what is cached, and what the views are rendered from. The host
// owns the conversation; this only applies what it sends. Deltas are appended in place (string concatenation is
// cheap in V8: it builds a rope), because copying a long conversation per network read would not be.
import type { AssistantTurn, ChatViewState, ContextChip, ConversationSummary, ToolCard, Turn } from '../../core/chat/webviewProtocol';
import type { CachedView } from './cachedView';

export class ChatModel {
  private current: ChatViewState;
  private typed: string;
  /** The turn the last delta went to: the next one almost always goes there too. */
  private lastDeltaTurn: AssistantTurn | undefined;

  constructor(state: ChatViewState, draft: string) {
    this.current = state;
    this.typed = draft;
  }

  get state(): ChatViewState {
    return this.current;
  }

  get draft(): string {
    return this.typed;
  }

  replaceState(state: ChatViewState): void {
    this.current = state;
    this.lastDeltaTurn = undefined;
  }

  /** Replaces the turn with the same id, or appends it. */
  upsertTurn(turn: Turn, busy: boolean): void {
    const turns = this.current.turns;
    const index = findLastIndex(turns, (candidate) => candidate.id === turn.id);
    if (index === -1) turns.push(turn);
    else turns[index] = turn;
    this.current.busy = busy;
    if (this.lastDeltaTurn?.id === turn.id) this.lastDeltaTurn = undefined;
  }

  /** Appends streamed text to a streaming assistant turn; returns it, or undefined when there is no such turn. */
  appendDelta(turnId: string, text: string, reasoning: string): AssistantTurn | undefined {
    let turn = this.lastDeltaTurn;
    if (turn?.id !== turnId) {
      const found = this.current.turns[findLastIndex(this.current.turns, (candidate) => candidate.id === turnId)];
      turn = found?.role === 'assistant' ? found : undefined;
    }
    if (turn?.status !== 'streaming') return undefined;
    this.lastDeltaTurn = turn;
    if (text !== '') turn.text += text;
    if (reasoning !== '') turn.reasoning += reasoning;
    return turn;
  }

  /** Adds or replaces a tool card on an assistant turn; returns false when there is no such turn. */
  upsertToolCall(turnId: string, call: ToolCard): boolean {
    const turn = this.current.turns[findLastIndex(this.current.turns, (candidate) => candidate.id === turnId)];
    if (turn?.role !== 'assistant') return false;
    const calls = turn.toolCalls ?? [];
    const index = calls.findIndex((candidate) => candidate.id === call.id);
    turn.toolCalls = index === -1 ? [...calls, call] : calls.map((candidate, position) => (position === index ? call : candidate));
    return true;
  }

  setPendingContext(chips: ContextChip[]): void {
    this.current.pendingContext = chips;
  }

  setHistory(history: ConversationSummary[]): void {
    this.current.history = history;
  }

  setDraft(draft: string): void {
    this.typed = draft;
  }

  snapshot(): CachedView {
    return { version: 1, state: this.current, draft: this.typed };
  }
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (predicate(items[index]!)) return index;
  return -1;
}
