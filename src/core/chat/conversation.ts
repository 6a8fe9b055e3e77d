// A chat conversation as the host keeps it, and how it becomes the messages a request sends. Pure: the controller
// in src/host drives it; the unit tests check it without VS Code.
import { fenceFor } from '../text/fenceFor';
import { SUMMARY_MESSAGE_PREFIX } from '../context/summaryRequest';
import type { ChatMessage } from '../protocol/messages';
import type { AssistantTurn, ContextChip, Turn, UserTurn } from './chatTurns';
import type { ConversationSummary } from './webviewProtocol';
import { contentWithImages } from './chatImages';

export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  turns: Turn[];
  /**
   * For answers that used tools: the exact messages the tool loop added (assistant messages with `tool_calls`, and
   * one `tool` message per call), keyed by the assistant turn's id, so a follow-up question carries the same history.
   * An answer in flight (saved ahead), or interrupted, has those of its finished rounds: Retry goes on from them.
   */
  transcripts?: Record<string, ChatMessage[]>;
  /**
   * What the model sees in place of the earliest turns, oldest first: each summary stands for the turns up to and
   * including `throughTurnId` (after the previous summary's). The user still sees every turn.
   */
  summaries?: ConversationSummaryText[];
  /** The mode the next message is sent in (the header's switch); absent: Act. */
  mode?: 'plan';
}

export interface ConversationSummaryText {
  throughTurnId: string;
  text: string;
}

const TITLE_LENGTH = 60;

export function newConversation(id: string, now: number): Conversation {
  return { id, title: 'New chat', createdAt: now, updatedAt: now, turns: [] };
}

/** The first line of the first message, cut short: what the history list shows. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  if (line === '') return 'New chat';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

export function summariseConversation(conversation: Conversation): ConversationSummary {
  return { id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt, turns: conversation.turns.length };
}

/** A user message's content: the text, then each attached piece of context fenced with its language and place. */
export function userMessageContent(turn: UserTurn): string {
  if (turn.context.length === 0) return turn.text;
  const blocks = turn.context.map((chip) => {
    const fence = fenceFor(chip.text);
    const cut = chip.truncatedCharacters > 0 ? ` (cut short: ${chip.truncatedCharacters} characters left out)` : '';
    return `${chipHeading(chip)}${cut}:\n${fence}${chip.languageId}\n${chip.text}\n${fence}`;
  });
  return `${turn.text}\n\n${blocks.join('\n\n')}`;
}

/** The line above a chip's text in the message, saying what the text is and where it came from. */
function chipHeading(chip: ContextChip): string {
  switch (chip.kind) {
    case 'file':
      return `${chip.path} (whole file)`;
    case 'selection':
      return `${chip.path}, lines ${chip.startLine}–${chip.endLine}`;
    case 'symbol':
      return `${chip.label}, ${chip.path} lines ${chip.startLine}–${chip.endLine}`;
    case 'folder':
      return `The files in the folder ${chip.path}`;
    case 'problems':
      return chip.path === '' ? 'The errors and warnings VS Code reports in the workspace' : `The errors and warnings VS Code reports in ${chip.path}, lines ${chip.startLine}–${chip.endLine}`;
    case 'changes':
      return 'The uncommitted changes in the working tree (git diff)';
    case 'terminal':
      return `The last command in the terminal "${chip.path}" and its output`;
  }
}

/**
 * The request's messages for `turns`: the system prompt, then each user turn and each assistant answer that has
 * text. A failed answer's partial text is left out (the model would take it as its own complete answer); a stopped
 * one is kept, since the user saw it and may refer to it.
 */
export function toChatMessages(systemPrompt: string, turns: readonly Turn[], transcripts: Readonly<Record<string, ChatMessage[]>> = {}, summaries: readonly ConversationSummaryText[] = []): ChatMessage[] {
  return chatMessagesByTurn(systemPrompt, turns, transcripts, summaries).messages;
}

