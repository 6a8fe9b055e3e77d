// The chat, free of VS Code: the current conversation, the context for the next message, the answer in flight and
// its loop. It reaches the world only through its ports (chatSessionPorts.ts); the host's controller maps the view's
// messages to these methods. Every way an answer ends (done, stopped, failed, the round limit) leaves a stored
// conversation the next message can continue, and a turn in the view that says how it ended. The way it cannot see
// (the window reloads, the extension host dies) is covered by saving ahead: the user's message before the request,
// the answer as it grows, each finished tool call at once, and each finished round of tool calls at once with its
// transcript (the messages the next round sends); the next load reads that answer as interrupted.
import { NoModelError } from '../errors/AskModelError';
import { describeError, messageOf } from '../errors/describeError';
import { answerFactsOf } from '../run/answerFacts';
import { contextFitterFor, runAnswer, type PreparedRun } from '../run/preparedRun';
import type { ContextFitter } from '../context/contextFitter';
import type { ChatMessage } from '../protocol/messages';
import { HttpError } from '../errors/httpErrors';
import { recogniseImageRefusal } from '../errors/imageRefusal';
import { acceptImage, imageDecision, type ImageUpload } from './chatImages';
import type { ChatMode } from '../run/chatMode';
import type { FileChange, ToolRunner, ToolLoopEvent, ToolLoopResult } from '../tools/toolLoopTypes';
import { recordFileEdit, type FileEdit } from './answerEdits';
import type { ChatSessionPorts } from './chatSessionPorts';
import { restoredConversation, type RedoRestore } from './checkpoints/restoreConversation';
import type { DecideConflicts } from './checkpoints/checkpointRecorder';
import type { RestoreOutcome } from './checkpoints/restorePlan';
import { chatMessagesByTurn, emptyAssistantTurn, newConversation, summariseConversation, titleFrom, toChatMessages, turnsForRetry, type ContinuedAnswer, type Conversation } from './conversation';
import { CHAT_DELTA_INTERVAL_MS, DeltaCoalescer } from './deltaCoalescer';
import { SaveAhead } from './saveAhead';
import { rulesChipsOf } from './rulesChips';
import { summariseToolArguments } from './toolCardSummary';
import { updateStoredTurn, type EndUpdate, type TurnUpdate } from './turnUpdates';
import { viewTurnOf } from './viewTurns';
import type { AssistantTurn, ContextChip, ToolCard, Turn, UserTurn } from './chatTurns';
import type { ChatViewState, ContextUse } from './webviewProtocol';

/** What "Act on this plan" sends when the plan is the last answer (it is in the conversation just above). */
export const ACT_ON_PLAN_MESSAGE = 'Carry out the plan above, step by step. Check each step as you go.';
/** What it sends for an earlier plan, followed by the plan itself. */
export const ACT_ON_QUOTED_PLAN_MESSAGE = 'Carry out this plan from earlier in the conversation, step by step. Check each step as you go:';

/** A tool call's statuses once it has run or been decided. */
const FINISHED_CALL: ReadonlySet<ToolCard['status']> = new Set(['done', 'failed', 'rejected', 'invalid', 'cancelled', 'skipped']);

interface Answering {
  conversation: Conversation;
  controller: AbortController;
  deltas: DeltaCoalescer;
}

export class ChatSession {
  private conversation: Conversation;
  private pendingContext: ContextChip[] = [];
  private answering: Answering | undefined;
  /** Compact now, while the summary is being written. */
  private compacting: AbortController | undefined;
  /** The last run's context step: how much of the window the current conversation takes. */
  private lastRun: { run: PreparedRun; context: ContextFitter } | undefined;
  /** Profile and model (`profile\nmodel`) whose server refused images this session: the next images ask first. */
  private readonly imageRefusals = new Set<string>();
  /** What the last Restore to here took away from the conversation, for its one step of redo. */
  private redo: RedoRestore | undefined;

  constructor(private readonly ports: ChatSessionPorts) {
    // After a reload the chat opens where the user left it.
    this.conversation = ports.store.list()[0] ?? this.freshConversation();
  }

