// The context step of every request: before each round is sent, the messages are fitted to the model's window (tool
// results shortened, then the oldest turns summarised by one extra request), what the server counted calibrates the
// next estimate, and an overflow the server reports teaches the window it enforces, for one more try. An overflow that
// states no window (Groq's, a gateway's 413 "Prompt is too long") teaches nothing: the run's requests aim under what
// was refused, and the model's window stays what it was. It changes only what is sent; the session keeps what the user
// sees, and stores a summary so the next message does not pay for it again.
import { ConversationTooLargeError } from '../errors/AskModelError';
import type { ContextOverflowError } from '../errors/httpErrors';
import type { ChatMessage, ToolDefinition } from '../protocol/messages';
import type { ChatDone } from '../stream/events';
import { planCompaction, promptBudget, protectedParts, summaryRoom, type CompactionRecord } from './compactConversation';
import { enforcedWindow } from './enforcedWindow';
import { estimatePromptTokens } from './estimateTokens';
import { windowPromptTokens } from './promptUsage';
import type { ServerTokenCounter } from './serverTokenCounter';
import { buildSummaryRequest, spliceSummary } from './summaryRequest';
import { calibratedCount, calibratedTokens, estimatedTokensWithin, fixedCalibration, recordCountedUsage, recordPromptUsage, type TokenCalibration } from './tokenCalibration';

/** The model's limits as far as they are known: the catalogue's, an override, or what an overflow taught. */
export interface ContextWindow {
  contextWindow: number;
  /** The room the answer is given; unknown: a quarter of the window, at most 4096 tokens. */
  maxOutputTokens?: number | undefined;
}

/** Where the fitter keeps what it learns (per model, for the session and beyond). */
export interface ContextMemory {
  window(): ContextWindow | undefined;
  /** An overflow taught this window; the memory may refuse one that cannot be right (see learntWindow.ts). */
  learnWindow(contextWindow: number): void;
  /** A request whose prompt the server counted at `promptTokens` was answered: evidence the window is at least that. */
  served?(promptTokens: number): void;
  calibration(): TokenCalibration;
  setCalibration(calibration: TokenCalibration): void;
}

export interface ContextFitterOptions {
  memory: ContextMemory;
  tools: readonly ToolDefinition[];
  /** Sends the summary request (no tools, at most `maxTokens` of answer) and returns the summary's text. */
  summarise(messages: ChatMessage[], maxTokens: number, signal: AbortSignal): Promise<string>;
  /** What was changed before a request, for the log; `summary` when turns were summarised: messages [.., end) of the input. */
  compacted(record: CompactionRecord, summary: { end: number; text: string } | undefined): void;
  /** The server's own count of the prompt, where it offers one; without it (or while it has not answered) the calibrated estimate. */
  counter?: ServerTokenCounter | undefined;
}

const DEFAULT_OUTPUT_SHARE = 0.25;
const DEFAULT_MAX_OUTPUT = 4096;
/** After an overflow that names no window, this run's requests aim this far under what was refused. */
const SHRINK_AFTER_UNNAMED_OVERFLOW = 0.8;
/** A round's tool results together may take this share of the prompt's room. */
const TOOL_RESULTS_SHARE = 0.5;
const CHARACTERS_PER_TOKEN = 3;
/** Below this a result says too little to be worth reading; the fitting after it copes. */
const MIN_TOOL_RESULT_CHARACTERS = 600;
/** The most a summary made on request may take while the window is unknown. */
const MAX_SUMMARY_TOKENS = 1024;

export class ContextFitter {
  /** Our estimate of the last request sent, in our own units, for calibration once the server counts it. */
  private lastEstimate: number | undefined;
  /**
   * The server tokenizer's count of the last request's texts, when it had counted every one: the counted line learns
   * the template from it (a render's exact count needs no line, but the fallback after a missed render does).
   */
  private lastCounted: number | undefined;
  /** The summary made for this run: later rounds send the same history, so it is spliced in again, not re-made. */
  private summary: { start: number; end: number; text: string } | undefined;
  /**
   * The most this run's requests may take after an overflow that stated no window: a guess from the refused request,
   * so it is this run's alone and never offered to the memory as the model's window (a later run starts without it).
   */
  private unstatedCeiling: number | undefined;

  constructor(private readonly options: ContextFitterOptions) {}

