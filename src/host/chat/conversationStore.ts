// Conversations persist per workspace (VS Code's workspace state), newest first, capped by the core archive rules.
import type * as vscode from 'vscode';
import { removeConversation, upsertConversation, type Conversation } from '../../core';

const KEY = 'askModel.conversations.v1';

export class ConversationStore {
  constructor(private readonly state: vscode.Memento) {}

  list(): Conversation[] {
    const stored = this.state.get<unknown>(KEY);
    return Array.isArray(stored) ? (stored as Conversation[]) : [];
  }

  get(id: string): Conversation | undefined {
    return this.list().find((conversation) => conversation.id === id);
  }

  async save(conversation: Conversation): Promise<void> {
    await this.state.update(KEY, upsertConversation(this.list(), conversation));
  }

  async delete(id: string): Promise<void> {
    await this.state.update(KEY, removeConversation(this.list(), id));
  }
}
