// The extra request that has the model summarise the oldest turns, and how its answer takes their place. The turns
// go as one transcript in a user message rather than as themselves: sent as a conversation, their tool calls would
// need the tools (more tokens) and a model might call one instead of summarising.
import type { ChatMessage } from '../protocol/messages';
import { estimateMessageTokens } from './estimateTokens';
import { calibratedTokens, emptyTokenCalibration, type TokenCalibration } from './tokenCalibration';

/** How the summary begins in the conversation sent, so the model (and a reader of the log) knows what it is. */
export const SUMMARY_MESSAGE_PREFIX = 'Summary of earlier messages: ';

const SUMMARY_INSTRUCTIONS =
  'You summarise the earlier part of a conversation between a user and a coding assistant, so the conversation can ' +
  'go on without it. Keep what later turns may need: the user\'s goals and constraints, decisions made, files and ' +
  'symbols named, what tools found or changed, open questions. Be brief and factual; write no greeting and no advice.';
const MAX_FITTING_ATTEMPTS = 8;
const SUMMARY_ASK = 'Summarise the conversation above in a few short paragraphs or a list.';

/** The messages of the summary request for `turns`, cut to fit `budgetTokens` when the transcript alone would not. */
export function buildSummaryRequest(turns: readonly ChatMessage[], options: { budgetTokens: number; calibration?: TokenCalibration }): ChatMessage[] {
  const calibration = options.calibration ?? emptyTokenCalibration();
  const entries = turns.map(transcriptEntry);
  const frame = (transcript: string): ChatMessage[] => [
    { role: 'system', content: SUMMARY_INSTRUCTIONS },
    { role: 'user', content: `<conversation>\n${transcript}\n</conversation>\n\n${SUMMARY_ASK}` },
  ];
  const cost = (request: ChatMessage[]): number => calibratedTokens(calibration, request.reduce((sum, message) => sum + estimateMessageTokens(message), 0));
  let request = frame(entries.join('\n\n'));
  // Every entry keeps the same share of itself (its start), so no turn disappears from the summary entirely. The
  // estimate is not quite proportional to the characters kept, so the share is narrowed until the request fits.
  const frameCost = cost(frame(''));
  let share = 1;
  for (let attempt = 0; attempt < MAX_FITTING_ATTEMPTS; attempt++) {
    const requestCost = cost(request);
    if (requestCost <= options.budgetTokens || requestCost <= frameCost) return request;
    share *= Math.max(0, ((options.budgetTokens - frameCost) / (requestCost - frameCost)) * 0.95);
    request = frame(entries.map((entry) => cutTo(entry, Math.floor(entry.length * share))).join('\n\n'));
  }
  return request;
}

function transcriptEntry(message: ChatMessage): string {
  switch (message.role) {
    case 'system':
      return `System: ${message.content}`;
    case 'user':
      return `User: ${typeof message.content === 'string' ? message.content : message.content.map((part) => (part.type === 'text' ? part.text : '[an image]')).join('')}`;
    case 'assistant': {
      const calls = (message.tool_calls ?? []).map((call) => `[called ${call.function.name}(${call.function.arguments})]`);
      return `Assistant: ${[message.content ?? '', ...calls].filter((part) => part !== '').join('\n')}`;
    }
    case 'tool':
      return `Tool result: ${message.content}`;
    default: {
      const unknownRole: never = message;
      return String(unknownRole);
    }
  }
}

function cutTo(text: string, characters: number): string {
  return text.length <= characters ? text : `${text.slice(0, Math.max(0, characters - 1))}…`;
}

/**
 * The messages to send once the model wrote `summaryText`: the summary, as a system message right after the leading
 * system messages, in place of the summarised turns. A system message because it stands before every turn and needs
 * no invented assistant reply to keep user and assistant alternating.
 */
export function spliceSummary(plan: { messages: readonly ChatMessage[]; start: number; end: number }, summaryText: string): ChatMessage[] {
  const summary: ChatMessage = { role: 'system', content: `${SUMMARY_MESSAGE_PREFIX}${summaryText.trim()}` };
  return [...plan.messages.slice(0, plan.start), summary, ...plan.messages.slice(plan.end)];
}
