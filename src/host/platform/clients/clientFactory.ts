// Makes clients, and nothing else: a ChatClient from the current settings and the key of the active profile's server
// (or a named profile's: VS Code's language models offer every profile's), and beside it, on demand, a completion
// client for the same server. Called per request, so settings and keys changed a moment ago apply at once. What the
// client learns about a server's compatibility lasts the session.
import { ChatClient, CompatibilityMemory, headersOver, modelHeadersOf, retryWaitNote, type CompletionClientOptions, type CompletionSender, type ExtensionSettings, type ModelInfo } from '../../../core';
import type { ApiKeyStore } from './apiKeyStore';
import { logExchange, type Log } from '../log/log';
import { nodeHttpFetch } from './nodeHttpFetch';
import { readSettings } from '../settings/settings';
import type { ServerNotices } from '../notices/serverNotices';

/** Which server a client is for, as the catalogue tells servers apart. */
export interface ServerIdentity {
  settings: ExtensionSettings;
  hasApiKey: boolean;
}

export interface ReadyClient extends ServerIdentity {
  client: ChatClient;
  /**
   * A completion client for the same server (the same key, headers and proxy support, no retries: the next keystroke
   * asks again), made by `make` from its options: the completions bring the class, so other surfaces never load it.
   */
  completions(make: (options: CompletionClientOptions) => CompletionSender): CompletionSender;
}

export interface ClientFactoryOptions {
  keys: ApiKeyStore;
  log: Log;
  /** Where a retry's wait is counted down. */
  notices: ServerNotices;
  /** What is known of a model on a server now (the catalogue with the user's overrides): the reasoning it takes back. */
  modelInfo: (server: ServerIdentity, model: string) => ModelInfo;
  /** Default: nodeHttpFetch, which gets VS Code's proxy and certificate support whole (see there why not the global fetch). */
  fetch?: typeof globalThis.fetch;
}

export class ClientFactory {
  private readonly compatibility = new CompatibilityMemory();

  constructor(private readonly options: ClientFactoryOptions) {}

  /** A client for the profile named `profile` (undefined: the active one); a SettingsError when there is no such profile. */
  async create(profile?: string): Promise<ReadyClient> {
    const settings = readSettings(profile);
    const apiKey = await this.options.keys.get({ profile: settings.profile, baseUrl: settings.baseUrl, shared: settings.profileShared });
    const fetch = this.options.fetch ?? nodeHttpFetch;
    const server: ServerIdentity = { settings, hasApiKey: apiKey !== undefined };
    const client = new ChatClient({
      fetch,
      baseUrl: settings.baseUrl,
      apiKey,
      apiKeyHeader: settings.apiKeyHeader,
      headers: settings.headers,
      // Each model's own headers (modelOverrides), over the profile's for requests to it.
      modelHeaders: modelHeadersOf(settings.modelOverrides),
      firstByteTimeoutMs: settings.firstByteTimeoutMs,
      idleTimeoutMs: settings.idleTimeoutMs,
      maxRetries: settings.maxRetries,
      compatibility: this.compatibility,
      // The catalogue's word (the user's override) on each model, read per request.
      reasoningBack: (model) => this.options.modelInfo(server, model).sendsReasoningBack,
      onExchange: (entry) => {
        logExchange(this.options.log, entry);
        if (entry.retryInMs !== undefined) this.options.notices.countDown(entry.retryInMs, (remainingMs) => retryWaitNote(entry.status, remainingMs));
      },
    });
    // Only failed exchanges reach the log from here; the completion engine writes one line per answered request.
    const completions = (make: (options: CompletionClientOptions) => CompletionSender): CompletionSender =>
      make({
        fetch,
        baseUrl: settings.baseUrl,
        apiKey,
        apiKeyHeader: settings.apiKeyHeader,
        headers: headersOver(settings.headers, settings.modelOverrides[settings.completionModel]?.headers),
        onExchange: (entry) => logExchange(this.options.log, entry),
      });
    return { ...server, client, completions };
  }
}
