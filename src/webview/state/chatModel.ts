// The view's copy of the host's state plus the draft: what is cached, and what the views are rendered from. The host
// owns the conversation; this only applies what it sends, with the same turn updates the host applied to its own
// copy (core/chat/turnUpdates.ts). An update makes a new turn object and puts it in the list in place: only the
// changed turn is copied, never the conversation (string concatenation is cheap in V8: it builds a rope).
import { updateTurn, type StreamUpdate } from '../../core/chat/turnUpdates';
import type { ViewAssistantTurn, ChatViewState, ContextChip, ContextUse, ConversationSummary, ToolCard, ViewTurn } from '../../core/chat/webviewProtocol';
import type { CachedView } from './cachedView';

export class ChatModel {
  private current: ChatViewState;
  private typed: string;
  /** Where the last delta's turn is in the list: the next one almost always goes there too. */
  private lastDeltaIndex = -1;

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
    this.lastDeltaIndex = -1;
  }

  /** Replaces the turn with the same id, or appends it. */
  upsertTurn(turn: ViewTurn, busy: boolean): void {
    const turns = this.current.turns;
    const index = findLastIndex(turns, (candidate) => candidate.id === turn.id);
    if (index === -1) turns.push(turn);
    else turns[index] = turn;
    this.current.busy = busy;
  }

  /** Appends streamed text to a streaming assistant turn; returns it, or undefined when there is no such turn. */
  appendDelta(turnId: string, text: string, reasoning: string): ViewAssistantTurn | undefined {
    const turns = this.current.turns;
    if (turns[this.lastDeltaIndex]?.id !== turnId) this.lastDeltaIndex = findLastIndex(turns, (candidate) => candidate.id === turnId);
    const turn = turns[this.lastDeltaIndex];
    if (turn?.role !== 'assistant' || turn.status !== 'streaming') return undefined;
    return this.update(this.lastDeltaIndex, turn, { type: 'delta', text, reasoning });
  }

  /** Adds or replaces a tool card on an assistant turn; returns false when there is no such turn. */
  upsertToolCall(turnId: string, call: ToolCard): boolean {
    const index = findLastIndex(this.current.turns, (candidate) => candidate.id === turnId);
    const turn = this.current.turns[index];
    if (turn?.role !== 'assistant') return false;
    this.update(index, turn, { type: 'toolCall', call });
    return true;
  }

  setPendingContext(chips: ContextChip[]): void {
    this.current.pendingContext = chips;
  }

  setHistory(history: ConversationSummary[]): void {
    this.current.history = history;
  }

  setContext(context: ContextUse | undefined, summarisedThrough: string | undefined): void {
    const { context: _context, summarisedThrough: _through, ...rest } = this.current;
    this.current = { ...rest, ...(context ? { context } : {}), ...(summarisedThrough !== undefined ? { summarisedThrough } : {}) };
  }

  setDraft(draft: string): void {
    this.typed = draft;
  }

  private update(index: number, turn: ViewAssistantTurn, update: StreamUpdate): ViewAssistantTurn {
    const next = updateTurn(turn, update);
    this.current.turns[index] = next;
    return next;
  }

  snapshot(): CachedView {
    return { version: 1, state: this.current, draft: this.typed };
  }
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (predicate(items[index]!)) return index;
  return -1;
}
