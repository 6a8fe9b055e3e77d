// The API key lives only in VS Code's SecretStorage, one per server: the key is scoped by the resolved
// chat-completions URL, so `http://host:4000` and `http://host:4000/v1` share a key and two servers keep two.
import type * as vscode from 'vscode';
import { resolveServiceUrls } from '../core';

const PREFIX = 'askModel.apiKey:';

export class ApiKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(baseUrl: string): Promise<string | undefined> {
    return (await this.secrets.get(this.slot(baseUrl))) || undefined;
  }

  async set(baseUrl: string, key: string): Promise<void> {
    await this.secrets.store(this.slot(baseUrl), key.trim());
  }

  async clear(baseUrl: string): Promise<void> {
    await this.secrets.delete(this.slot(baseUrl));
  }

  private slot(baseUrl: string): string {
    return PREFIX + resolveServiceUrls(baseUrl).chatCompletions;
  }
}