  /** The share of the window `messages` would take as the next request; undefined while the window is unknown. */
  use(messages: readonly ChatMessage[]): { usedTokens: number; windowTokens: number; budgetTokens: number } | undefined {
    const window = this.options.memory.window();
    if (!window) return undefined;
    const usedTokens = this.serverTokens(messages) ?? calibratedTokens(this.options.memory.calibration(), estimatePromptTokens({ messages, tools: this.options.tools }));
    // Where compaction starts (the window less the answer's room and a margin): the meter warns by then at the latest.
    const budgetTokens = promptBudget({ contextWindow: window.contextWindow, maxOutputTokens: this.outputRoom(window) });
    return { usedTokens: Math.round(usedTokens), windowTokens: window.contextWindow, budgetTokens };
  }

  /**
   * The messages to send for `messages`: as they are while they fit (or the window is unknown), else compacted.
   * `overflow`: the server refused the last try as too long; its numbers, if any, teach the window first.
   */
  async fit(messages: readonly ChatMessage[], signal: AbortSignal, overflow?: ContextOverflowError): Promise<ChatMessage[]> {
    const { memory, tools } = this.options;
    if (overflow) {
      // The server counted the prompt it refused: the surest word on how its tokens relate to our estimate. Without it
      // the retry is fitted to the new window in the old units and overflows again when the estimate ran low (the
      // first request to a model, or one whose tokenizer counts far more, as llama.cpp's small vocabularies do).
      const counted = overflow.overflow.promptTokens;
      if (counted !== undefined && this.lastEstimate !== undefined) memory.setCalibration(recordPromptUsage(memory.calibration(), this.lastEstimate, counted));
      if (counted !== undefined && this.lastCounted !== undefined) memory.setCalibration(recordCountedUsage(memory.calibration(), this.lastCounted, counted));
      const sent = calibratedTokens(memory.calibration(), this.lastEstimate ?? estimatePromptTokens({ messages, tools }));
      const stated = enforcedWindow(overflow.overflow, sent);
      if (stated !== undefined) memory.learnWindow(stated);
      else this.unstatedCeiling = Math.min(this.unstatedCeiling ?? Number.MAX_SAFE_INTEGER, Math.floor(sent * SHRINK_AFTER_UNNAMED_OVERFLOW));
    }
    const window = this.fittingWindow();
    if (!window) {
      // Nothing to fit: the count is only for the calibration, and the request does not wait for it.
      void this.options.counter?.prepare({ messages, tools }, signal);
      return this.sending([...messages]);
    }
    if (this.summary && messages.length >= this.summary.end) messages = spliceSummary({ messages, ...this.summary }, this.summary.text);
    const budgetTokens = promptBudget({ contextWindow: window.contextWindow, maxOutputTokens: this.outputRoom(window) });
    await this.options.counter?.prepare({ messages, tools }, signal);
    const plan = planCompaction({ messages, tools, calibration: this.planningCalibration(messages), budgetTokens });
    if (plan.kind === 'too-large') throw new ConversationTooLargeError(plan.protectedTokens, budgetTokens);
    if (plan.kind === 'fits') {
      if (plan.record.shortened.length > 0) this.options.compacted(plan.record, undefined);
      return this.sending(plan.messages);
    }
    const text = await this.options.summarise(plan.summaryRequest, plan.summaryTokens, signal);
    // Only a first summary maps onto the history the caller holds; one made over an earlier one is this run's alone.
    this.options.compacted(plan.record, this.summary ? undefined : { end: plan.end, text });
    if (!this.summary) this.summary = { start: plan.start, end: plan.end, text };
    return this.sending(spliceSummary(plan, text));
  }

  /**
   * Compact now: the model writes a summary of every turn in `messages` (after the leading system messages), for the
   * caller to send in their place from now on; undefined when there is nothing to summarise.
   */
  async summariseAll(messages: readonly ChatMessage[], signal: AbortSignal): Promise<string | undefined> {
    const { memory, tools } = this.options;
    const { historyStart } = protectedParts(messages);
    const history = messages.slice(historyStart);
    if (history.length === 0) return undefined;
    const window = memory.window();
    const budgetTokens = window ? promptBudget({ contextWindow: window.contextWindow, maxOutputTokens: this.outputRoom(window) }) : Number.MAX_SAFE_INTEGER;
    const summaryTokens = window ? summaryRoom(budgetTokens) : MAX_SUMMARY_TOKENS;
    const text = await this.options.summarise(buildSummaryRequest(history, { budgetTokens, calibration: memory.calibration() }), summaryTokens, signal);
    const turns = history.filter((message) => message.role === 'user').length;
    this.options.compacted({ budgetTokens, estimatedTokens: estimatePromptTokens({ messages, tools }), shortened: [], summarised: { start: historyStart, end: messages.length, turns } }, { end: messages.length, text });
    return text;
  }

