// Test doubles of a run, below every feature that makes one (the chat's session, Ask Model, Edit Selection): a model
// that answers from a script, a context memory, and a PreparedRun made of them that records what it was told.
// src never imports this file (the bundle never contains it).
import type { CompactionRecord } from '../../../../src/core/context/compactConversation';
import type { ContextMemory, ContextWindow } from '../../../../src/core/context/contextFitter';
import { LearntWindow } from '../../../../src/core/context/learntWindow';
import { emptyTokenCalibration, type TokenCalibration } from '../../../../src/core/context/tokenCalibration';
import type { ChatCompletionRequest, ChatMessage } from '../../../../src/core/protocol/messages';
import { systemPromptWithRules, type ProjectRules } from '../../../../src/core/rules/projectRulesText';
import type { ChatDone, ChatEvent } from '../../../../src/core/stream/events';
import type { PreparedRun } from '../../../../src/core/run/preparedRun';
import type { RunClient } from '../../../../src/core/run/prepareRunPorts';
import type { RequestSurface } from '../../../../src/core/request/requestAssembly';
import { emptyModelInfo, type ModelInfo } from '../../../../src/core/protocol/modelInfo';
import { readExtensionSettings } from '../../../../src/core/settings/extensionSettings';

/** One scripted answer: the events it streams (in batches), or an error thrown after them. */
export interface ScriptedAnswer {
  batches: ChatEvent[][];
  /** Thrown after the batches (a server error mid-stream, or before any batch). */
  error?: unknown;
  /** Waits for this before each batch (lets a test stop mid-stream). */
  gate?: () => Promise<void>;
}

/** A model that answers from a script, one answer per request, recording what it was sent. */
export class ScriptedModel implements RunClient {
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

  /** The next scripted answer whole: its text and its `done`. */
  async complete(request: ChatCompletionRequest, options: { signal?: AbortSignal }): Promise<{ text: string; done?: ChatDone | undefined }> {
    let text = '';
    let done: ChatDone | undefined;
    for await (const batch of this.streamBatches(request, options)) {
      for (const event of batch) {
        if (event.type === 'text') text += event.text;
        else if (event.type === 'done') done = event.done;
      }
    }
    return { text, done };
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

export interface FakeRunOptions {
  answers?: ScriptedAnswer[];
  surface?: RequestSurface;
  model?: string;
  /** The profile named in the footer (more than one profile); default none. */
  profile?: string;
  /** Tool rules for the run; undefined: tools off. */
  tools?: PreparedRun['tools'];
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

/** A run on a scripted model, and what it was told: each answer, summary request and compaction, in order. */
export interface FakeRun {
  run: PreparedRun;
  model: ScriptedModel;
  contextMemory: FakeContextMemory;
  answered: ChatDone[];
  summaryRequests: { messages: ChatMessage[]; maxTokens: number }[];
  compactions: CompactionRecord[];
}

export function fakeRun(options: FakeRunOptions = {}): FakeRun {
  const model = new ScriptedModel(options.answers ?? []);
  const contextMemory = new FakeContextMemory(options.window);
  const answered: ChatDone[] = [];
  const summaryRequests: FakeRun['summaryRequests'] = [];
  const compactions: CompactionRecord[] = [];
  const modelName = options.model ?? 'fake-model';
  const surface = options.surface ?? 'chat';
  const run: PreparedRun = {
    surface,
    feature: `${surface} (profile Default)`,
    model: modelName,
    modelInfo: { ...emptyModelInfo(modelName), ...options.modelInfo },
    settings: { ...readExtensionSettings(() => undefined), model: modelName },
    metadata: undefined,
    profile: options.profile,
    prices: options.prices,
    systemPrompt: systemPromptWithRules('Be brief.', options.projectRules),
    ...(options.projectRules ? { projectRules: options.projectRules } : {}),
    client: model,
    completions: () => {
      throw new Error('the fake run has no completion endpoints');
    },
    buildRequest: (messages: readonly ChatMessage[]) => ({ model: modelName, stream: true, messages: structuredClone([...messages]) }) as ChatCompletionRequest,
    tools: options.tools,
    answered: (done) => answered.push(done),
    completionAnswered: () => undefined,
    toolDefinitions: [],
    contextMemory,
    summarise: (messages, maxTokens) => {
      summaryRequests.push({ messages, maxTokens });
      return options.summarise ? options.summarise(messages, maxTokens) : Promise.resolve(`summary ${summaryRequests.length}`);
    },
    compacted: (record) => compactions.push(record),
  };
  return { run, model, contextMemory, answered, summaryRequests, compactions };
}
