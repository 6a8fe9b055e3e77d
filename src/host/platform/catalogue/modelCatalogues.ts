// What each server says about its models, for the session: discovered once per server as configured (core's
// CatalogueCache: another URL, header set or key presence is another discovery), with the user's overrides on top.
// Discovery runs when the model picker, Test Connection or VS Code's model list asks, never at activation; a request
// reads only what is already known (`known`), so it never waits on discovery.
import { CatalogueCache, catalogueModels, modelInfoFor, resolveServiceUrls, type DiscoveredModels, type discoverServerModels, type ModelInfo } from '../../../core';
import type { ReadyClient, ServerIdentity } from '../clients/clientFactory';
import type { Log } from '../log/log';

export interface LoadedCatalogue {
  discovered: DiscoveredModels;
  /** The listed models (merged, overrides applied), in the server's order. */
  models: ModelInfo[];
}

/** Discovery's code, loaded on the first discovery (platform/catalogueDiscovery). */
export type DiscoverModels = () => Promise<typeof discoverServerModels>;

export class ModelCatalogues {
  private readonly cache = new CatalogueCache();

  constructor(
    private readonly log: Log,
    private readonly discover: DiscoverModels,
  ) {}

  /** Told when a server is asked again (the picker's Refresh, Test Connection): it may list other models or limits. */
  onRediscovered(listener: () => void): () => void {
    return this.cache.onRediscovered(() => listener());
  }

  /** Discovers (or reuses) `ready`'s catalogue; `refresh` asks the server again. Throws what /v1/models throws. */
  async load(ready: ReadyClient, options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<LoadedCatalogue> {
    const { client, settings } = ready;
    const entry = await this.cache.get(
      keyOf(ready),
      async () => {
        const discovered = await (await this.discover())(client, { signal: options.signal });
        this.logDiscovery(settings.profile, discovered);
        return discovered;
      },
      { refresh: options.refresh === true },
    );
    return { discovered: entry.discovered, models: catalogueModels(entry.discovered, settings.modelOverrides) };
  }

  /** What is known of `model` on `server` without asking it: the session's discovery (if any) and the overrides. */
  known(server: ServerIdentity, model: string): ModelInfo {
    return modelInfoFor(model, this.discovered(server), server.settings.modelOverrides);
  }

  /** The session's discovery of `server`, if it has been asked. */
  discovered(server: ServerIdentity): DiscoveredModels | undefined {
    return this.cache.peek(keyOf(server))?.discovered;
  }

  private logDiscovery(profile: string, discovered: DiscoveredModels): void {
    const read = discovered.endpoints.filter((outcome) => outcome.outcome === 'read').map((outcome) => `${outcome.endpoint} (${outcome.models ?? 0})`);
    const failed = discovered.endpoints.filter((outcome) => outcome.outcome === 'failed').map((outcome) => `${outcome.endpoint}: ${outcome.reason ?? ''}`);
    this.log.info(`catalogue (profile ${profile}): read ${read.join(', ') || 'nothing'}${failed.length > 0 ? `; failed ${failed.join('; ')}` : ''}`);
  }
}

/** One cache entry per server as configured: another URL, header set or key presence is another discovery. */
function keyOf({ settings, hasApiKey }: ServerIdentity): string {
  return JSON.stringify([settings.profile, resolveServiceUrls(settings.baseUrl).chatCompletions, settings.headers, hasApiKey]);
}
