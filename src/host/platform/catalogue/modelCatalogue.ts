// The active profile's model catalogue: what its server says about its models (discovered once per session, see the
// core's CatalogueCache) with the user's overrides on top. Discovery runs when the model picker or Test Connection
// asks, never at activation; a request reads only what is already known (peek), so it never waits on discovery.
import { catalogueModels, discoverServerModels, modelInfoFor, type DiscoveredModels, type ModelInfo } from '../../../core';
import { catalogueKey } from './catalogueKey';
import type { ClientFactory, ReadyClient } from '../clients/clientFactory';
import type { Log } from '../log/log';

export interface LoadedCatalogue {
  ready: ReadyClient;
  discovered: DiscoveredModels;
  /** The listed models (merged, overrides applied), in the server's order. */
  models: ModelInfo[];
}

/** Discovers (or reuses) the active profile's catalogue; `refresh` asks the server again. Throws what /v1/models throws. */
export async function loadCatalogue(factory: ClientFactory, log: Log, options: { refresh?: boolean; signal?: AbortSignal; ready?: ReadyClient } = {}): Promise<LoadedCatalogue> {
  const ready = options.ready ?? (await factory.create());
  const { client, settings } = ready;
  const entry = await factory.catalogues.get(
    catalogueKey(settings, ready.hasApiKey),
    async () => {
      const discovered = await discoverServerModels(client, { signal: options.signal });
      logDiscovery(log, settings.profile, discovered);
      return discovered;
    },
    { refresh: options.refresh === true },
  );
  return { ready, discovered: entry.discovered, models: catalogueModels(entry.discovered, settings.modelOverrides) };
}

/** What is known of `model` on the active server without asking it: the session's discovery (if any) and the overrides. */
export function knownModelInfo(factory: ClientFactory, ready: ReadyClient, model: string): ModelInfo {
  const entry = factory.catalogues.peek(catalogueKey(ready.settings, ready.hasApiKey));
  return modelInfoFor(model, entry?.discovered, ready.settings.modelOverrides);
}

function logDiscovery(log: Log, profile: string, discovered: DiscoveredModels): void {
  const read = discovered.endpoints.filter((outcome) => outcome.outcome === 'read').map((outcome) => `${outcome.endpoint} (${outcome.models ?? 0})`);
  const failed = discovered.endpoints.filter((outcome) => outcome.outcome === 'failed').map((outcome) => `${outcome.endpoint}: ${outcome.reason ?? ''}`);
  log.info(`catalogue (profile ${profile}): read ${read.join(', ') || 'nothing'}${failed.length > 0 ? `; failed ${failed.join('; ')}` : ''}`);
}
