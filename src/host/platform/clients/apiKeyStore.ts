// The API key lives only in VS Code's SecretStorage, one per profile. The Default profile's key is kept where it was
// before profiles, scoped by the resolved chat-completions URL (so `http://host:4000` and `http://host:4000/v1` share
// a key, and a key stored by an earlier version keeps working); another profile's key is kept under the profile's
// name, so two profiles on one proxy (two teams' keys) keep two keys. A profile shared by a workspace's settings keeps
// its key under its name and its server's URL apart from the user's own profiles: a repository that names a profile
// like one of the user's, or points a known name at another server, finds no key to send there.
import type * as vscode from 'vscode';
import { isDefaultProfile, resolveServiceUrls } from '../../../core';

const URL_PREFIX = 'askModel.apiKey:';
const PROFILE_PREFIX = 'askModel.apiKey.profile:';
const SHARED_PREFIX = 'askModel.apiKey.shared:';

/** Whose key: a profile, by name, and its server. */
export interface KeyOwner {
  profile: string;
  baseUrl: string;
  /** The profile comes from a workspace's settings. */
  shared?: boolean;
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
    if (owner.shared) return `${SHARED_PREFIX}${owner.profile.toLowerCase()}@${resolveServiceUrls(owner.baseUrl).chatCompletions}`;
    return PROFILE_PREFIX + owner.profile.toLowerCase();
  }
}
