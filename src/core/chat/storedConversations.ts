// The chat history as it is stored: `{ format, conversations }`, parsed on load, never cast. What cannot be read is
// never dropped in silence: a damaged conversation, a damaged store, or a store written by a newer version of the
// extension is handed back as `keptAside` with a sentence for the user, and the host keeps it apart before the next
// save. Older formats are migrated on load: before the format number the store was a bare array of conversations
// (read as format 1); format 1 kept the line under an answer as text, format 2 keeps the answer's facts (model,
// tokens, times) and keeps an old line as `legacyFooter`; format 3 adds the `interrupted` answer (older versions would
// refuse it). An answer stored while it was streaming was saved ahead and never finished: nothing can be in flight
// when the store is read, so it is read as interrupted; its transcript, when it has one, holds its finished rounds of
// tool calls (saved ahead at each round's end, in the same format), which its Retry goes on from.
import * as z from 'zod/mini';
import '../protocol/zodMessages';
import { chatMessageSchema } from '../protocol/requestSchema';
import type { Conversation } from './conversation';
import { turnSchema } from './chatTurns';

/** The format this version writes. Bump it with a migration from the previous one in `readStoredConversations`. */
export const CONVERSATIONS_FORMAT = 3;

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  turns: z.array(turnSchema),
  transcripts: z.optional(z.record(z.string(), z.array(chatMessageSchema))),
  summaries: z.optional(z.array(z.object({ throughTurnId: z.string(), text: z.string() }))),
  mode: z.optional(z.literal('plan')),
});

export interface StoredConversations {
  format: number;
  conversations: Conversation[];
}

export interface LoadedConversations {
  conversations: Conversation[];
  /** What could not be read, exactly as it was stored; the caller keeps it somewhere safe. */
  keptAside: unknown[];
  /** For the user, when something was kept aside: what, and why. */
  problem: string | undefined;
}

export function storedForm(conversations: Conversation[]): StoredConversations {
  return { format: CONVERSATIONS_FORMAT, conversations };
}

export function readStoredConversations(stored: unknown): LoadedConversations {
  if (stored === undefined || stored === null) return { conversations: [], keptAside: [], problem: undefined };
  let list: unknown;
  let format = 1;
  if (Array.isArray(stored)) list = stored;
  else if (isRecord(stored) && typeof stored['format'] === 'number') {
    format = stored['format'];
    if (stored['format'] > CONVERSATIONS_FORMAT) {
      return {
        conversations: [],
        keptAside: [stored],
        problem: `The chat history was saved by a newer version of Ask Model (format ${stored['format']}); it is kept as it is, and this version starts a new history.`,
      };
    }
    list = stored['conversations'];
  }
  if (!Array.isArray(list)) {
    return { conversations: [], keptAside: [stored], problem: 'The chat history could not be read (it is not a list of conversations); it is kept aside, and a new history starts.' };
  }
  const conversations: Conversation[] = [];
  const keptAside: unknown[] = [];
  for (const item of list) {
    const parsed = conversationSchema.safeParse(format === 1 ? fromFormat1(item) : item);
    if (parsed.success) conversations.push(withInterruptedAnswers(parsed.data as Conversation));
    else keptAside.push(item);
  }
  const problem = keptAside.length === 0 ? undefined : `${keptAside.length} saved conversation(s) could not be read and were kept aside; the other ${conversations.length} are in the history.`;
  return { conversations, keptAside, problem };
}

function withInterruptedAnswers(conversation: Conversation): Conversation {
  if (!conversation.turns.some((turn) => turn.role === 'assistant' && turn.status === 'streaming')) return conversation;
  const turns = conversation.turns.map((turn) => (turn.role === 'assistant' && turn.status === 'streaming' ? { ...turn, status: 'interrupted' as const } : turn));
  return { ...conversation, turns };
}

/** One stored conversation of `format` as this version reads it (older formats migrated), checked by the caller. */
export function migratedConversation(conversation: unknown, format: number): unknown {
  return format === 1 ? fromFormat1(conversation) : conversation;
}

/** An answer saved while it streamed reads as interrupted (nothing can be in flight in what was stored). */
export function asStoredConversation(conversation: Conversation): Conversation {
  return withInterruptedAnswers(conversation);
}

/** A format-1 conversation in format 2: each answer's footer line becomes its `legacyFooter`, with no facts. */
function fromFormat1(conversation: unknown): unknown {
  if (!isRecord(conversation) || !Array.isArray(conversation['turns'])) return conversation;
  const turns = conversation['turns'].map((turn: unknown) => {
    if (!isRecord(turn) || turn['role'] !== 'assistant') return turn;
    const { footer, ...rest } = turn;
    return { ...rest, answers: [], ...(typeof footer === 'string' ? { legacyFooter: footer } : {}) };
  });
  return { ...conversation, turns };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
