// One answer: the Markdown body, the tool calls made while answering, the reasoning collapsed under it, then the
// error card, notes ("Stopped", the host's notice) and the footer line. While the turn streams it is aria-busy
// (screen readers announce it once it is done, not per token), deltas are buffered and rendered by the message list
// (at most every third frame), and only the unfinished tail is re-rendered.
import type { ViewAssistantTurn, ToolCard } from '../../core/chat/webviewProtocol';
import { element, toggleAttribute } from '../dom';
import { renderMarkdown } from '../markdown/markdownRenderer';
import { StreamingMarkdown } from '../markdown/streamingMarkdown';
import { errorCardElement } from './errorCard';
import { ReasoningView } from './reasoningView';
import { rulesChipsElement } from './rulesChips';
import { ToolCardList } from './toolCards';
import { modeLabel } from './modeLabel';

/** Under an answer that applied edits: which files, and its two actions (the host checks each file before reverting). */
function answerEditsElement(turnId: string, files: readonly string[]): HTMLElement {
  const named = files.length === 1 ? (files[0] ?? '') : `${files.length} files`;
  return element(
    'div',
    { class: 'answer-edits', role: 'group', 'aria-label': `Edits of this answer: ${files.join(', ')}` },
    element('span', { class: 'answer-edits-files', title: files.join('\n') }, `Edited ${named}`),
    element('button', { type: 'button', class: 'secondary small', 'data-turn-action': 'view-changes', 'data-answer-id': turnId }, 'View changes'),
    element('button', { type: 'button', class: 'secondary small', 'data-turn-action': 'revert-edits', 'data-answer-id': turnId }, 'Revert this answer’s edits'),
  );
}

export class AssistantTurnView {
  readonly role = 'assistant';
  readonly element: HTMLElement;
  private turn: ViewAssistantTurn;
  private readonly body: HTMLElement;
  private readonly after: HTMLElement;
  /** The project rules files sent with the answer (empty when none were). */
  private readonly rules: HTMLElement;
  private readonly tools = new ToolCardList();
  private stream: StreamingMarkdown | undefined;
  private reasoning: ReasoningView | undefined;
  private pendingReasoning = '';

  constructor(turn: ViewAssistantTurn) {
    this.turn = turn;
    this.body = element('div', { class: 'markdown' });
    this.after = element('div', { class: 'turn-after' });
    this.rules = element('div', { class: 'turn-rules' });
    this.element = element('article', { role: 'article', class: 'turn turn-assistant', 'data-turn-id': turn.id, 'aria-label': 'Assistant message' }, element('h3', { class: 'turn-author' }, 'Ask Model', ...(turn.mode === 'plan' ? [modeLabel()] : [])), this.rules, this.body, this.tools.element, this.after);
    this.showRules();
    this.showBody(turn);
    this.tools.show(turn.toolCalls ?? []);
    this.showReasoning(turn.reasoning);
    this.showAfter();
  }

  get isStreaming(): boolean {
    return this.stream !== undefined;
  }

  /** Buffers streamed text; `renderFrame` shows it. Returns false when this turn is not streaming. */
  queueDelta(text: string, reasoning: string): boolean {
    if (!this.stream) return false;
    this.stream.append(text);
    this.pendingReasoning += reasoning;
    return true;
  }

  renderFrame(): void {
    this.stream?.renderFrame();
    if (this.pendingReasoning !== '') {
      this.ensureReasoning().append(this.pendingReasoning);
      this.pendingReasoning = '';
    }
  }

  update(turn: ViewAssistantTurn): void {
    const previous = this.turn;
    this.turn = turn;
    // The model appends deltas to the turn object in place, so `previous.text` is everything received so far.
    if (turn.status === 'streaming' && this.stream && previous.text === turn.text && previous.reasoning === turn.reasoning) {
      // Still streaming the same text: nothing to redo (status-only or footer changes fall through to showAfter).
    } else if (this.stream || previous.text !== turn.text || previous.status !== turn.status) {
      this.showBody(turn);
      this.showReasoning(turn.reasoning);
    } else if (previous.reasoning !== turn.reasoning) {
      this.showReasoning(turn.reasoning);
    }
    if (previous.toolCalls !== turn.toolCalls) this.tools.show(turn.toolCalls ?? []);
    if (JSON.stringify(previous.rules) !== JSON.stringify(turn.rules)) this.showRules();
    if (
      previous.status !== turn.status ||
      previous.footer !== turn.footer ||
      previous.notice !== turn.notice ||
      JSON.stringify(previous.error) !== JSON.stringify(turn.error) ||
      JSON.stringify(previous.editedFiles) !== JSON.stringify(turn.editedFiles) ||
      previous.imageProblem !== turn.imageProblem
    ) {
      this.showAfter();
    }
  }

