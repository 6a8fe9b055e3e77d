// The whole chat view: header, history panel, the conversation and the composer, laid out in #app. It renders what
// it is given and reports what the user does; it owns no conversation state.
import type { ChatViewState, CompletionItem, ContextChip, ContextUse, ConversationSummary, ToolCard, ViewTurn, ViewMessage } from '../../core/chat/webviewProtocol';
import { element } from '../dom';
import { Announcer } from './announcer';
import { ChatHeader } from './chatHeader';
import { Composer } from './composer';
import { HISTORY_PANEL_ID, HistoryPanel } from './historyPanel';
import { MessageList } from './messageList';
import { ScrollFollower } from './scrollFollower';
import { approvalRequest } from './toolCards';

export interface ChatViewOptions {
  readonly post: (message: ViewMessage) => void;
  readonly draftChanged: (draft: string) => void;
}

export class ChatView {
  private readonly header: ChatHeader;
  private readonly history: HistoryPanel;
  private readonly messages: MessageList;
  private readonly composer: Composer;
  private readonly emptyState: HTMLElement;
  private readonly scroll: ScrollFollower;
  private readonly announcer = new Announcer();
  private conversationId = '';
  private historyItems: readonly ConversationSummary[] = [];
  /** Shown after Restore to here, while its one step of redo is possible. */
  private readonly redoBar: HTMLElement;
  private readonly draftChanged: (draft: string) => void;

  constructor(root: HTMLElement, options: ChatViewOptions) {
    const { post } = options;
    this.header = new ChatHeader(
      { toggleHistory: () => this.setHistoryOpen(!this.history.isOpen), newChat: () => post({ type: 'newChat' }), compactNow: () => post({ type: 'compactNow' }), selectProfile: (name) => post({ type: 'selectProfile', name }), setMode: (mode) => post({ type: 'setMode', mode }) },
      HISTORY_PANEL_ID,
    );
    this.history = new HistoryPanel({
      post,
      onClose: (returnFocus) => {
        this.setHistoryOpen(false);
        if (returnFocus) this.header.historyButton.focus();
      },
    });
    const conversation = element('main', { class: 'conversation' });
    this.messages = new MessageList({ post });
    this.scroll = new ScrollFollower(conversation, this.messages.element);
    this.emptyState = element(
      'div',
      { class: 'empty-state' },
      element('p', {}, 'Ask a question about your code.'),
      element('p', {}, 'Attach the current selection or file to send it along; answers stream in here.'),
    );
    const redo = element('button', { type: 'button', class: 'secondary small' }, 'Redo restore');
    redo.addEventListener('click', () => post({ type: 'redoRestore' }));
    this.redoBar = element('div', { class: 'redo-restore', role: 'status' }, element('span', {}, 'Restored to before your last message.'), redo);
    this.redoBar.hidden = true;
    this.draftChanged = options.draftChanged;
    conversation.append(element('h2', { class: 'visually-hidden' }, 'Conversation'), this.emptyState, this.messages.element, this.redoBar);
    this.composer = new Composer({
      send: (text, images) => post(images.length > 0 ? { type: 'send', text, images } : { type: 'send', text }),
      pickImages: () => post({ type: 'pickImages' }),
      stop: () => post({ type: 'stop' }),
      attach: (kind) => post({ type: 'attachContext', kind }),
      removeChip: (chipId) => post({ type: 'removeContext', chipId }),
      complete: (requestId, trigger, query) => post({ type: 'completeInput', requestId, trigger, query }),
      attachMention: (itemId) => post({ type: 'attachMention', itemId }),
      draftChanged: options.draftChanged,
    });
    root.replaceChildren(this.header.element, this.history.element, conversation, this.composer.element, this.announcer.element);
  }

  showState(state: ChatViewState, draft?: string): void {
    this.header.showModel(state.model);
    this.header.showProfiles(state.profile, state.profiles);
    this.header.showMode(state.mode ?? 'act');
    this.header.showCost(state.turns);
    this.conversationId = state.conversationId;
    this.showHistory(state.history);
    const switched = this.messages.element.dataset.conversationId !== state.conversationId;
    this.messages.element.dataset.conversationId = state.conversationId;
    this.messages.showTurns(state.turns);
    if (switched) this.scroll.toEnd();
    this.emptyState.hidden = state.turns.length > 0;
    this.showPendingContext(state.pendingContext);
    this.composer.setBusy(state.busy);
    if (draft !== undefined) this.composer.setDraft(draft);
    this.showContext(state.context, state.summarisedThrough);
    this.redoBar.hidden = state.redoRestore !== true;
  }

  /** Restore to here put a message back in the box (or redo takes it out again, if the box still holds it). */
  setInput(text: string, onlyIf: string | undefined): void {
    if (onlyIf !== undefined && this.composer.draft() !== onlyIf) return;
    this.composer.setDraft(text);
    this.draftChanged(text);
    this.composer.focus();
  }

  /** The meter in the header, and the line after the last turn the model now sees only as a summary. */
  showContext(context: ContextUse | undefined, summarisedThrough: string | undefined): void {
    this.header.showContextUse(context);
    for (const marked of this.messages.element.querySelectorAll('.summarised-through')) {
      if (marked instanceof HTMLElement && marked.dataset.turnId !== summarisedThrough) marked.classList.remove('summarised-through');
    }
    if (summarisedThrough === undefined) return;
    for (const turn of this.messages.element.querySelectorAll<HTMLElement>('[data-turn-id]')) {
      if (turn.dataset.turnId === summarisedThrough) turn.classList.add('summarised-through');
    }
  }

  /** `turns`: the whole conversation with `turn` in it (the header's cost adds them up). */
  showTurn(turn: ViewTurn, busy: boolean, turns: readonly ViewTurn[]): void {
    this.messages.showTurn(turn);
    if (turn.role === 'assistant' && turn.status !== 'streaming') this.header.showCost(turns);
    // A message the user just sent is always scrolled to; answers are followed only while the reader is at the end.
    if (turn.role === 'user') this.scroll.toEnd();
    this.emptyState.hidden = true;
    this.composer.setBusy(busy);
  }

  /** False when no streaming turn has that id (the caller logs it). */
  queueDelta(turnId: string, text: string, reasoning: string): boolean {
    return this.messages.queueDelta(turnId, text, reasoning);
  }

  /** False when no answer has that id (the caller logs it). */
  showToolCall(turnId: string, call: ToolCard): boolean {
    const result = this.messages.showToolCall(turnId, call);
    if (result === 'changed' && call.status === 'awaiting-approval') this.announcer.announce(approvalRequest(call));
    return result !== 'missing';
  }

  showCompletions(requestId: number, items: readonly CompletionItem[]): void {
    this.composer.showCompletions(requestId, items);
  }

  showPendingContext(chips: readonly ContextChip[]): void {
    this.composer.showChips(chips);
  }

  showHistory(history: readonly ConversationSummary[]): void {
    this.historyItems = history;
    if (this.history.isOpen) this.history.show(history, this.conversationId);
  }

  addImageFiles(files: readonly { name: string; mimeType: string; dataUrl: string }[], problems: readonly string[]): void {
    void this.composer.addImageData(files, problems);
  }

  focusInput(): void {
    this.composer.focus();
  }

  private setHistoryOpen(open: boolean): void {
    if (open) this.history.show(this.historyItems, this.conversationId);
    this.history.setOpen(open);
    this.header.setHistoryOpen(open);
    if (open) this.history.focusFirst();
  }
}
