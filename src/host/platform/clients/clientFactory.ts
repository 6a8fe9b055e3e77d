// Builds a ChatClient from the current settings and the key for the active profile's server (or a named profile's:
// VS Code's language models offer every profile's). Called per request, so
// settings and keys changed a moment ago apply at once. Compatibility learnt about a server lasts the session.
import { CatalogueCache, ChatClient, headersOver, modelHeadersOf, CompatibilityMemory, CompletionClient, modelInfoFor, newTokenCountState, offersTokenCount, retryWaitNote, ServerTokenCounter, tokenCountUrls, type ExtensionSettings, type TokenCountState, type TokenPrices } from '../../../core';
import type { ApiKeyStore } from './apiKeyStore';
import type { ContextMemories } from '../context/contextMemories';
import { logExchange, type Log } from '../log/log';
import { KeyBudgets } from '../spend/keyBudgets';
import { catalogueKey } from '../catalogue/catalogueKey';
import { nodeHttpFetch } from './nodeHttpFetch';
import { readSettings } from '../settings/settings';
import type { ServerNotices } from '../notices/serverNotices';
import type { SpendLedger } from '../spend/spendLedger';

export interface ClientFactoryOptions {
  keys: ApiKeyStore;
  log: Log;
  /** The day's spend, added to by every answer made with this factory's clients. */
  spend: SpendLedger;
  /** Where a retry's wait and a nearly used-up rate limit are shown. */
  notices: ServerNotices;
  /** What requests learnt of each model's window and token counts. */
  contextMemories: ContextMemories;
  /** Default: nodeHttpFetch, which gets VS Code's proxy and certificate support whole (see there why not the global fetch). */
  fetch?: typeof globalThis.fetch;
}

export interface ReadyClient {
  client: ChatClient;
  settings: ExtensionSettings;
  hasApiKey: boolean;
}

/** A completion client for the active profile, with what its catalogue says of the completion model's prices. */
export interface ReadyCompletionClient {
  client: CompletionClient;
  settings: ExtensionSettings;
  prices: TokenPrices | undefined;
}

export class ClientFactory {
  private readonly compatibility = new CompatibilityMemory();
  /** What each server said about its models, for the session (see modelCatalogue.ts). */
  readonly catalogues = new CatalogueCache();
  /** Which token count each server and model offers, and the texts it counted, for the session. */
  private readonly tokenCounts = new Map<string, TokenCountState>();
  /** Each LiteLLM key's spend and budget, asked at most once a minute per server. */
  readonly keyBudgets: KeyBudgets;

  constructor(private readonly options: ClientFactoryOptions) {
    this.keyBudgets = new KeyBudgets({ notices: options.notices, log: options.log });
  }

  get spend(): SpendLedger {
    return this.options.spend;
  }

  get notices(): ServerNotices {
    return this.options.notices;
  }

  get contextMemories(): ContextMemories {
    return this.options.contextMemories;
  }

  /**
   * The server's own token count for `model` through `ready`'s client (its key, headers and proxy); `log` hears once
   * what was found. None until this session's catalogue shows a server that counts (offersTokenCount).
   */
  tokenCounterFor(ready: ReadyClient, model: string, log: (line: string) => void): ServerTokenCounter | undefined {
    if (!offersTokenCount(this.catalogues.peek(catalogueKey(ready.settings, ready.hasApiKey))?.discovered)) return undefined;
    const key = `${ready.settings.profile}\n${ready.client.urls.chatCompletions}\n${model}`;
    let state = this.tokenCounts.get(key);
    if (!state) this.tokenCounts.set(key, (state = newTokenCountState()));
    const client = ready.client;
    return new ServerTokenCounter({
      state,
      model,
      urls: tokenCountUrls(client.urls.chatCompletions),
      port: ({ url, body, signal }) => client.discoveryRequest({ method: 'POST', url, body, signal, required: false }),
      log,
    });
  }

  /** A client for the active profile. */
  create(): Promise<ReadyClient> {
    return this.createFor(undefined);
  }

  /** A client for the profile named `profile` (undefined: the active one); a SettingsError when there is no such profile. */
  async createFor(profile: string | undefined): Promise<ReadyClient> {
    const settings = readSettings(profile);
    const apiKey = await this.options.keys.get({ profile: settings.profile, baseUrl: settings.baseUrl, shared: settings.profileShared });
    const client = new ChatClient({
      fetch: this.options.fetch ?? nodeHttpFetch,
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
      reasoningBack: (model) => modelInfoFor(model, this.catalogues.peek(catalogueKey(settings, apiKey !== undefined))?.discovered, settings.modelOverrides).sendsReasoningBack,
      onExchange: (entry) => {
        logExchange(this.options.log, entry);
        if (entry.retryInMs !== undefined) this.options.notices.countDown(entry.retryInMs, (remainingMs) => retryWaitNote(entry.status, remainingMs));
      },
    });
    return { client, settings, hasApiKey: apiKey !== undefined };
  }

  /**
   * A completion client for the active profile: the same key, headers and proxy support as its chat client, no
   * retries (the next keystroke asks again). Only failed exchanges reach the log here; the completion engine writes
   * one line per answered request.
   */
  async createCompletionClient(): Promise<ReadyCompletionClient> {
    const settings = readSettings();
    const apiKey = await this.options.keys.get({ profile: settings.profile, baseUrl: settings.baseUrl, shared: settings.profileShared });
    const client = new CompletionClient({
      fetch: this.options.fetch ?? nodeHttpFetch,
      baseUrl: settings.baseUrl,
      apiKey,
      apiKeyHeader: settings.apiKeyHeader,
      headers: headersOver(settings.headers, settings.modelOverrides[settings.completionModel]?.headers),
      onExchange: (entry) => logExchange(this.options.log, entry),
    });
    const info = modelInfoFor(settings.completionModel, this.catalogues.peek(catalogueKey(settings, apiKey !== undefined))?.discovered, settings.modelOverrides);
    const prices = info.inputPricePerToken !== undefined && info.outputPricePerToken !== undefined ? { inputPerToken: info.inputPricePerToken, outputPerToken: info.outputPricePerToken } : undefined;
    return { client, settings, prices };
  }
}