  /**
   * What each of a round's `count` tool results may keep, `messages` being the request they will join: half of what
   * the parts never compacted (system prompt, tools, the latest message and this round) and a summary's room leave,
   * in characters at a conservative three per token (code and JSON run denser than prose), so the next request can
   * still be fitted.
   */
  toolResultCharacters(messages: readonly ChatMessage[], count: number): number | undefined {
    const { memory, tools } = this.options;
    const window = this.fittingWindow();
    if (!window) return undefined;
    const budgetTokens = promptBudget({ contextWindow: window.contextWindow, maxOutputTokens: this.outputRoom(window) });
    const { historyStart, historyEnd } = protectedParts(messages);
    const fixed = estimatePromptTokens({ messages: [...messages.slice(0, historyStart), ...messages.slice(historyEnd)], tools });
    // In our estimate's units: a server whose tokenizer counts more than we do leaves fewer characters.
    const room = estimatedTokensWithin(memory.calibration(), Math.max(0, budgetTokens - summaryRoom(budgetTokens))) - fixed;
    return Math.max(MIN_TOOL_RESULT_CHARACTERS, Math.floor((room * TOOL_RESULTS_SHARE * CHARACTERS_PER_TOKEN) / Math.max(1, count)));
  }

  /** After an answer: the server's count of the prompt calibrates the next estimates for this model. */
  answered(done: ChatDone): void {
    const servedPrompt = done.usage?.prompt_tokens;
    if (typeof servedPrompt === 'number' && servedPrompt > 0) this.options.memory.served?.(servedPrompt);
    // What the window held: a usage that leaves the cached part of the prompt out must not teach a small prompt.
    const reported = windowPromptTokens(done.usage);
    if (this.lastEstimate === undefined || reported === undefined || reported <= 0) return;
    const { memory } = this.options;
    memory.setCalibration(recordPromptUsage(memory.calibration(), this.lastEstimate, reported));
    if (this.lastCounted !== undefined) memory.setCalibration(recordCountedUsage(memory.calibration(), this.lastCounted, reported));
  }

  /**
   * `messages` as the server would report them: its own render's count as it is, else its tokenizer's count of the
   * texts through the counted line; undefined while a text is uncounted.
   */
  private serverTokens(messages: readonly ChatMessage[]): number | undefined {
    const { counter, tools, memory } = this.options;
    if (!counter) return undefined;
    const counted = counter.countPrompt({ messages, tools });
    if (counted !== undefined) return counted.exact ? counted.tokens : calibratedCount(memory.calibration(), counted.tokens);
    // Counted for the next time it is asked (the answer just added, say); never waited for here, and never a render:
    // the meter counts on the last request's render and the new messages' texts.
    void counter.prepare({ messages, tools }, undefined, { render: false });
    return undefined;
  }

  /**
   * The calibration the compaction plans with: with the server's count of these very messages, the one that maps
   * their estimate onto it (the plan scales each message's estimate at that rate); else the model's own.
   */
  private planningCalibration(messages: readonly ChatMessage[]): TokenCalibration {
    const calibration = this.options.memory.calibration();
    const serverTokens = this.serverTokens(messages);
    const estimate = estimatePromptTokens({ messages, tools: this.options.tools });
    return serverTokens === undefined || estimate <= 0 ? calibration : fixedCalibration(serverTokens / estimate);
  }

  /** The window this run's requests are fitted to: the memory's, lowered by an unstated overflow's ceiling. */
  private fittingWindow(): ContextWindow | undefined {
    const known = this.options.memory.window();
    const ceiling = this.unstatedCeiling;
    if (ceiling === undefined) return known;
    return { contextWindow: known ? Math.min(known.contextWindow, ceiling) : ceiling, maxOutputTokens: known?.maxOutputTokens };
  }

  private outputRoom(window: ContextWindow): number {
    return window.maxOutputTokens ?? Math.min(DEFAULT_MAX_OUTPUT, Math.floor(window.contextWindow * DEFAULT_OUTPUT_SHARE));
  }

  private sending(messages: ChatMessage[]): ChatMessage[] {
    this.lastEstimate = estimatePromptTokens({ messages, tools: this.options.tools });
    this.lastCounted = this.options.counter?.count({ messages, tools: this.options.tools });
    return messages;
  }
}
