// What every request needs before it goes out (prepareRun.ts makes it, the same way for every surface), and the one
// wiring of the answer loop that the chat, Ask Model and Edit Selection share: the caller hands it the conversation
// and the two tool ports, and gets the loop's events and result.
import type { ModelInfo, TokenPrices } from '../protocol/modelInfo';
import type { CompactionRecord } from '../context/compactConversation';
import { ContextFitter, type ContextMemory } from '../context/contextFitter';
import type { ServerTokenCounter } from '../context/serverTokenCounter';
import type { ChatCompletionRequest, ChatMessage, ChatMetadata, ToolDefinition } from '../protocol/messages';
import type { RequestSurface, RequestVariant } from '../request/requestAssembly';
import type { CompletionUsage } from '../completions/completionAnswer';
import type { ExtensionSettings } from '../settings/extensionSettings';
import type { ProjectRules } from '../rules/projectRulesText';
import type { ChatDone } from '../stream/events';
import type { ReadyRunClient, RunClient } from './prepareRunPorts';
import { runToolLoop } from '../tools/toolLoop';
import type { Approver, ToolRunner, ToolLoopEvent, ToolLoopResult } from '../tools/toolLoopTypes';
import type { ToolOffer, ValidToolCall } from '../tools/validateToolCall';

export interface RunToolRules {
  /** Which calls wait for the user (see `approvalRule`). */
  needsApproval: (call: ValidToolCall) => boolean;
  /** The most rounds of tool calls one answer may run. */
  maxRounds: number;
  /** The tools the requests offer (default: the workspace tools only). */
  offer?: ToolOffer | undefined;
}

export interface PreparedRun {
  surface: RequestSurface;
  /** `surface (profile name)`: how every log line of the run begins. */
  feature: string;
  /** The model that answers: the setting, the caller's, or the one the user just picked because none was set. */
  model: string;
  /** What is known of the model now (the catalogue with the user's overrides, and the caller's adjustment). */
  modelInfo: ModelInfo;
  /** The profile's settings as they were read for this run. */
  settings: ExtensionSettings;
  /** The profile whose server answers, when the user has more than one (the footer names it); else undefined. */
  profile: string | undefined;
  /** The model's list prices, when the catalogue knows them (an answer's cost when the server does not say it). */
  prices: TokenPrices | undefined;
  /** The system prompt from the settings ('' for none), with the project rules after it when any were read. */
  systemPrompt: string;
  /** The project rules files the system prompt carries (absent: none were read). */
  projectRules?: ProjectRules | undefined;
  client: RunClient;
  /** The server's completion endpoints, for inline completions. */
  completions: ReadyRunClient['completions'];
  /** The request metadata the profile's settings give this surface (for a body the assembly does not build: FIM). */
  metadata: ChatMetadata | undefined;
  /**
   * Builds a request from the whole conversation (settings, tools and `tool_choice` included; `variant` asks for
   * less), and logs it. Every request of the run is made here.
   */
  buildRequest: (messages: readonly ChatMessage[], variant?: RequestVariant) => ChatCompletionRequest;
  /** Undefined: the requests offer no tools (a call the model makes anyway is answered, never run). */
  tools: RunToolRules | undefined;
  /** Told of each finished answer: recorded as every surface's is (unless the surface records none). */
  answered: (done: ChatDone) => void;
  /** Told of each answered completion (its usage): counted in the day's spend when it has a price. */
  completionAnswered: (answer: { model: string | undefined; usage: CompletionUsage | undefined }) => void;
  /** The tool definitions each request offers (what they cost in the window counts too). */
  toolDefinitions: readonly ToolDefinition[];
  /** The model's window as known, and what the requests taught about its token counts. */
  contextMemory: ContextMemory;
  /** Sends a summary request (no tools, at most `maxTokens` of answer) and returns the summary. */
  summarise: (messages: ChatMessage[], maxTokens: number, signal: AbortSignal) => Promise<string>;
  /** Told of each compaction (the host logs it). */
  compacted: (record: CompactionRecord) => void;
  /** The server's own token count, where it offers one (the window is fitted by it; else by the calibrated estimate). */
  tokenCounter?: ServerTokenCounter | undefined;
}

/** The context step for a run; `summarised` is told when earlier turns were summarised (the chat stores it). */
export function contextFitterFor(run: PreparedRun, summarised?: (summary: { end: number; text: string }) => void): ContextFitter {
  return new ContextFitter({
    memory: run.contextMemory,
    tools: run.toolDefinitions,
    summarise: run.summarise,
    counter: run.tokenCounter,
    compacted: (record, summary) => {
      run.compacted(record);
      if (summary) summarised?.(summary);
    },
  });
}

/** How a run reaches the workspace and the user. */
export interface ToolPorts {
  runTool: ToolRunner;
  approve: Approver;
}

export interface AnswerInput {
  messages: readonly ChatMessage[];
  signal: AbortSignal;
  onEvent?: (event: ToolLoopEvent) => void;
  /** Needed when `run.tools` is set. */
  tools?: ToolPorts;
  /** Fits each round to the window; default: `contextFitterFor(run)`. */
  context?: ContextFitter;
}

/** Answers `messages` with the run's client and rules: one answer, or rounds of tool calls until an answer without. */
export function runAnswer(run: PreparedRun, input: AnswerInput): Promise<ToolLoopResult> {
  const { tools } = input;
  return runToolLoop({
    client: run.client,
    buildRequest: (messages) => run.buildRequest(messages),
    messages: input.messages,
    runTool: tools?.runTool ?? (() => Promise.resolve({ status: 'failed', content: 'No tools are offered in this request.' })),
    approve: tools?.approve,
    offer: run.tools?.offer,
    needsApproval: run.tools?.needsApproval,
    // No tools offered: a call the model invents anyway is answered with the round-limit reason and not run.
    maxRounds: run.tools && tools ? run.tools.maxRounds : 0,
    signal: input.signal,
    context: input.context ?? contextFitterFor(run),
    onEvent: (event) => {
      if (event.type === 'answerDone') run.answered(event.done);
      input.onEvent?.(event);
    },
  });
}
