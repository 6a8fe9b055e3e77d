// One discovery per server per session: the picker, Test Connection and the requests share what a server said, until
// the user asks again (the picker's Refresh) or the server's settings change (its key below names the URL and the
// headers, so another address or header set is another entry). The overrides are not cached: they are applied on
// every read, so an edited override shows at once without asking the server again.
import { applyOverride, mergeCatalogue, type ModelOverrides } from './mergeCatalogue';
import { emptyModelInfo, type ModelInfo } from '../protocol/modelInfo';
import type { DiscoveredModels } from './discoverCatalogue';

export interface CatalogueEntry {
  discovered: DiscoveredModels;
  /** When discovery finished (the cache's clock). */
  at: number;
}

export class CatalogueCache {
  private readonly entries = new Map<string, Promise<CatalogueEntry>>();
  private readonly settled = new Map<string, CatalogueEntry>();
  private readonly rediscoveredListeners = new Set<(key: string) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Calls `listener` each time a server was asked again (the picker's Refresh, Test Connection) and answered: what
   * others showed of its models may have changed. Returns the unsubscribe.
   */
  onRediscovered(listener: (key: string) => void): () => void {
    this.rediscoveredListeners.add(listener);
    return () => this.rediscoveredListeners.delete(listener);
  }

  /**
   * The entry for `key`, discovered by `discover` the first time (or again with `refresh`). Callers asking while a
   * discovery runs share it; a failed one is not kept, so the next call tries again (the last good entry stays
   * readable with `peek` meanwhile).
   */
  get(key: string, discover: () => Promise<DiscoveredModels>, options: { refresh?: boolean } = {}): Promise<CatalogueEntry> {
    const cached = this.entries.get(key);
    if (cached !== undefined && options.refresh !== true) return cached;
    const rediscovery = cached !== undefined || this.settled.has(key);
    const pending = discover().then((discovered) => {
      const entry = { discovered, at: this.now() };
      if (this.entries.get(key) === pending) {
        this.settled.set(key, entry);
        if (rediscovery) for (const listener of this.rediscoveredListeners) listener(key);
      }
      return entry;
    });
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  /** The last entry discovery finished for `key`, without asking the server (for a request about to go out). */
  peek(key: string): CatalogueEntry | undefined {
    return this.settled.get(key);
  }

  clear(): void {
    this.entries.clear();
    this.settled.clear();
  }
}

/** The models of a discovery with the user's overrides on top, one entry per listed id (or per id seen, unlisted). */
export function catalogueModels(discovered: DiscoveredModels, overrides: ModelOverrides): ModelInfo[] {
  return mergeCatalogue(discovered.statements, overrides);
}

/** What is known of one model: its merged entry, or (a model nobody listed, typed by the user) only its override. */
export function modelInfoFor(id: string, discovered: DiscoveredModels | undefined, overrides: ModelOverrides): ModelInfo {
  const found = discovered === undefined ? undefined : catalogueModels(discovered, overrides).find((model) => model.id === id);
  return found ?? applyOverride(emptyModelInfo(id), Object.hasOwn(overrides, id) ? overrides[id] : undefined);
}