  /** Shows a new or changed tool card; returns whether anything changed. */
  showToolCall(call: ToolCard): boolean {
    return this.tools.upsert(call);
  }

  private showBody(turn: ViewAssistantTurn): void {
    this.pendingReasoning = '';
    if (this.stream && turn.status !== 'streaming') {
      this.stream.finish(turn.text);
      this.stream = undefined;
    } else {
      // A streaming turn replaced by the host (not one that finished) starts over from the text it has now.
      this.stream?.discard();
      this.stream = undefined;
      if (turn.status === 'streaming') {
        this.stream = new StreamingMarkdown(this.body);
        this.stream.append(turn.text);
        this.stream.renderFrame();
      } else {
        this.body.innerHTML = renderMarkdown(turn.text);
      }
    }
    toggleAttribute(this.element, 'aria-busy', turn.status === 'streaming');
  }

  private showRules(): void {
    const chips = this.turn.rules ?? [];
    this.rules.replaceChildren(...(chips.length > 0 ? [rulesChipsElement(chips)] : []));
  }

  private showReasoning(reasoning: string): void {
    if (reasoning === '') {
      this.reasoning?.element.remove();
      this.reasoning = undefined;
    } else {
      this.ensureReasoning().replace(reasoning);
    }
  }

  private ensureReasoning(): ReasoningView {
    if (!this.reasoning) {
      this.reasoning = new ReasoningView('');
      // Under the answer, its streaming tail and its tool calls: just before the error card, notes and footer.
      this.after.before(this.reasoning.element);
    }
    return this.reasoning;
  }

  private showAfter(): void {
    const { status, error, footer } = this.turn;
    const parts: HTMLElement[] = [];
    if (error) parts.push(errorCardElement(error));
    else if (status === 'error') parts.push(errorCardElement({ message: 'The answer failed.', actions: [] }));
    if (status === 'stopped') parts.push(element('p', { class: 'turn-note' }, 'Stopped.'));
    if (status === 'interrupted') {
      // Saved ahead as it arrived; what came after the last save is gone, so asking again is the way on.
      parts.push(
        element(
          'div',
          { class: 'interrupted-note' },
          element('p', { class: 'turn-note' }, 'Interrupted: the window closed or the extension host stopped while this answer was arriving. What had arrived is kept.'),
          element('button', { type: 'button', class: 'retry-button', 'data-turn-action': 'retry' }, 'Retry'),
        ),
      );
    }
    if (this.turn.notice) parts.push(element('p', { class: 'turn-note' }, this.turn.notice));
    const edited = this.turn.editedFiles ?? [];
    if (edited.length > 0 && status !== 'streaming') parts.push(answerEditsElement(this.turn.id, edited));
    if (this.turn.imageProblem && status === 'error') {
      const send = (withImages: boolean, label: string) => element('button', { type: 'button', class: 'secondary small', 'data-turn-action': withImages ? 'send-images-anyway' : 'send-without-images', 'data-answer-id': this.turn.id }, label);
      parts.push(element('div', { class: 'image-actions' }, ...(this.turn.imageProblem === 'not-known' ? [send(true, 'Send anyway')] : []), send(false, 'Send without images')));
    }
    if (this.turn.mode === 'plan' && status === 'done' && this.turn.text.trim() !== '') {
      parts.push(element('div', { class: 'plan-actions' }, element('button', { type: 'button', class: 'primary small', 'data-turn-action': 'act-on-plan', 'data-answer-id': this.turn.id }, 'Act on this plan')));
    }
    if (footer && status !== 'streaming') parts.push(element('p', { class: 'turn-footer' }, footer));
    this.after.replaceChildren(...parts);
  }
}
