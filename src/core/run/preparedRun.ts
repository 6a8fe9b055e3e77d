// What every request needs before it goes out, and the one wiring of the answer loop that the chat, Ask Model and
// Edit Selection share. The host prepares a run (settings read, key found, model resolved, tool rules read); the
// caller hands it the conversation and the two tool ports, and gets the loop's events and result.
import type { TokenPrices } from '../protocol/modelInfo';
import type { CompactionRecord } from '../context/compactConversation';
import { ContextFitter, type ContextMemory } from '../context/contextFitter';
import type { ServerTokenCounter } from '../context/serverTokenCounter';
import type { ChatCompletionRequest, ChatMessage, ToolDefinition } from '../protocol/messages';
import type { ProjectRules } from '../rules/projectRulesText';
import type { ChatDone } from '../stream/events';
import { runToolLoop } from '../tools/toolLoop';
import type { Approver, ChatStreamSource, ToolRunner, ToolLoopEvent, ToolLoopResult } from '../tools/toolLoopTypes';
import type { ToolOffer, ValidToolCall } from '../tools/validateToolCall';

/** The features that send requests; each names its requests' `generation_name` and its log lines. `vscode-chat`: VS
 * Code's own chat and other extensions, through our language model provider (it sends one request, no answer loop). */
export type RunPurpose = 'chat' | 'ask-model' | 'edit-selection' | 'vscode-chat';

export interface RunToolRules {
  /** Which calls wait for the user (see `approvalRule`). */
  needsApproval: (call: ValidToolCall) => boolean;
  /** The most rounds of tool calls one answer may run. */
  maxRounds: number;
  /** The tools the requests offer (default: the workspace tools only). */
  offer?: ToolOffer | undefined;
}

export interface PreparedRun {
  purpose: RunPurpose;
  /** The model that answers: the setting, or the one the user just picked because none was set. */
  model: string;
  /** The profile whose server answers, when the user has more than one (the footer names it); else undefined. */
  profile: string | undefined;
  /** The model's list prices, when the catalogue knows them (an answer's cost when the server does not say it). */
  prices: TokenPrices | undefined;
  /** The system prompt from the settings ('' for none), with the project rules after it when any were read. */
  systemPrompt: string;
  /** The project rules files the system prompt carries (absent: none were read). */
  projectRules?: ProjectRules | undefined;
  client: ChatStreamSource;
  /** Builds each round's request from the whole conversation: settings, tools and `tool_choice` included. */
  buildRequest: (messages: readonly ChatMessage[]) => ChatCompletionRequest;
  /** Undefined: the requests offer no tools (a call the model makes anyway is answered, never run). */
  tools: RunToolRules | undefined;
  /** Told of each finished answer (the host logs it). */
  answered: (done: ChatDone) => void;
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
    buildRequest: run.buildRequest,
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
