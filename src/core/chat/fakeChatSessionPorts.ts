// Test doubles of the chat session's ports, kept beside their interfaces so that a change to a port changes its fake
// in the same place. Nothing in the extension imports this file (the bundle never contains it).
import type { CompactionRecord } from '../context/compactConversation';
import type { ContextMemory, ContextWindow } from '../context/contextFitter';
import { LearntWindow } from '../context/learntWindow';
import { emptyTokenCalibration, type TokenCalibration } from '../context/tokenCalibration';
import type { ChatCompletionRequest, ChatMessage } from '../protocol/messages';
import type { PreparedRun } from '../run/preparedRun';
import { systemPromptWithRules, type ProjectRules } from '../rules/projectRulesText';
import type { ChatDone, ChatEvent } from '../stream/events';
import type { ApprovalDecision, ApprovalPreview, ChatStreamSource, ToolOutcome, ToolRunContext } from '../tools/toolLoopTypes';
import type { ValidToolCall } from '../tools/validateToolCall';
import type { ChatSessionPorts, ConversationArchive, SessionClock } from './chatSessionPorts';
import type { Conversation } from './conversation';
import { withSavedAhead } from './conversationArchive';
import { readStoredConversations, storedForm } from './storedConversations';
import type { HostMessage } from './webviewProtocol';

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

/** One scripted answer: the events it streams (in batches), or an error thrown after them. */
export interface ScriptedAnswer {
  batches: ChatEvent[][];
  /** Thrown after the batches (a server error mid-stream, or before any batch). */
  error?: unknown;
  /** Waits for this before each batch (lets a test stop mid-stream). */
  gate?: () => Promise<void>;
}

/** A model that answers from a script, one answer per request, recording what it was sent. */
export class ScriptedModel implements ChatStreamSource {
  readonly requests: ChatCompletionRequest[] = [];
  constructor(private readonly answers: ScriptedAnswer[]) {}
  async *streamBatches(request: ChatCompletionRequest, options: { signal?: AbortSignal | undefined }): AsyncIterable<ChatEvent[]> {
    this.requests.push(structuredClone(request));
    const answer = this.answers.shift();
    if (!answer) throw new Error('the scripted model has no answer left');
    for (const batch of answer.batches) {
      await answer.gate?.();
      // The real client ends quietly, without `done`, when the caller's signal stops it.
      if (options.signal?.aborted) return;
      yield batch;
    }
    if (answer.error !== undefined) throw answer.error;
  }
}

export function doneEvent(overrides: Partial<ChatDone> = {}): ChatEvent {
  return {
    type: 'done',
    done: {
      finishReason: 'stop',
      model: 'fake-model',
      id: 'chatcmpl-fake',
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
      responseMs: undefined,
      timings: { timeToFirstByteMs: 10, timeToFirstTokenMs: 20, totalMs: 30, tokensPerSecond: undefined, tokensPerSecondEstimated: false },
      streamed: true,
      refused: false,
      ignoredChoices: [],
      headers: {},
      ...overrides,
    },
  };
}

/** A plain text answer in the given pieces, then done. */
export function textAnswer(...pieces: string[]): ScriptedAnswer {
  return { batches: [...pieces.map((text): ChatEvent[] => [{ type: 'text', text }]), [doneEvent()]] };
}

/** An answer that calls tools: `[id, name, arguments JSON]` each. */
export function toolCallAnswer(...calls: [string, string, string][]): ScriptedAnswer {
  const events = calls.map(([id, name, argumentsText], index): ChatEvent => ({
    type: 'toolCall',
    call: { index, id, idGenerated: false, name, argumentsText, arguments: JSON.parse(argumentsText) as Record<string, unknown> },
  }));
  return { batches: [events, [doneEvent({ finishReason: 'tool_calls' })]] };
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
}

/** The context memory of one model: a window that overflows can teach (judged as the host judges it), and the calibration in memory. */
export class FakeContextMemory implements ContextMemory {
  private calibrationNow: TokenCalibration = emptyTokenCalibration();
  private readonly learntWindow = new LearntWindow((contextWindow, reason) => this.rejected.push({ contextWindow, reason }));
  /** Every window an overflow proposed, adopted or not. */
  learnt: number[] = [];
  /** The windows refused, and why. */
  rejected: { contextWindow: number; reason: string }[] = [];

  constructor(private readonly known: ContextWindow | undefined) {}

  window(): ContextWindow | undefined {
    return this.learntWindow.window(this.known);
  }

  learnWindow(contextWindow: number): void {
    this.learnt.push(contextWindow);
    this.learntWindow.learn(contextWindow);
  }

  served(promptTokens: number): void {
    this.learntWindow.served(promptTokens);
  }

  calibration(): TokenCalibration {
    return this.calibrationNow;
  }

  setCalibration(calibration: TokenCalibration): void {
    this.calibrationNow = calibration;
  }
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
}

export function fakeSessionPorts(options: FakePortsOptions = {}): FakePorts {
  let id = 0;
  const posted: HostMessage[] = [];
  const archive = options.archive ?? new FakeArchive();
  const clock = new FakeClock();
  const model = new ScriptedModel(options.answers ?? []);
  const asked: FakePorts['asked'] = [];
  const ran: string[] = [];
  const errors: string[] = [];
  const inFlight = new Set<AbortController>();
  const answered: ChatDone[] = [];
  const contextMemory = new FakeContextMemory(options.window);
  const summaryRequests: FakePorts['summaryRequests'] = [];
  const compactions: CompactionRecord[] = [];
  const preparedFor: string[][] = [];
  const modelName = options.model ?? 'fake-model';
  const tools = options.tools === 'off' ? undefined : (options.tools ?? { needsApproval: (call: ValidToolCall) => call.kind === 'edit', maxRounds: 3 });
  const run: PreparedRun = {
    purpose: 'chat',
    model: modelName,
    profile: undefined,
    prices: options.prices,
    systemPrompt: systemPromptWithRules('Be brief.', options.projectRules),
    ...(options.projectRules ? { projectRules: options.projectRules } : {}),
    client: model,
    buildRequest: (messages: readonly ChatMessage[]) => ({ model: modelName, stream: true, messages: structuredClone([...messages]) }) as ChatCompletionRequest,
    tools,
    answered: (done) => answered.push(done),
    toolDefinitions: [],
    contextMemory,
    summarise: (messages, maxTokens) => {
      summaryRequests.push({ messages, maxTokens });
      return options.summarise ? options.summarise(messages, maxTokens) : Promise.resolve(`summary ${summaryRequests.length}`);
    },
    compacted: (record) => compactions.push(record),
  };
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
    prepareRun: async (workingFiles) => {
      preparedFor.push([...(workingFiles ?? [])]);
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
