// The saved conversations of a workspace: newest first, capped in number and in size so the workspace state stays
// small. Pure: the host reads and writes the list through VS Code's workspace state.
import { editCharacters } from './answerEdits';
import type { Conversation } from './conversation';

export const MAX_CONVERSATIONS = 50;
export const MAX_ARCHIVE_CHARACTERS = 4_000_000;

/** Puts `conversation` first (replacing its older copy), then drops the oldest beyond the caps. Empty ones are not kept. */
export function upsertConversation(archive: readonly Conversation[], conversation: Conversation): Conversation[] {
  const rest = archive.filter((kept) => kept.id !== conversation.id);
  const next = conversation.turns.length > 0 ? [conversation, ...rest] : rest;
  next.sort((a, b) => b.updatedAt - a.updatedAt);
  const kept: Conversation[] = [];
  let characters = 0;
  for (const candidate of next) {
    const size = conversationSize(candidate);
    if (kept.length >= MAX_CONVERSATIONS || (kept.length > 0 && characters + size > MAX_ARCHIVE_CHARACTERS)) break;
    kept.push(candidate);
    characters += size;
  }
  return kept;
}

/**
 * The archive with the copies saved ahead of answers in flight (read after a reload or a crash): a copy replaces the
 * archived one only when it is newer, since an answer's final save supersedes what was saved ahead of it.
 */
export function withSavedAhead(archive: readonly Conversation[], savedAhead: readonly Conversation[]): Conversation[] {
  let merged = [...archive];
  for (const conversation of savedAhead) {
    const archived = merged.find((kept) => kept.id === conversation.id);
    if (!archived || archived.updatedAt < conversation.updatedAt) merged = upsertConversation(merged, conversation);
  }
  return merged;
}

export function removeConversation(archive: readonly Conversation[], id: string): Conversation[] {
  return archive.filter((kept) => kept.id !== id);
}

function conversationSize(conversation: Conversation): number {
  let size = conversation.title.length;
  for (const turn of conversation.turns) {
    size += turn.text.length;
    if (turn.role === 'assistant') {
      size += turn.reasoning.length;
      // The texts kept for an answer's revert count too (answerEdits.ts bounds them per answer).
      for (const edit of turn.fileEdits ?? []) size += editCharacters(edit);
    } else for (const chip of turn.context) size += chip.text.length;
  }
  return size;
}
