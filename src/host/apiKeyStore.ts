// The API key lives only in VS Code's SecretStorage, one per profile. The Default profile's key is kept where it was
// before profiles, scoped by the resolved chat-completions URL (so `http://host:4000` and `http://host:4000/v1` share
// a key, and a key stored by an earlier version keeps working); another profile's key is kept under the profile's
// name, so two profiles on one proxy (two teams' keys) keep two keys.
import type * as vscode from 'vscode';
import { isDefaultProfile, resolveServiceUrls } from '../core';

const URL_PREFIX = 'askModel.apiKey:';
const PROFILE_PREFIX = 'askModel.apiKey.profile:';

/** Whose key: a profile, by name, and its server. */
export interface KeyOwner {
  profile: string;
  baseUrl: string;
}

export class ApiKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(owner: KeyOwner): Promise<string | undefined> {
    return (await this.secrets.get(this.slot(owner))) || undefined;
  }

  async set(owner: KeyOwner, key: string): Promise<void> {
    await this.secrets.store(this.slot(owner), key.trim());
  }

  async clear(owner: KeyOwner): Promise<void> {
    await this.secrets.delete(this.slot(owner));
  }

  private slot(owner: KeyOwner): string {
    if (isDefaultProfile(owner.profile)) return URL_PREFIX + resolveServiceUrls(owner.baseUrl).chatCompletions;
    return PROFILE_PREFIX + owner.profile.toLowerCase();
  }
}