  get busy(): boolean {
    return this.answering !== undefined || this.compacting !== undefined;
  }

  /** The whole state, for a view that (re)appears or after a switch. Streamed text still waiting is sent first. */
  state(): ChatViewState {
    this.answering?.deltas.flush();
    return {
      conversationId: this.conversation.id,
      turns: this.conversation.turns.map(viewTurnOf),
      pendingContext: this.pendingContext,
      busy: this.busy,
      ...this.ports.currentServer(),
      history: this.ports.store.list().map(summariseConversation),
      ...this.contextState(),
      mode: this.conversation.mode ?? 'act',
      ...(this.redo?.conversation === this.conversation ? { redoRestore: true } : {}),
    };
  }

  /** The header's Act / Plan switch (or /plan, /act): the mode the next message is sent in, kept with the conversation. */
  async setMode(mode: ChatMode): Promise<void> {
    const { conversation } = this;
    if ((conversation.mode ?? 'act') === mode) return;
    if (mode === 'plan') conversation.mode = 'plan';
    else delete conversation.mode;
    this.showState();
    // A conversation with no message yet is not stored: its mode goes with its first message.
    if (conversation.turns.length > 0 && this.answering?.conversation !== conversation) {
      try {
        await this.ports.store.save(conversation);
      } catch (error) {
        this.ports.reportError(`chat: the conversation's mode could not be saved: ${messageOf(error)}`);
      }
    }
  }

  /**
   * "Act on this plan" on a Plan-mode answer: back to Act, and a message that asks the model to carry the plan out.
   * The plan is already in the conversation when it is the last answer; an earlier one is quoted in the message.
   */
  async actOnPlan(turnId: string): Promise<void> {
    if (this.busy) return;
    const turns = this.conversation.turns;
    const plan = turns.find((turn) => turn.id === turnId);
    if (plan?.role !== 'assistant' || plan.mode !== 'plan' || plan.status !== 'done' || plan.text.trim() === '') return;
    await this.setMode('act');
    await this.send(turns.at(-1) === plan ? ACT_ON_PLAN_MESSAGE : `${ACT_ON_QUOTED_PLAN_MESSAGE}\n\n${plan.text.trim()}`);
  }

  /** Summarises every turn so far for the model (what the user sees is unchanged); the next message sends the summary. */
  async compactNow(): Promise<void> {
    if (this.busy || this.conversation.turns.length === 0) return;
    const { ports } = this;
    const conversation = this.conversation;
    const controller = new AbortController();
    this.compacting = controller;
    const release = ports.requestStarted(controller);
    this.showState();
    try {
      const run = await ports.prepareRun(attachedFiles(conversation.turns));
      if (!run) throw new NoModelError();
      const context = contextFitterFor(run);
      this.lastRun = { run, context };
      const { messages, turnIds } = chatMessagesByTurn(run.systemPrompt, conversation.turns, conversation.transcripts, conversation.summaries);
      const text = await context.summariseAll(messages, controller.signal);
      const throughTurnId = turnIds.at(-1);
      if (text !== undefined && throughTurnId !== undefined && !controller.signal.aborted) {
        conversation.summaries = [...(conversation.summaries ?? []), { throughTurnId, text }];
        await ports.store.save(conversation);
      }
    } catch (error) {
      if (!controller.signal.aborted) ports.reportError(`chat: the conversation could not be compacted: ${messageOf(error)}`);
    } finally {
      this.compacting = undefined;
      release();
    }
    this.showState();
  }

  /** Posts the whole state (the view said it is ready, or a setting it shows changed). */
  showState(): void {
    this.ports.post({ type: 'state', state: this.state() });
  }

