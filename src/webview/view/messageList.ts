// The conversation: one element per turn, keyed by turn id, in a `role="log"` region. A full state is reconciled
// against what is shown (the cached state and the host's answer to `ready` are usually the same, and a long
// conversation must not be rendered twice). A long conversation arriving whole (the view is rebuilt each time it is
// shown) gets its newest turns at once and the older ones back-filled above them in short slices, so the view paints
// in tens of milliseconds rather than after every answer's Markdown is rendered. Streamed deltas are buffered per
// turn and rendered together on an animation frame, at most every third one.
import type { ToolCard, ViewTurn, ViewMessage } from '../../core/chat/webviewProtocol';
import { element } from '../dom';
import { AssistantTurnView } from './assistantTurnView';
import { FrameScheduler } from './frameScheduler';
import { messageForClick } from './messageActions';
import { UserTurnView } from './userTurnView';

type TurnView = UserTurnView | AssistantTurnView;

/** Turns rendered at once when many arrive together; older ones are back-filled. */
const EAGER_TURNS = 12;
/** Main-thread time one back-fill slice may take before yielding (frames and input go between slices). */
const BACKFILL_SLICE_MS = 8;
/**
 * Streamed text is rendered at most this often (every third frame at 60 Hz), the pace VS Code's own chat renders a
 * streaming answer at. Each render costs the browser a style, layout, pre-paint and paint pass (and a repaint of the
 * scrolled view) on top of the new text's own Markdown, and in a long answer those passes are most of a render's cost,
 * so the number of renders, not the amount of text, sets what streaming costs beyond rendering the answer once.
 */
const STREAM_RENDER_INTERVAL_MS = 50;

interface Backfill {
  /** Turns still to render, oldest first; rendered newest first. */
  readonly pending: ViewTurn[];
  /** Position of every turn of the conversation, to find the element each back-filled turn goes before. */
  readonly order: readonly ViewTurn[];
  readonly indexOf: ReadonlyMap<string, number>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface MessageListOptions {
  readonly post: (message: ViewMessage) => void;
}

export class MessageList {
  readonly element: HTMLElement;
  private readonly views = new Map<string, TurnView>();
  /** Turns with buffered deltas, rendered on the next render frame. */
  private readonly dirty = new Set<AssistantTurnView>();
  private readonly frames = new FrameScheduler(() => this.renderFrame(), STREAM_RENDER_INTERVAL_MS);
  private backfill: Backfill | undefined;

  constructor(options: MessageListOptions) {
    this.element = element('div', { class: 'message-log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Messages' });
    this.element.addEventListener('click', (event) => {
      const message = messageForClick(event.target);
      if (message) options.post(message);
    });
  }

  /**
   * Shows exactly `turns`, reusing the elements of turns that did not change. Walks from the newest turn back, so
   * the newest ones are rendered first; past EAGER_TURNS new ones, older turns without an element are back-filled.
   */
  showTurns(turns: readonly ViewTurn[]): void {
    this.stopBackfill();
    const wanted = new Set(turns.map((turn) => turn.id));
    for (const [id, view] of this.views) {
      if (wanted.has(id)) continue;
      view.element.remove();
      this.views.delete(id);
      if (view instanceof AssistantTurnView) this.dirty.delete(view);
    }
    const later: ViewTurn[] = [];
    let created = 0;
    let next: Element | null = null;
    for (let index = turns.length - 1; index >= 0; index--) {
      const turn = turns[index]!;
      if (!this.views.has(turn.id) && created++ >= EAGER_TURNS) {
        later.push(turn);
        continue;
      }
      const view = this.upsertView(turn);
      if (view.element.parentNode !== this.element || view.element.nextElementSibling !== next) this.element.insertBefore(view.element, next);
      next = view.element;
    }
    if (later.length > 0) this.startBackfill(later.reverse(), turns);
  }

  /** Adds a turn, or updates the one with the same id. */
  showTurn(turn: ViewTurn): void {
    const waiting = this.backfill?.pending.findIndex((candidate) => candidate.id === turn.id) ?? -1;
    if (waiting !== -1) {
      // Not rendered yet: it will be, with this version, in its place.
      this.backfill!.pending[waiting] = turn;
      return;
    }
    const isNew = !this.views.has(turn.id);
    const view = this.upsertView(turn);
    if (isNew) this.element.append(view.element);
  }

  /** Buffers streamed text for a streaming turn; false when there is none with that id. */
  queueDelta(turnId: string, text: string, reasoning: string): boolean {
    const view = this.views.get(turnId);
    if (!(view instanceof AssistantTurnView) || !view.queueDelta(text, reasoning)) return false;
    this.dirty.add(view);
    this.frames.request();
    return true;
  }

  /**
   * Shows a new or changed tool card on an answer. Returns 'missing' when there is no answer with that id, else
   * whether the card changed.
   */
  showToolCall(turnId: string, call: ToolCard): 'missing' | 'changed' | 'same' {
    const view = this.views.get(turnId);
    if (!(view instanceof AssistantTurnView)) return 'missing';
    return view.showToolCall(call) ? 'changed' : 'same';
  }

  private startBackfill(pending: ViewTurn[], order: readonly ViewTurn[]): void {
    // The back-filled turns are history, not news: keep the log from announcing them as they are added.
    this.element.setAttribute('aria-live', 'off');
    const backfill: Backfill = { pending, order, indexOf: new Map(order.map((turn, index) => [turn.id, index])), timer: undefined };
    const slice = (): void => {
      const started = performance.now();
      while (backfill.pending.length > 0 && performance.now() - started < BACKFILL_SLICE_MS) {
        const turn = backfill.pending.pop()!;
        const following = backfill.order[(backfill.indexOf.get(turn.id) ?? -2) + 1];
        const before = following ? (this.views.get(following.id)?.element ?? null) : null;
        // Inserted above what is on screen; the browser's scroll anchoring keeps the view where it is.
        this.element.insertBefore(this.upsertView(turn).element, before);
      }
      if (backfill.pending.length > 0) backfill.timer = setTimeout(slice, 0);
      else this.stopBackfill();
    };
    backfill.timer = setTimeout(slice, 0);
    this.backfill = backfill;
  }

  /** Stops back-filling; turns not rendered yet are picked up by the next showTurns. */
  private stopBackfill(): void {
    if (!this.backfill) return;
    clearTimeout(this.backfill.timer);
    this.backfill = undefined;
    this.element.setAttribute('aria-live', 'polite');
  }

  private renderFrame(): void {
    for (const view of this.dirty) view.renderFrame();
    this.dirty.clear();
  }

  private upsertView(turn: ViewTurn): TurnView {
    const existing = this.views.get(turn.id);
    if (existing?.role === 'user' && turn.role === 'user') {
      existing.update(turn);
      return existing;
    }
    if (existing?.role === 'assistant' && turn.role === 'assistant') {
      existing.update(turn);
      if (!existing.isStreaming) this.dirty.delete(existing);
      return existing;
    }
    const view = turn.role === 'user' ? new UserTurnView(turn) : new AssistantTurnView(turn);
    if (existing) {
      existing.element.replaceWith(view.element);
      if (existing instanceof AssistantTurnView) this.dirty.delete(existing);
    }
    this.views.set(turn.id, view);
    return view;
  }
}
