// A conversation taken out of the workspace and brought back: JSON export is the stored format itself (`format`, then
// the conversations), so a file exported here imports anywhere this version or a later one runs. Import checks the
// file with the store's own schema and says what is wrong and where, in words a person can act on; an imported
// conversation never replaces one already in the history (a clashing id gets a new one).
import type * as z from 'zod/mini';
import type { Conversation } from './conversation';
import { asStoredConversation, CONVERSATIONS_FORMAT, conversationSchema, migratedConversation, storedForm } from './storedConversations';

export function conversationJson(conversation: Conversation): string {
  return `${JSON.stringify(storedForm([conversation]), null, 2)}\n`;
}

export type ImportedConversations = { ok: true; conversations: Conversation[] } | { ok: false; problem: string };

export interface ImportOptions {
  /** Ids already in the history: an imported conversation with one of them gets `newId()` instead. */
  existingIds: ReadonlySet<string>;
  newId: () => string;
  /** Becomes each imported conversation's last-changed time, so it opens at the top of the history. */
  now: number;
}

const MOST_ISSUES_NAMED = 3;

/** The conversations in an exported JSON file's text, checked; or a sentence saying what is wrong. */
export function readConversationExport(text: string, options: ImportOptions): ImportedConversations {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `The file is not JSON (${error instanceof Error ? error.message : String(error)}). Export a conversation as JSON to import it; a Markdown export is for reading only.` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || typeof (data as Record<string, unknown>)['format'] !== 'number') {
    return { ok: false, problem: 'The file is JSON but not an Ask Model conversation export: it has no "format" number at the top.' };
  }
  const { format, conversations } = data as { format: number; conversations?: unknown };
  if (!Number.isInteger(format) || format < 1) return { ok: false, problem: `The file's "format" is ${format}, which no version of Ask Model wrote.` };
  if (format > CONVERSATIONS_FORMAT) {
    return { ok: false, problem: `The file was exported by a newer version of Ask Model (format ${format}; this version reads up to ${CONVERSATIONS_FORMAT}). Update the extension to import it.` };
  }
  if (!Array.isArray(conversations) || conversations.length === 0) return { ok: false, problem: 'The file has no conversations: "conversations" should be a list with at least one.' };
  const read: Conversation[] = [];
  const ids = new Set(options.existingIds);
  for (const [index, item] of conversations.entries()) {
    const parsed = conversationSchema.safeParse(migratedConversation(item, format));
    if (!parsed.success) return { ok: false, problem: `Conversation ${index + 1} of the file could not be read: ${describeIssues(parsed.error.issues, `conversations[${index}]`)}` };
    const conversation = asStoredConversation(parsed.data as Conversation);
    const id = ids.has(conversation.id) ? freshId(ids, options.newId) : conversation.id;
    ids.add(id);
    read.push({ ...conversation, id, updatedAt: options.now });
  }
  return { ok: true, conversations: read };
}

function freshId(taken: ReadonlySet<string>, newId: () => string): string {
  let id = newId();
  while (taken.has(id)) id = newId();
  return id;
}

/** "conversations[0].turns[2].status: Invalid option: expected one of …", for the first few issues. */
function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: string): string {
  const named = issues.slice(0, MOST_ISSUES_NAMED).map((issue) => `${prefix}${issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')}: ${issue.message}`);
  const more = issues.length > MOST_ISSUES_NAMED ? ` (and ${issues.length - MOST_ISSUES_NAMED} more)` : '';
  return `${named.join('; ')}${more}.`;
}