/** The request's messages, and for each the id of the turn it came from (none for the system prompt and summaries). */
export function chatMessagesByTurn(
  systemPrompt: string,
  turns: readonly Turn[],
  transcripts: Readonly<Record<string, ChatMessage[]>> = {},
  summaries: readonly ConversationSummaryText[] = [],
): { messages: ChatMessage[]; turnIds: (string | undefined)[] } {
  const messages: ChatMessage[] = [];
  const turnIds: (string | undefined)[] = [];
  const add = (turnId: string | undefined, ...added: ChatMessage[]): void => {
    messages.push(...added);
    turnIds.push(...added.map(() => turnId));
  };
  if (systemPrompt.trim() !== '') add(undefined, { role: 'system', content: systemPrompt.trim() });
  // Each summary was made over the one before it (a summary is history to the planner), so the latest says it all.
  const latest = summaries.at(-1);
  if (latest) add(undefined, { role: 'system', content: `${SUMMARY_MESSAGE_PREFIX}${latest.text.trim()}` });
  const through = latest?.throughTurnId;
  const firstShown = through === undefined ? 0 : turns.findIndex((turn) => turn.id === through) + 1;
  for (const turn of turns.slice(firstShown)) {
    if (turn.role === 'user') add(turn.id, { role: 'user', content: contentWithImages(userMessageContent(turn), turn.images ?? []) });
    else if (transcripts[turn.id]?.length) add(turn.id, ...(transcripts[turn.id] ?? []));
    else if (turn.text !== '' && turn.status !== 'error' && turn.status !== 'streaming') {
      add(turn.id, turn.reasoning === '' ? { role: 'assistant', content: turn.text } : { role: 'assistant', content: turn.text, reasoning_content: turn.reasoning });
    }
  }
  return { messages, turnIds };
}

/** An answer Retry goes on with: as it stood at the end of its last finished round, and those rounds' messages. */
export interface ContinuedAnswer {
  turn: AssistantTurn;
  rounds: ChatMessage[];
}

/**
 * The last user turn whose answer failed, was stopped or was interrupted, for Retry: what to send again. An
 * interrupted answer whose finished rounds of tool calls were saved ahead (its transcript) is `continued` from the
 * last of them, so the model is told what they did (an edit already applied is not asked for again); so is an answer
 * that failed while it went on from such rounds (only those keep a transcript when they fail). Any other answer is
 * asked again from the user's message, and its partial text and cards are dropped.
 */
export function turnsForRetry(turns: readonly Turn[], transcripts: Readonly<Record<string, ChatMessage[]>> = {}): { keep: Turn[]; user: UserTurn; continued?: ContinuedAnswer } | undefined {
  const last = turns.at(-1);
  const lastUserIndex = last?.role === 'assistant' ? turns.length - 2 : turns.length - 1;
  const user = turns[lastUserIndex];
  if (!user || user.role !== 'user') return undefined;
  if (last?.role === 'assistant' && last.status === 'done') return undefined;
  const keep = turns.slice(0, lastUserIndex);
  const continued = last?.role === 'assistant' ? continuedFrom(last, transcripts[last.id]) : undefined;
  return continued ? { keep, user, continued } : { keep, user };
}

/** The answer to go on with from its finished rounds; undefined when it is asked again from the user's message. */
function continuedFrom(answer: AssistantTurn, transcript: readonly ChatMessage[] | undefined): ContinuedAnswer | undefined {
  if (answer.status !== 'interrupted' && answer.status !== 'error') return undefined;
  // A finished round ends with its calls' results; a transcript that ends otherwise is a whole answer's.
  if (!transcript || transcript.at(-1)?.role !== 'tool') return undefined;
  return { turn: answerAtRoundsEnd(answer, transcript), rounds: [...transcript] };
}

/**
 * The answer as it stood when its last finished round ended, streaming again: those rounds' text, reasoning and
 * cards; the round that was cut short (its partial text, its cards) is left for the new answer to replace. What the
 * answer did and cost stays whole: the files it changed (for Revert) and each model answer's facts. Its rules chips
 * are the new request's.
 */
function answerAtRoundsEnd(turn: AssistantTurn, rounds: readonly ChatMessage[]): AssistantTurn {
  const answers = rounds.flatMap((message) => (message.role === 'assistant' ? [message] : []));
  const called = new Set(answers.flatMap((message) => (message.tool_calls ?? []).map((call) => call.id)));
  // The same paragraphs as the answer showed them: each round's text (and reasoning) a paragraph of its own.
  const paragraphs = (texts: (string | null | undefined)[]): string => texts.filter((text): text is string => typeof text === 'string' && text !== '').join('\n\n');
  const { error: _error, notice: _notice, rules: _rules, ...kept } = turn;
  return {
    ...kept,
    status: 'streaming',
    text: paragraphs(answers.map((message) => message.content)),
    reasoning: paragraphs(answers.map((message) => message.reasoning_content)),
    toolCalls: (turn.toolCalls ?? []).filter((card) => called.has(card.id)),
  };
}

export function emptyAssistantTurn(id: string): AssistantTurn {
  return { id, role: 'assistant', text: '', reasoning: '', status: 'streaming', answers: [] };
}

export function chipLabel(chip: Pick<ContextChip, 'kind' | 'path' | 'startLine' | 'endLine'>): string {
  const name = chip.path.split('/').pop() ?? chip.path;
  switch (chip.kind) {
    case 'file':
      return name;
    case 'folder':
      return `${chip.path}/`;
    case 'problems':
    case 'changes':
    case 'terminal':
      return chip.kind;
    default:
      return `${name}:${chip.startLine}-${chip.endLine}`;
  }
}
