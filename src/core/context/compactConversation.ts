// Fitting a request into the model's window by changing what is sent, never what the user sees. Two steps, the
// cheaper first: shorten the oldest tool results (a file read twenty turns ago rarely matters whole, and the model can
// read it again), then have the model summarise the oldest turns (one extra request, which the host sends). The system
// prompt, the latest user message and the tool round after it are never touched: they are what the answer is about.
// Turns are cut whole and tool results only shortened, so every assistant message with tool_calls keeps all its tool
// messages right after it, as every server requires.
import type { ChatMessage, ToolDefinition } from '../protocol/messages';
import { estimateMessageTokens, estimatePromptTokens } from './estimateTokens';
import { buildSummaryRequest, SUMMARY_MESSAGE_PREFIX } from './summaryRequest';
import { calibratedTokens, calibrationFit, emptyTokenCalibration, estimatedTokensWithin, type TokenCalibration } from './tokenCalibration';

/** Characters a shortened tool result keeps from its start: its first screenful, which says what it was. */
export const DEFAULT_TOOL_RESULT_HEAD_CHARACTERS = 1500;
/** Room kept for the summary, as a share of the budget and at most this many tokens. */
const SUMMARY_SHARE_OF_BUDGET = 1 / 8;
const MAX_SUMMARY_TOKENS = 1024;
/** The estimate's error left after calibration, as a share of the window. */
const DEFAULT_MARGIN_SHARE = 0.1;

/**
 * What a prompt may take: the window less the room the answer needs and a margin for the estimate's error (a share of
 * the window, since the error grows with the prompt).
 */
/** The room kept for a summary in a prompt of `budgetTokens`. */
export function summaryRoom(budgetTokens: number): number {
  return Math.min(MAX_SUMMARY_TOKENS, Math.floor(budgetTokens * SUMMARY_SHARE_OF_BUDGET));
}

export function promptBudget(window: { contextWindow: number; maxOutputTokens: number; marginShare?: number }): number {
  const margin = Math.ceil(window.contextWindow * (window.marginShare ?? DEFAULT_MARGIN_SHARE));
  return Math.max(0, window.contextWindow - window.maxOutputTokens - margin);
}

export interface CompactionInput {
  /** The messages about to be sent. */
  messages: readonly ChatMessage[];
  tools?: readonly ToolDefinition[] | undefined;
  /** This model's calibration: the estimates are scaled by it. */
  calibration?: TokenCalibration;
  /** What the prompt may take: the window less the answer's room (max output) and a margin for the estimate's error. */
  budgetTokens: number;
  /** Characters a shortened tool result keeps. */
  toolResultHeadCharacters?: number;
  /** Room kept for the summary; by default an eighth of the budget, at most 1024 tokens. */
  summaryTokens?: number;
}

export interface ShortenedToolResult {
  /** The tool message's index in the messages. */
  messageIndex: number;
  toolCallId: string;
  originalCharacters: number;
  keptCharacters: number;
}

/** What was changed, for the log. */
export interface CompactionRecord {
  budgetTokens: number;
  /** The estimate of the messages as they came. */
  estimatedTokens: number;
  shortened: ShortenedToolResult[];
  /** The turns to be summarised: messages [start, end) of the input. */
  summarised?: { start: number; end: number; turns: number };
}

export type CompactionPlan =
  /** Send `messages` (a copy of the input, changed only where a tool result was shortened). */
  | { kind: 'fits'; messages: ChatMessage[]; estimatedTokens: number; record: CompactionRecord }
  /**
   * Send `summaryRequest` first (no tools, `summaryTokens` as its max_tokens: the room kept for the summary), then
   * `spliceSummary(plan, itsAnswer)`. `messages` has the tool results already shortened; `start`/`end` are the oldest
   * turns the summary replaces.
   */
  | { kind: 'summarise'; messages: ChatMessage[]; start: number; end: number; summaryRequest: ChatMessage[]; summaryTokens: number; record: CompactionRecord }
  /** Even with every earlier turn summarised, the parts never touched do not fit. */
  | { kind: 'too-large'; protectedTokens: number; record: CompactionRecord };

/**
 * What the planner may not change: the leading system messages, and everything from the latest user message on. A
 * summary of earlier turns is history, though it stands among the system messages: kept out of reach, every summary
 * would stay for good and a long chat would grow past its window on summaries alone.
 */