  /**
   * Sends `text` with the pending context (and `images`, checked here whatever the view says) and answers it.
   * Ignored while an answer is in flight, or when empty. Throws, sending nothing, when an image is not one it takes.
   */
  async send(text: string, images: readonly ImageUpload[] = []): Promise<void> {
    if (this.busy || text.trim() === '') return;
    const accepted = images.map((image) => acceptImage(image, this.ports.ids()));
    const user: UserTurn = {
      id: this.ports.ids(),
      role: 'user',
      text: text.trim(),
      context: this.pendingContext,
      ...(this.conversation.mode === 'plan' ? { mode: 'plan' as const } : {}),
      ...(accepted.length > 0 ? { images: accepted } : {}),
    };
    this.redo = undefined;
    this.pendingContext = [];
    if (this.conversation.turns.length === 0) this.conversation.title = titleFrom(user.text);
    this.conversation.turns.push(user);
    this.ports.post({ type: 'turn', turn: user, busy: true });
    // The chips went with the message: the view stops showing them above the box.
    if (user.context.length > 0) this.ports.post({ type: 'pendingContext', chips: [] });
    await this.answer();
  }

  /**
   * Asks again for the last answer that failed, was stopped or was interrupted (its partial text is dropped). An
   * interrupted answer goes on from its last finished round of tool calls (turnsForRetry), in the same turn.
   */
  async retry(options: { imagesAnyway?: boolean; withoutImages?: boolean } = {}): Promise<void> {
    if (this.busy) return;
    const retry = turnsForRetry(this.conversation.turns, this.conversation.transcripts);
    if (!retry) return;
    const { images: _images, ...withoutImages } = retry.user;
    this.conversation.turns = [...retry.keep, options.withoutImages ? withoutImages : retry.user];
    this.ports.post({ type: 'state', state: { ...this.state(), busy: true } });
    await this.answer(retry.continued, options.imagesAnyway === true);
  }

  /**
   * Send anyway / Send without images, on the answer whose images did not reach the model (its `imageProblem`): the
   * same message again, with its images whatever the catalogue says, or without them (they are taken off the message).
   */
  async resendImages(turnId: string, withImages: boolean): Promise<void> {
    const last = this.conversation.turns.at(-1);
    if (last?.id !== turnId || last.role !== 'assistant' || last.imageProblem === undefined) return;
    await this.retry(withImages ? { imagesAnyway: true } : { withoutImages: true });
  }

  /** Stops the answer in flight (what arrived is kept and the turn says it was stopped), or a compaction. */
  stop(): void {
    this.answering?.controller.abort();
    this.compacting?.abort();
  }

  newChat(): void {
    this.stop();
    this.conversation = this.freshConversation();
    this.pendingContext = [];
    this.showState();
  }

  open(id: string): void {
    const conversation = this.ports.store.get(id);
    if (!conversation) return;
    if (conversation.id !== this.conversation.id) this.stop();
    this.conversation = conversation;
    this.showState();
  }

  async delete(id: string): Promise<void> {
    if (this.answering?.conversation.id === id) this.stop();
    await this.ports.store.delete(id);
    await this.ports.checkpoints?.forget(id);
    if (this.conversation.id === id) this.conversation = this.freshConversation();
    this.showState();
  }

  attach(chip: ContextChip): void {
    this.pendingContext = [...this.pendingContext, chip];
    this.ports.post({ type: 'pendingContext', chips: this.pendingContext });
  }

  removeContext(chipId: string): void {
    this.pendingContext = this.pendingContext.filter((chip) => chip.id !== chipId);
    this.ports.post({ type: 'pendingContext', chips: this.pendingContext });
  }

