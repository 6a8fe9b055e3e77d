// Test doubles of the chat session's ports (src/core/chat/chatSessionPorts.ts). They live in test/support/fakes, in
// the folder that mirrors their ports', so src never contains them (a lint check refuses fake*.ts under src/).
import type { CompactionRecord } from '../../../../src/core/context/compactConversation';
import type { ContextWindow } from '../../../../src/core/context/contextFitter';
import type { ChatMessage } from '../../../../src/core/protocol/messages';
import type { ModelInfo } from '../../../../src/core/protocol/modelInfo';
import { fakeRun, type FakeContextMemory, type ScriptedAnswer, type ScriptedModel } from '../run/fakeRun';
import type { PreparedRun } from '../../../../src/core/run/preparedRun';
import type { ChatMode } from '../../../../src/core/run/chatMode';
import type { ProjectRules } from '../../../../src/core/rules/projectRulesText';
import type { ChatDone } from '../../../../src/core/stream/events';
import type { ApprovalDecision, ApprovalPreview, ToolOutcome, ToolRunContext } from '../../../../src/core/tools/toolLoopTypes';
import type { ValidToolCall } from '../../../../src/core/tools/validateToolCall';
import type { ChatSessionPorts, ConversationArchive, SessionClock } from '../../../../src/core/chat/chatSessionPorts';
import type { Conversation } from '../../../../src/core/chat/conversation';
import { withSavedAhead } from '../../../../src/core/chat/conversationArchive';
import { readStoredConversations, storedForm } from '../../../../src/core/chat/storedConversations';
import type { HostMessage, ViewAssistantTurn, ViewTurn } from '../../../../src/core/chat/webviewProtocol';

// The scripted model and context memory live with the run they make (fakes/run/fakeRun.ts; Ask Model and Edit
// Selection use them too).
export { doneEvent, FakeContextMemory, ScriptedModel, textAnswer, toolCallAnswer, type ScriptedAnswer } from '../run/fakeRun';

/**
 * A conversation archive in memory; `saved` counts final writes, `savedAhead` the copies written while answering (as
 * they were). `afterCrash` is what the next load would read if the process died now.
 */
export class FakeArchive implements ConversationArchive {
  saved = 0;
  savedAhead: Conversation[] = [];
  /** The copy saved ahead of each answer in flight, by conversation id (a final save removes it). */
  private inFlight = new Map<string, Conversation>();
  constructor(public conversations: Conversation[] = []) {}
  async saveAhead(conversation: Conversation): Promise<void> {
    const copy = structuredClone(conversation);
    this.savedAhead.push(copy);
    this.inFlight.set(conversation.id, copy);
  }
  afterCrash(): Conversation[] {
    const read = (conversations: Conversation[]): Conversation[] => readStoredConversations(JSON.parse(JSON.stringify(storedForm(conversations)))).conversations;
    return withSavedAhead(read(this.conversations), read([...this.inFlight.values()]));
  }
  list(): Conversation[] {
    return this.conversations;
  }
  get(id: string): Conversation | undefined {
    return this.conversations.find((conversation) => conversation.id === id);
  }
  async save(conversation: Conversation): Promise<void> {
    this.saved++;
    this.inFlight.delete(conversation.id);
    const copy = structuredClone(conversation);
    this.conversations = [copy, ...this.conversations.filter((kept) => kept.id !== conversation.id)];
  }
  async delete(id: string): Promise<void> {
    this.conversations = this.conversations.filter((kept) => kept.id !== id);
  }
}

/** A clock the test moves by hand; timers fire when `advance` passes them. */
export class FakeClock implements SessionClock {
  private time = 1_000;
  private timers: { at: number; callback: () => void; handle: number }[] = [];
  private nextHandle = 1;
  now(): number {
    return this.time;
  }
  set(callback: () => void, ms: number): unknown {
    const handle = this.nextHandle++;
    this.timers.push({ at: this.time + ms, callback, handle });
    return handle;
  }
  clear(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  }
  advance(ms: number): void {
    this.time += ms;
    for (const timer of this.timers.filter((candidate) => candidate.at <= this.time)) {
      this.clear(timer.handle);
      timer.callback();
    }
  }
}

export interface FakePortsOptions {
  answers?: ScriptedAnswer[];
  archive?: FakeArchive;
  /** What each tool call returns; default `<name> ok`. Edits ask `context.approve` first, as the host's do. */
  runTool?: (call: ValidToolCall, context: ToolRunContext) => Promise<ToolOutcome>;
  /** The user's answer to each question; default yes. */
  decide?: (call: ValidToolCall, preview: ApprovalPreview | undefined) => Promise<ApprovalDecision>;
  /** prepareRun's behaviour: a run (default), undefined (the user declined to pick a model), or an error. */
  prepare?: 'run' | 'declined' | { error: unknown };
  /** Tool rules for the run; undefined: tools off. */
  tools?: PreparedRun['tools'] | 'off';
  model?: string;
  /** The model's list prices, as the catalogue would give them. */
  prices?: PreparedRun['prices'];
  /** The model's window as the catalogue would give it; default unknown. */
  window?: ContextWindow;
  /** What the model answers a summary request; default `summary <n>`. */
  summarise?: (messages: ChatMessage[], maxTokens: number) => Promise<string>;
  /** Project rules the run's system prompt carries; default none. */
  projectRules?: ProjectRules;
  /** What the catalogue knows of the model (its vision, say); default nothing. */
  modelInfo?: Partial<ModelInfo>;
}

