// The conversation side of Restore to here: the turns from a user message on are taken away (with their transcripts
// and any summary that covers them), and kept whole for the one step of redo.
import type { ChatMessage } from '../../protocol/messages';
import type { ContextChip, Turn, UserTurn } from '../chatTurns';
import type { Conversation, ConversationSummaryText } from '../conversation';

/** What Redo restore puts back into the conversation. */
export interface RedoRestore {
  conversation: Conversation;
  turns: Turn[];
  transcripts: Conversation['transcripts'];
  summaries: Conversation['summaries'];
  /** The chips above the box before the restore put the message's own there. */
  pendingContext: ContextChip[];
}

export interface RestoredConversation {
  user: UserTurn;
  /** The user messages taken away (the one restored to first): their checkpoints are the ones restored. */
  removedUserTurnIds: string[];
  kept: { turns: Turn[]; transcripts?: Record<string, ChatMessage[]>; summaries?: ConversationSummaryText[] };
  redo: Omit<RedoRestore, 'conversation' | 'pendingContext'>;
}

/** The conversation as it was just before the user message `turnId`; undefined when it has no such message. */
export function restoredConversation(conversation: Conversation, turnId: string): RestoredConversation | undefined {
  const index = conversation.turns.findIndex((turn) => turn.id === turnId);
  const user = conversation.turns[index];
  if (!user || user.role !== 'user') return undefined;
  const turns = conversation.turns.slice(0, index);
  const keptIds = new Set(turns.map((turn) => turn.id));
  const transcripts = Object.fromEntries(Object.entries(conversation.transcripts ?? {}).filter(([id]) => keptIds.has(id)));
  const summaries = (conversation.summaries ?? []).filter((summary) => keptIds.has(summary.throughTurnId));
  const removed = conversation.turns.slice(index);
  return {
    user,
    removedUserTurnIds: removed.flatMap((turn) => (turn.role === 'user' ? [turn.id] : [])),
    kept: { turns, ...(Object.keys(transcripts).length > 0 ? { transcripts } : { transcripts: undefined }), ...(summaries.length > 0 ? { summaries } : { summaries: undefined }) },
    redo: { turns: removed, transcripts: conversation.transcripts, summaries: conversation.summaries },
  };
}