  /**
   * Answers the conversation's last user turn in a new assistant turn: text streams in, each tool call becomes a
   * card, calls that need the user wait on their card. The conversation is the one current when it started: if the
   * user switches away, the answer stops, is stored there, and nothing more of it reaches the view. `continued`: an
   * answer that goes on from its finished rounds, in its own turn; the request sends those rounds after the user's
   * message, and its transcript keeps them before the new ones.
   */
  private async answer(continued?: ContinuedAnswer, imagesAnyway = false): Promise<void> {
    const { ports } = this;
    const conversation = this.conversation;
    const history = conversation.turns.slice();
    // The mode the question was sent in (a Retry asks again in the same one).
    const mode: ChatMode = [...history].reverse().find((candidate): candidate is UserTurn => candidate.role === 'user')?.mode ?? 'act';
    let turn: AssistantTurn = continued?.turn ?? { ...emptyAssistantTurn(ports.ids()), ...(mode === 'plan' ? { mode } : {}) };
    const rounds = continued?.rounds ?? [];
    conversation.turns.push(turn);
    const index = conversation.turns.length - 1;
    const shown = (): boolean => this.conversation === conversation;
    const post: ChatSessionPorts['post'] = (message) => {
      if (shown()) ports.post(message);
    };
    const apply = (update: TurnUpdate | { type: 'fileEdited'; change: FileChange }): void => {
      turn = update.type === 'fileEdited' ? { ...turn, fileEdits: recordFileEdit(turn.fileEdits ?? [], update.change) } : updateStoredTurn(turn, update);
      conversation.turns[index] = turn;
    };
    const controller = new AbortController();
    const deltas = new DeltaCoalescer((text, reasoning) => post({ type: 'delta', turnId: turn.id, text, reasoning }), {
      intervalMs: CHAT_DELTA_INTERVAL_MS,
      now: () => ports.clock.now(),
      timer: ports.clock,
    });
    this.answering = { conversation, controller, deltas };
    const release = ports.requestStarted(controller);
    post({ type: 'turn', turn: viewTurnOf(turn), busy: true });
    const saveAhead = new SaveAhead(
      () => {
        conversation.updatedAt = ports.clock.now();
        return ports.store.saveAhead(conversation);
      },
      { timer: ports.clock, failed: (error) => ports.reportError(`chat: the answer in progress could not be saved: ${messageOf(error)}`) },
    );

    let finish: EndUpdate & { type: 'finish' };
    let imageKey: string | undefined;
    let imageProblem: AssistantTurn['imageProblem'];
    try {
      // The user's message is kept before anything is asked of the server, and the workspace's checkpoint taken.
      await saveAhead.now();
      const userTurn = history.at(-1);
      if (userTurn) await ports.checkpoints?.begin(conversation.id, userTurn.id);
      const run = await ports.prepareRun(attachedFiles(history), mode);
      if (!run) throw new NoModelError();
      imageKey = `${run.settings.profile}\n${run.model}`;
      // Images go to a model not known to read none (unknown is sent), unless the user said send anyway.
      if (!imagesAnyway && sendsImages(history)) {
        const decision = imageDecision({ ...run.modelInfo, id: run.model }, this.imageRefusals.has(imageKey));
        if (!decision.send) {
          imageProblem = 'not-known';
          throw new Error(`${decision.why} Nothing was sent. Send anyway, send the message without its images, or choose a model that reads images and Retry.`);
        }
      }
      // The rules files sent with the system prompt are shown on the answer as chips that open them.
      const rules = rulesChipsOf(run.projectRules);
      if (rules.length > 0) {
        turn = { ...turn, rules };
        conversation.turns[index] = turn;
        post({ type: 'turn', turn: viewTurnOf(turn), busy: true });
      }
      const before = chatMessagesByTurn(run.systemPrompt, history, conversation.transcripts, conversation.summaries);
      const messages = [...before.messages, ...rounds];
      const turnIds = [...before.turnIds, ...rounds.map(() => turn.id)];
      // A summary of the earliest turns is kept with the conversation, so the next message does not pay for it again.
      const context = contextFitterFor(run, (summary) => {
        const throughTurnId = turnIds[summary.end - 1];
        if (throughTurnId !== undefined) conversation.summaries = [...(conversation.summaries ?? []), { throughTurnId, text: summary.text }];
      });
      this.lastRun = { run, context };
      const result = await runAnswer(run, {
        messages,
        context,
        signal: controller.signal,
        tools: { runTool: this.recordingEdits((change) => apply({ type: 'fileEdited', change })), approve: ports.approve },
        onEvent: this.eventHandler(run, apply, deltas, post, () => turn, saveAhead, (added) => keepTranscript(conversation, turn.id, [...rounds, ...added])),
      });
      finish = this.finishFor(result, conversation, turn, rounds);
      if (result.outcome === 'error' && sendsImages(history) && recogniseImageRefusal(refusalText(result.error))) {
        // Remembered for this profile and model: the next message with images asks first.
        this.imageRefusals.add(imageKey);
        imageProblem = 'refused';
        const said = finish.error?.message ?? 'The server refused the request.';
        finish = { ...finish, error: { message: `${said} The server does not take images for ${run.model}: the message and its images are kept. Send it without images, or choose a model that reads images and Retry; Ask Model will ask before sending images to ${run.model} again.`, actions: finish.error?.actions ?? [] } };
      }
    } catch (error) {
      finish = this.failure(error);
    }
    deltas.flush();
    await saveAhead.close();
    ports.checkpoints?.end();
    apply(finish);
    if (imageProblem) {
      turn = { ...turn, imageProblem };
      conversation.turns[index] = turn;
    }
    this.answering = undefined;
    release();
    conversation.updatedAt = ports.clock.now();
    post({ type: 'turn', turn: viewTurnOf(turn), busy: false });
    // The user switched away meanwhile: the view shows another conversation, and learns that nothing is in flight.
    if (!shown()) this.showState();
    try {
      await ports.store.save(conversation);
    } catch (error) {
      ports.reportError(`chat: the conversation could not be saved: ${messageOf(error)}`);
    }
    ports.post({ type: 'history', history: ports.store.list().map(summariseConversation) });
    if (shown()) ports.post({ type: 'context', ...this.contextState() });
  }

