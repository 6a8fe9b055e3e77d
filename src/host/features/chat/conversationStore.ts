// Conversations persist per workspace (VS Code's workspace state), newest first, capped by the core archive rules.
// The store is parsed once, on first use: what cannot be read is moved, exactly as it was, under KEPT_ASIDE_KEY
// (appended, never overwritten) before anything is saved over it, and the user is told once.
//
// An answer in flight is saved ahead under a key of its own, holding that one conversation: a save every couple of
// seconds then writes one conversation, not the whole history. The answer's final save writes the history and clears
// that key; a load that finds the key set (the window reloaded or the extension host died meanwhile) merges it in,
// its answer read as interrupted, and writes the history before clearing it. Each key's write is whole. A history an
// earlier version kept under its former key is read from there and moved on the first load.
import type * as vscode from 'vscode';
import { readStoredConversations, removeConversation, storedForm, upsertConversation, withSavedAhead, type Conversation, type LoadedConversations, fitImageBudget, formatBytes, STORED_IMAGE_BUDGET_BYTES } from '../../../core';

/** The history; the stored value names its own format (CONVERSATIONS_FORMAT), so the key carries no version. */
export const CONVERSATIONS_KEY = 'askModel.conversations';
/**
 * Where earlier versions kept the history. Read when CONVERSATIONS_KEY is unset, written there on that first load,
 * and cleared only after that write: a user's history is never left under a key nothing reads.
 */
export const FORMER_CONVERSATIONS_KEY = 'askModel.conversations.v1';
/** The conversation whose answer is in flight (`storedForm` of one), until its final save. */
const IN_FLIGHT_KEY = 'askModel.conversations.inFlight';
/** Unreadable history, each entry `{ at, problem, items }`: for a person (or a later version) to recover. */
export const KEPT_ASIDE_KEY = 'askModel.conversations.keptAside';

export class ConversationStore {
  private conversations: Conversation[] | undefined;
  /** Writes the load started (keeping aside, merging a copy saved ahead); every later write waits for them. */
  private loading: Promise<void> | undefined;

  constructor(
    private readonly state: vscode.Memento,
    /** Told, once per load, what was kept aside and why. */
    private readonly report: (problem: string) => void,
  ) {}

  list(): Conversation[] {
    return this.load();
  }

  get(id: string): Conversation | undefined {
    return this.load().find((conversation) => conversation.id === id);
  }

  async save(conversation: Conversation): Promise<void> {
    await this.write(upsertConversation(this.load(), conversation));
    await this.state.update(IN_FLIGHT_KEY, undefined);
  }

  async saveAhead(conversation: Conversation): Promise<void> {
    this.conversations = upsertConversation(this.load(), conversation);
    await this.loading;
    await this.state.update(IN_FLIGHT_KEY, storedForm([conversation]));
  }

  async delete(id: string): Promise<void> {
    await this.write(removeConversation(this.load(), id));
  }

  private load(): Conversation[] {
    if (this.conversations) return this.conversations;
    const fromFormerKey = this.state.get<unknown>(CONVERSATIONS_KEY) === undefined && this.state.get<unknown>(FORMER_CONVERSATIONS_KEY) !== undefined;
    const archived = readStoredConversations(this.state.get<unknown>(fromFormerKey ? FORMER_CONVERSATIONS_KEY : CONVERSATIONS_KEY));
    const savedAhead = readStoredConversations(this.state.get<unknown>(IN_FLIGHT_KEY));
    this.conversations = withSavedAhead(archived.conversations, savedAhead.conversations);
    const merged = this.conversations;
    const steps: (() => Thenable<void>)[] = [];
    for (const [loaded, key] of [
      [archived, CONVERSATIONS_KEY],
      [savedAhead, IN_FLIGHT_KEY],
    ] as [LoadedConversations, string][]) {
      if (loaded.keptAside.length === 0) continue;
      steps.push(() => this.keepAside(loaded));
      this.report(`${loaded.problem ?? 'Part of the chat history could not be read.'} (Kept in the workspace state under "${KEPT_ASIDE_KEY}"${key === IN_FLIGHT_KEY ? ', from the answer that was in progress' : ''}.)`);
    }
    if (steps.length > 0 || savedAhead.conversations.length > 0 || fromFormerKey) {
      steps.push(
        () => this.state.update(CONVERSATIONS_KEY, storedForm(merged)),
        () => this.state.update(IN_FLIGHT_KEY, undefined),
      );
      if (fromFormerKey) steps.push(() => this.state.update(FORMER_CONVERSATIONS_KEY, undefined));
      this.loading = steps.reduce<Promise<void>>((previous, step) => previous.then(() => step()), Promise.resolve());
    }
    return this.conversations;
  }

  private keepAside(loaded: LoadedConversations): Thenable<void> {
    const keptAside = this.state.get<unknown[]>(KEPT_ASIDE_KEY);
    const entries = Array.isArray(keptAside) ? keptAside : [];
    return this.state.update(KEPT_ASIDE_KEY, [...entries, { at: Date.now(), problem: loaded.problem, items: loaded.keptAside }]);
  }

  private async write(conversations: Conversation[]): Promise<void> {
    await this.loading; // The unreadable part is kept aside before anything is written over it.
    this.conversations = conversations;
    // The images kept with the history stay within their budget: the oldest go first, each message saying so.
    const dropped = fitImageBudget(conversations);
    if (dropped > 0) this.report(`${dropped} of the oldest images in the chat history are no longer kept (the history keeps ${formatBytes(STORED_IMAGE_BUDGET_BYTES)} of images); their messages say so.`);
    await this.state.update(CONVERSATIONS_KEY, storedForm(conversations));
  }
}