export interface FakePorts extends ChatSessionPorts {
  readonly posted: HostMessage[];
  readonly archive: FakeArchive;
  readonly clock: FakeClock;
  readonly model: ScriptedModel;
  readonly asked: { callId: string; preview: ApprovalPreview | undefined }[];
  readonly ran: string[];
  readonly errors: string[];
  /** Requests registered with the host and not yet released. */
  readonly inFlight: Set<AbortController>;
  readonly answered: ChatDone[];
  readonly contextMemory: FakeContextMemory;
  /** Each summary request's messages and room, in order. */
  readonly summaryRequests: { messages: ChatMessage[]; maxTokens: number }[];
  /** What each compaction changed, in order. */
  readonly compactions: CompactionRecord[];
  /** The working files each prepareRun was given, in order. */
  readonly preparedFor: string[][];
  /** The mode each prepareRun was given (act when none), in order. */
  readonly preparedModes: ChatMode[];
}

export function fakeSessionPorts(options: FakePortsOptions = {}): FakePorts {
  let id = 0;
  const posted: HostMessage[] = [];
  const archive = options.archive ?? new FakeArchive();
  const clock = new FakeClock();
  const asked: FakePorts['asked'] = [];
  const ran: string[] = [];
  const errors: string[] = [];
  const inFlight = new Set<AbortController>();
  const preparedFor: string[][] = [];
  const preparedModes: ChatMode[] = [];
  const modelName = options.model ?? 'fake-model';
  const tools = options.tools === 'off' ? undefined : (options.tools ?? { needsApproval: (call: ValidToolCall) => call.kind === 'edit', maxRounds: 3 });
  const { run, model, contextMemory, answered, summaryRequests, compactions } = fakeRun({
    answers: options.answers ?? [],
    model: modelName,
    tools,
    ...(options.prices ? { prices: options.prices } : {}),
    ...(options.window ? { window: options.window } : {}),
    ...(options.summarise ? { summarise: options.summarise } : {}),
    ...(options.projectRules ? { projectRules: options.projectRules } : {}),
    ...(options.modelInfo ? { modelInfo: options.modelInfo } : {}),
  });
  const defaultRun = async (call: ValidToolCall, context: ToolRunContext): Promise<ToolOutcome> => {
    if (context.approve) {
      const decision = await context.approve({ path: String((call.args as { path?: unknown }).path ?? '?'), summary: 'a change' });
      if (!decision.approved) return decision.reason ? { status: 'rejected', reason: decision.reason } : { status: 'rejected' };
    }
    return { status: 'done', content: `${call.name} ok` };
  };
  return {
    posted,
    preparedFor,
    preparedModes,
    archive,
    clock,
    model,
    asked,
    ran,
    errors,
    inFlight,
    answered,
    contextMemory,
    summaryRequests,
    compactions,
    prepareRun: async (workingFiles, mode) => {
      preparedFor.push([...(workingFiles ?? [])]);
      preparedModes.push(mode ?? 'act');
      const prepare = options.prepare ?? 'run';
      if (prepare === 'declined') return undefined;
      if (prepare !== 'run') throw prepare.error;
      return run;
    },
    runTool: async (call, context) => {
      ran.push(call.id);
      return (options.runTool ?? defaultRun)(call, context);
    },
    approve: async (call, _signal, preview) => {
      asked.push({ callId: call.id, preview });
      return options.decide ? options.decide(call, preview) : { approved: true };
    },
    store: archive,
    post: (message) => posted.push(structuredClone(message)),
    ids: () => `id${++id}`,
    currentServer: () => ({ profile: 'Default', profiles: ['Default'], model: modelName }),
    requestStarted: (controller) => {
      inFlight.add(controller);
      return () => inFlight.delete(controller);
    },
    reportError: (line) => errors.push(line),
  };
}

/** A gate a scripted answer waits at before each batch: the test opens it, batch by batch or all at once. */
export class Gate {
  private waiting: (() => void)[] = [];
  private open = false;
  readonly wait = (): Promise<void> => (this.open ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve)));
  /** Lets one waiting batch through. */
  step(): void {
    this.waiting.shift()?.();
  }
  release(): void {
    this.open = true;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
  /** Resolves once something waits at the gate. */
  async reached(): Promise<void> {
    while (this.waiting.length === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  /** Lets `batches` batches through, one at a time, and waits until the next one waits. */
  async letThrough(batches: number): Promise<void> {
    for (let batch = 0; batch < batches; batch++) {
      await this.reached();
      this.step();
    }
    await this.reached();
  }
}

/** The view's copy, rebuilt from the posted messages alone (as the webview's model applies them). */
export function replayToView(posted: readonly HostMessage[]): ViewTurn[] {
  let turns: ViewTurn[] = [];
  for (const message of posted) {
    if (message.type === 'state') turns = structuredClone(message.state.turns);
    else if (message.type === 'turn') {
      const index = turns.findIndex((turn) => turn.id === message.turn.id);
      if (index === -1) turns.push(message.turn);
      else turns[index] = message.turn;
    } else if (message.type === 'delta') {
      const turn = turns.find((candidate) => candidate.id === message.turnId) as ViewAssistantTurn;
      if (turn.status === 'streaming') {
        turn.text += message.text;
        turn.reasoning += message.reasoning;
      }
    } else if (message.type === 'toolCall') {
      const turn = turns.find((candidate) => candidate.id === message.turnId) as ViewAssistantTurn;
      const calls = turn.toolCalls ?? [];
      const index = calls.findIndex((call) => call.id === message.call.id);
      turn.toolCalls = index === -1 ? [...calls, message.call] : calls.map((call, position) => (position === index ? message.call : call));
    }
  }
  return turns;
}
