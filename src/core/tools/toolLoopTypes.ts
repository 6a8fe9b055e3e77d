// The tool loop's contract with its surroundings: what it needs injected (the client, the request builder, the tool
// runner, the approver) and what it reports (events for the view, and a result for the conversation).
import type { ContextOverflowError } from '../errors/httpErrors';
import type { ChatCompletionRequest, ChatMessage } from '../protocol/messages';
import type { ChatDone, ChatEvent } from '../stream/events';
import type { CommandCallState } from './commandCall';
import type { ToolOffer, ValidToolCall } from './validateToolCall';
import type { ToolKind } from './workspaceTools';

/** A workspace tool's kind, or `vscode` for a tool of `vscode.lm.tools` (asked about before it runs; runs alone). */
export type ToolCallKind = ToolKind | 'vscode';

/** What the loop needs from the client; `ChatClient` fits as it is. */
export interface ChatStreamSource {
  streamBatches(request: ChatCompletionRequest, options: { signal?: AbortSignal | undefined }): AsyncIterable<ChatEvent[]>;
}

/** An edit a tool applied to one file: the chat keeps the first before-text and last after-text per answer. */
export interface FileChange {
  /** Absolute path on disk. */
  path: string;
  relativePath: string;
  /** null: the tool created the file. */
  before: string | null;
  after: string;
}

/** What running one tool produced. `content` goes back to the model as the call's result. */
export type ToolOutcome =
  | { status: 'done'; content: string; preview?: string; fileChange?: FileChange }
  /** The tool ran but could not do its job (file not found, edit did not fit): the model reads why. */
  | { status: 'failed'; content: string; preview?: string }
  /** The user said no while the host asked (e.g. next to the edit's diff). */
  | { status: 'rejected'; reason?: string };

export interface ApprovalDecision {
  approved: boolean;
  /** Passed on to the model, so it can do better. */
  reason?: string;
}

/** What the user is shown beside an edit's question (its diff is already open): the file, and what changes. */
export interface ApprovalPreview {
  path: string;
  summary: string;
}

/**
 * The one way every flow asks the user about a tool call: before a read runs (no preview), or once an edit has been
 * worked out and its diff shown (with the preview). Resolves with the decision; a fired signal may leave it pending.
 */
export type Approver = (call: ValidToolCall, signal: AbortSignal, preview?: ApprovalPreview) => Promise<ApprovalDecision>;

/** What running one call gets from the loop. */
export interface ToolRunContext {
  signal: AbortSignal;
  /**
   * Set when this call needs the user's yes after its preview (an edit that is not auto-approved): call it once the
   * diff is shown, and apply nothing unless it says yes. Undefined: run without asking.
   */
  approve: ((preview: ApprovalPreview) => Promise<ApprovalDecision>) | undefined;
  /** A command's card as it changes (what it asks, then its output as it arrives); the loop passes it to the view. */
  showCommand?: ((state: CommandCallState) => void) | undefined;
  /** The workspace-relative files the model changed in this conversation (a command that runs them is noted). */
  changedPaths?: readonly string[] | undefined;
  /**
   * Restore to here's capture around a command (what it can change is kept before it runs, what it changed is
   * recorded after): the runner runs the whole command inside it. Undefined: nothing is captured.
   */
  aroundCommand?: (<T>(folder: string, run: () => Promise<T>) => Promise<T>) | undefined;
}

/**
 * Runs one validated call. It must not apply anything once the signal has fired: the loop stops waiting for it at
 * that moment and reports the call as cancelled. A thrown error becomes a `failed` result.
 */
export type ToolRunner = (call: ValidToolCall, context: ToolRunContext) => Promise<ToolOutcome>;