  /** The tool runner, with each applied edit also kept on the answer (for its Revert and View changes). */
  private recordingEdits(edited: (change: FileChange) => void): ToolRunner {
    return async (call, context) => {
      // A command is told which files the model changed in this conversation (its card notes when it runs them).
      const changedPaths = call.kind === 'command' ? this.changedPaths() : undefined;
      const outcome = await this.ports.runTool(call, changedPaths ? { ...context, changedPaths } : context);
      if (outcome.status === 'done' && outcome.fileChange) {
        edited(outcome.fileChange);
        await this.ports.checkpoints?.edited(outcome.fileChange);
      }
      return outcome;
    };
  }

  /**
   * Restore to here: the open conversation goes back to just before the user message `turnId` (its text and chips
   * back in the box) and every file changed since goes back as the checkpoints recorded it. Undefined when there is
   * no such message or an answer is in flight; `done: false` when the user cancelled the question about their changes.
   */
  async restoreTo(turnId: string, decide: DecideConflicts): Promise<RestoreOutcome | undefined> {
    if (this.busy) return undefined;
    const conversation = this.conversation;
    const restored = restoredConversation(conversation, turnId);
    if (!restored) return undefined;
    const outcome = (await this.ports.checkpoints?.restore(conversation.id, restored.removedUserTurnIds, decide)) ?? noCheckpoints();
    if (!outcome.done || this.conversation !== conversation) return outcome;
    this.redo = { conversation, ...restored.redo, pendingContext: this.pendingContext };
    Object.assign(conversation, restored.kept);
    conversation.updatedAt = this.ports.clock.now();
    this.pendingContext = restored.user.context;
    await this.saveQuietly(conversation);
    this.showState();
    this.ports.post({ type: 'setInput', text: restored.user.text });
    return outcome;
  }

  /** Redo restore: the conversation and the files as they were right before the last Restore to here. */
  async redoRestore(decide: DecideConflicts): Promise<RestoreOutcome | undefined> {
    const redo = this.redo;
    if (this.busy || !redo || redo.conversation !== this.conversation) return undefined;
    const outcome = this.ports.checkpoints?.canRedo(redo.conversation.id) ? await this.ports.checkpoints.redo(redo.conversation.id, decide) : noCheckpoints();
    if (!outcome?.done) return outcome;
    this.redo = undefined;
    const { conversation } = redo;
    conversation.turns = [...conversation.turns, ...redo.turns];
    conversation.transcripts = redo.transcripts;
    conversation.summaries = redo.summaries;
    conversation.updatedAt = this.ports.clock.now();
    this.pendingContext = redo.pendingContext;
    await this.saveQuietly(conversation);
    this.showState();
    this.ports.post({ type: 'setInput', text: '', onlyIf: redo.turns[0]?.role === 'user' ? redo.turns[0].text : '' });
    return outcome;
  }