export function protectedParts(messages: readonly ChatMessage[]): { historyStart: number; historyEnd: number } {
  let historyStart = 0;
  while (historyStart < messages.length && messages[historyStart]!.role === 'system' && !isSummaryMessage(messages[historyStart]!)) historyStart++;
  let historyEnd = messages.length;
  while (historyEnd > historyStart && messages[historyEnd - 1]!.role !== 'user') historyEnd--;
  // No user message after the system prompt: nothing is history.
  return historyEnd > historyStart ? { historyStart, historyEnd: historyEnd - 1 } : { historyStart, historyEnd: historyStart };
}

export function planCompaction(input: CompactionInput): CompactionPlan {
  const calibration = input.calibration ?? emptyTokenCalibration();
  // The planning is done in our own estimate's units, against the budget converted to them once.
  const budget = estimatedTokensWithin(calibration, input.budgetTokens);
  const messages = [...input.messages];
  const costs = messages.map(estimateMessageTokens);
  const fixedCost = input.tools && input.tools.length > 0 ? estimatePromptTokens({ messages: [], tools: input.tools }) : 0;
  const estimate = (): number => fixedCost + costs.reduce((sum, cost) => sum + cost, 0);
  const record: CompactionRecord = { budgetTokens: input.budgetTokens, estimatedTokens: calibratedTokens(calibration, estimate()), shortened: [] };
  if (estimate() <= budget) return { kind: 'fits', messages, estimatedTokens: record.estimatedTokens, record };

  const { historyStart, historyEnd } = protectedParts(messages);
  const headCharacters = input.toolResultHeadCharacters ?? DEFAULT_TOOL_RESULT_HEAD_CHARACTERS;
  for (let index = historyStart; index < historyEnd && estimate() > budget; index++) {
    const message = messages[index]!;
    if (message.role !== 'tool') continue;
    const content = shortenToolResult(message.content, headCharacters);
    if (content === message.content) continue;
    messages[index] = { ...message, content };
    costs[index] = estimateMessageTokens(messages[index]!);
    record.shortened.push({ messageIndex: index, toolCallId: message.tool_call_id, originalCharacters: message.content.length, keptCharacters: content.length });
  }
  const afterShortening = estimate();
  if (afterShortening <= budget) return { kind: 'fits', messages, estimatedTokens: calibratedTokens(calibration, afterShortening), record };

  const summaryTokens = input.summaryTokens ?? summaryRoom(input.budgetTokens);
  // The summary's length is the summary request's max_tokens, in the server's tokens: converted to ours.
  const summaryCost = estimateMessageTokens({ role: 'system', content: SUMMARY_MESSAGE_PREFIX }) + Math.ceil(summaryTokens / calibrationFit(calibration).perToken);
  const turnStarts = historyTurnStarts(messages, historyStart, historyEnd);
  let removed = 0;
  for (let turn = 0; turn < turnStarts.length; turn++) {
    const end = turnStarts[turn + 1] ?? historyEnd;
    for (let index = turnStarts[turn]!; index < end; index++) removed += costs[index]!;
    if (afterShortening - removed + summaryCost <= budget) {
      const summaryRequest = buildSummaryRequest(messages.slice(historyStart, end), { budgetTokens: input.budgetTokens, calibration });
      // A budget too small for even the summary's instructions leaves nothing to do.
      if (calibratedTokens(calibration, estimatePromptTokens({ messages: summaryRequest })) > input.budgetTokens) break;
      record.summarised = { start: historyStart, end, turns: turn + 1 };
      return { kind: 'summarise', messages, start: historyStart, end, summaryRequest, summaryTokens, record };
    }
  }
  return { kind: 'too-large', protectedTokens: calibratedTokens(calibration, afterShortening - removed), record };
}

function isSummaryMessage(message: ChatMessage): boolean {
  return message.role === 'system' && (message.content ?? '').startsWith(SUMMARY_MESSAGE_PREFIX);
}

/** Where each turn of the history begins: at its start, then at each user message. Cutting there keeps tool rounds whole. */
function historyTurnStarts(messages: readonly ChatMessage[], historyStart: number, historyEnd: number): number[] {
  const starts: number[] = [];
  for (let index = historyStart; index < historyEnd; index++) {
    if (index === historyStart || messages[index]!.role === 'user') starts.push(index);
  }
  return starts;
}

/** The result's head and a note that says how much was cut and that the tool can be called again for it. */
export function shortenToolResult(content: string, headCharacters: number): string {
  const note = (cut: number): string => `\n[${cut} of ${content.length} characters cut from this earlier result to fit the context window; call the tool again to read them.]`;
  if (content.length <= headCharacters + note(content.length).length) return content;
  const lineEnd = content.lastIndexOf('\n', headCharacters);
  const head = content.slice(0, lineEnd > headCharacters / 2 ? lineEnd : headCharacters);
  return `${head}${note(content.length - head.length)}`;
}