export interface ToolLoopOptions {
  client: ChatStreamSource;
  /** Builds each request from the whole conversation (settings, tools and `tool_choice` included). */
  buildRequest: (messages: readonly ChatMessage[]) => ChatCompletionRequest;
  /** The conversation so far; the loop never changes it and returns what it added. */
  messages: readonly ChatMessage[];
  runTool: ToolRunner;
  /** The tools the requests offer: a call of any other is answered, never run. Default: the workspace tools. */
  offer?: ToolOffer | undefined;
  /** Asks the user. Without it, calls that need approval are not run. */
  approve?: Approver | undefined;
  /**
   * Whether a call waits for the user: a read or a VS Code tool is asked about before it runs, an edit once its
   * preview is shown. Default: edits and VS Code tools ask, reads do not (`approvalRule` in toolSettings is the settings' rule).
   */
  needsApproval?: ((call: ValidToolCall) => boolean) | undefined;
  /** The most rounds of tool calls to run; the calls of the answer after the last one are not run. */
  maxRounds: number;
  signal: AbortSignal;
  onEvent?: (event: ToolLoopEvent) => void;
  /** Fits each round's messages to the model's window before it is sent (context/contextFitter.ts); none: sent as they are. */
  context?: ContextStep | undefined;
}

/** The context step of each round (ContextFitter is the real one). */
export interface ContextStep {
  fit(messages: readonly ChatMessage[], signal: AbortSignal, overflow?: ContextOverflowError): Promise<ChatMessage[]>;
  answered(done: ChatDone): void;
  /** The most characters each of a round's `count` tool results may keep in a request of `messages`; undefined while the window is unknown. */
  toolResultCharacters(messages: readonly ChatMessage[], count: number): number | undefined;
}

export type ToolCallStatus =
  | 'queued'
  | 'awaiting-approval'
  | 'running'
  | 'done'
  | 'failed'
  | 'rejected'
  /** Unknown tool, invalid arguments, or a call the stream broke (cut by length, bad JSON): never run. */
  | 'invalid'
  /** The user stopped the request before it ran or finished. */
  | 'cancelled'
  /** Not run: the round limit was reached. */
  | 'skipped';

export interface ToolCallUpdate {
  id: string;
  /** As the model sent it; undefined only for a broken call without a name. */
  name: string | undefined;
  argumentsText: string;
  kind: ToolCallKind | undefined;
  status: ToolCallStatus;
  /** One short line for the view: the result's first line, the error, or the reason. */
  preview?: string;
  /** A command's card: what runs, where, why, what it asks, and its output. */
  command?: CommandCallState;
}

export type ToolLoopEvent =
  | { type: 'roundStart'; round: number }
  | { type: 'text'; round: number; text: string }
  | { type: 'reasoning'; round: number; text: string }
  /** One model answer finished (its usage and timings are in `done`). */
  | { type: 'answerDone'; round: number; done: ChatDone }
  | { type: 'toolCall'; round: number; call: ToolCallUpdate }
  /**
   * A round of tool calls ended: every call of it has its result. `messages`: all the loop has added so far (each
   * answer with its calls, each result), as the next request sends them after `options.messages`: a valid continuation.
   */
  | { type: 'roundDone'; round: number; messages: ChatMessage[] }
  | { type: 'finished'; result: ToolLoopResult };

export type ToolLoopOutcome = 'done' | 'stopped' | 'max-rounds' | 'error';

export interface ToolLoopResult {
  outcome: ToolLoopOutcome;
  /**
   * The messages the loop added after `options.messages`: each answer, and one `role: "tool"` message per call.
   * Always a valid continuation: every call in it has its result, so the next request can follow it.
   */
  messages: ChatMessage[];
  /** Model requests made. */
  rounds: number;
  /** The last answer's finish reason ("stop", "length", …). */
  finishReason: string | undefined;
  /** The text of an answer that a stop or an error cut short; it is not in `messages`. */
  partialText: string;
  /** For 'max-rounds': a sentence for the user. */
  notice?: string;
  /** For 'error': what the client (or the request builder) threw. */
  error?: unknown;
}