  private async saveQuietly(conversation: Conversation): Promise<void> {
    try {
      await this.ports.store.save(conversation);
    } catch (error) {
      this.ports.reportError(`chat: the conversation could not be saved: ${messageOf(error)}`);
    }
  }

  /** The workspace-relative files the model's edits changed in the open conversation. */
  private changedPaths(): string[] {
    const paths = new Set<string>();
    for (const turn of this.conversation.turns) if (turn.role === 'assistant') for (const edit of turn.fileEdits ?? []) paths.add(edit.relativePath);
    return [...paths];
  }

  /** The files an answer of the open conversation changed, with their texts; undefined for no such answer. */
  answerEdits(turnId: string): { title: string; edits: FileEdit[] } | undefined {
    const turn = this.conversation.turns.find((candidate) => candidate.id === turnId);
    if (turn?.role !== 'assistant') return undefined;
    return { title: this.conversation.title, edits: turn.fileEdits ?? [] };
  }

  /** The conversation with `id` (the open one when none is named), as stored; for export. */
  conversationFor(id?: string): Conversation | undefined {
    if (id === undefined || id === this.conversation.id) return this.conversation.turns.length > 0 ? this.conversation : undefined;
    return this.ports.store.get(id);
  }

  /** Adds imported conversations to the history (already given ids of their own) and opens the first. */
  async importConversations(conversations: readonly Conversation[]): Promise<void> {
    for (const conversation of conversations) await this.ports.store.save(conversation);
    const first = conversations[0];
    if (first) this.open(first.id);
  }

  /** The ids in the history, and the open conversation's, for an import to steer clear of. */
  knownIds(): Set<string> {
    return new Set([this.conversation.id, ...this.ports.store.list().map((conversation) => conversation.id)]);
  }

  /** The next request's share of the window (once a run has told the window) and where the summary ends. */
  private contextState(): { context?: ContextUse; summarisedThrough?: string } {
    const { conversation, lastRun } = this;
    const through = conversation.summaries?.at(-1)?.throughTurnId;
    const use = lastRun?.context.use(toChatMessages(lastRun.run.systemPrompt, conversation.turns, conversation.transcripts, conversation.summaries));
    return { ...(use ? { context: use } : {}), ...(through !== undefined ? { summarisedThrough: through } : {}) };
  }

  /** The loop's events as turn updates: text and reasoning through the coalescer, tool cards at once. */
  private eventHandler(
    run: PreparedRun,
    apply: (update: TurnUpdate) => void,
    deltas: DeltaCoalescer,
    post: ChatSessionPorts['post'],
    current: () => AssistantTurn,
    saveAhead: SaveAhead,
    roundDone: (messages: ChatMessage[]) => void,
  ): (event: ToolLoopEvent) => void {
    const lastRound = { text: 0, reasoning: 0 };
    return (event) => {
      if (event.type === 'text' || event.type === 'reasoning') {
        // A new round's text starts a new paragraph under the previous round's, and its reasoning likewise (each round
        // thinks afresh; run together, "Let me think.Let me think." reads as one thought).
        const before = event.type === 'text' ? current().text : current().reasoning;
        const gap = event.round !== lastRound[event.type] && before !== '' ? '\n\n' : '';
        lastRound[event.type] = event.round;
        const text = event.type === 'text' ? gap + event.text : '';
        const reasoning = event.type === 'reasoning' ? gap + event.text : '';
        apply({ type: 'delta', text, reasoning });
        deltas.add(text, reasoning);
        saveAhead.changed();
      } else if (event.type === 'toolCall') {
        const { call } = event;
        const card = {
          id: call.id,
          name: call.name ?? '(no name)',
          summary: summariseToolArguments(call.name, call.argumentsText),
          status: call.status,
          isEdit: call.kind === 'edit',
          ...(call.preview !== undefined ? { preview: call.preview } : {}),
          ...(call.command !== undefined ? { command: call.command } : {}),
        };
        // Text before a card is shown before it.
        deltas.flush();
        apply({ type: 'toolCall', call: card });
        post({ type: 'toolCall', turnId: current().id, call: card });
        // A call that has run (an accepted edit among them) is kept at once: its effect on the workspace is real.
        if (FINISHED_CALL.has(card.status)) void saveAhead.now();
      } else if (event.type === 'answerDone') {
        apply({ type: 'answered', facts: answerFactsOf(event.done, run) });
        void saveAhead.now();
      } else if (event.type === 'roundDone') {
        // The round's calls and results, as the next round sends them, are kept at once with the answer: after a crash
        // the model can be told what the answer already did, as its cards show.
        roundDone(event.messages);
        void saveAhead.now();
      }
    };
  }

  /** `rounds`: the finished rounds a continued answer went on from (none for a new answer). */
  private finishFor(result: ToolLoopResult, conversation: Conversation, turn: AssistantTurn, rounds: readonly ChatMessage[]): EndUpdate & { type: 'finish' } {
    const messages = [...rounds, ...result.messages];
    if (result.outcome === 'error') {
      // A failed answer keeps no transcript (its Retry asks again from the user's message): the rounds saved ahead go.
      // One that went on from finished rounds keeps them, so its Retry goes on from them again and does not redo them.
      keepTranscript(conversation, turn.id, rounds.length > 0 ? messages : undefined);
      return this.failure(result.error);
    }
    // The exact messages of a tool-using answer, so a follow-up question carries the same history.
    if (messages.some((message) => message.role === 'tool')) keepTranscript(conversation, turn.id, messages);
    return { type: 'finish', status: result.outcome === 'stopped' ? 'stopped' : 'done', notice: result.notice };
  }

  private failure(error: unknown): EndUpdate & { type: 'finish' } {
    this.ports.reportError(`chat: ${messageOf(error)}`);
    // Retry has its own button on the card; the actions are the other fixes.
    return { type: 'finish', status: 'error', error: describeError(error, false) };
  }

  private freshConversation(): Conversation {
    return newConversation(this.ports.ids(), this.ports.clock.now());
  }
}

/** A restore with no checkpoints to go back to: the conversation goes back, no file does. */
function noCheckpoints(): RestoreOutcome {
  return { done: true, restored: [], keptMine: [], lost: [], failed: [], alreadyBack: [], notes: [] };
}

/** Sets the answer's transcript (the tool loop's messages), or removes it (undefined). */
function keepTranscript(conversation: Conversation, turnId: string, messages: ChatMessage[] | undefined): void {
  if (messages) conversation.transcripts = { ...conversation.transcripts, [turnId]: messages };
  else if (conversation.transcripts && turnId in conversation.transcripts) {
    conversation.transcripts = Object.fromEntries(Object.entries(conversation.transcripts).filter(([id]) => id !== turnId));
  }
}

/** The message being answered carries images still kept (the last user turn of `history`). */
function sendsImages(history: readonly Turn[]): boolean {
  const user = [...history].reverse().find((turn): turn is UserTurn => turn.role === 'user');
  return (user?.images ?? []).some((image) => image.dataUrl !== '');
}

/** What a failure says, for recognising a refusal of images: the server's own words where it sent some. */
function refusalText(error: unknown): string {
  return error instanceof HttpError ? `${error.serverMessage}\n${error.body ?? ''}` : messageOf(error);
}

/** Chips that name a file (or a folder, or a symbol's file) of the workspace; @problems, @changes and @terminal do not. */
const FILE_CHIPS: ReadonlySet<ContextChip['kind']> = new Set(['selection', 'file', 'symbol', 'folder']);

/** The files the conversation's messages carry (their context chips), each once: the project rules nearest them apply. */
function attachedFiles(turns: readonly Turn[]): string[] {
  const paths = turns.flatMap((turn) => (turn.role === 'user' ? turn.context.filter((chip) => FILE_CHIPS.has(chip.kind) && chip.path !== '') : []).map((chip) => (chip.kind === 'folder' ? `${chip.path.replace(/\/+$/, '')}/` : chip.path)));
  return [...new Set(paths)];
}
