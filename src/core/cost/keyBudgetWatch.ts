// When to ask /key/info again: after answers, but never more than once a minute per server (the proxy's spend is
// written a moment after each answer anyway, and a busy chat must not double its requests), and never again in the
// session once the server showed it has no such endpoint. Test Connection asks whatever the time (`force`).
import { NO_SUCH_ENDPOINT, type DiscoveryReply } from '../client/discoveryExchange';
import { parseKeyInfo, type KeyBudget } from './keyBudget';

/** Asks the server's /key/info with the key; rejects when nothing answered. */
export type KeyInfoPort = () => Promise<DiscoveryReply>;

export interface KeyBudgetWatchOptions {
  request: KeyInfoPort;
  now: () => number;
  /** Default one minute. */
  minIntervalMs?: number;
}

export const KEY_INFO_INTERVAL_MS = 60_000;

export type KeyBudgetState =
  /** Not asked yet, or asked and it failed (a later refresh asks again). */
  | { kind: 'unknown' }
  /** The server has no /key/info, or its answer is not LiteLLM's: not asked again. */
  | { kind: 'absent' }
  | { kind: 'known'; budget: KeyBudget; at: number };

export class KeyBudgetWatch {
  private state: KeyBudgetState = { kind: 'unknown' };
  private lastAskedAt: number | undefined;
  private inFlight: Promise<KeyBudgetState> | undefined;

  constructor(private readonly options: KeyBudgetWatchOptions) {}

  get current(): KeyBudgetState {
    return this.state;
  }

  /** Asks again when a minute has passed since the last ask (or `force`); otherwise gives what is known. */
  refresh(force = false): Promise<KeyBudgetState> {
    if (this.inFlight) return this.inFlight;
    if (this.state.kind === 'absent' && !force) return Promise.resolve(this.state);
    const interval = this.options.minIntervalMs ?? KEY_INFO_INTERVAL_MS;
    if (!force && this.lastAskedAt !== undefined && this.options.now() - this.lastAskedAt < interval) return Promise.resolve(this.state);
    this.lastAskedAt = this.options.now();
    this.inFlight = this.ask().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async ask(): Promise<KeyBudgetState> {
    let reply: DiscoveryReply;
    try {
      reply = await this.options.request();
    } catch {
      // The server is unreachable now; what was known stays until the next ask.
      return this.state;
    }
    if (reply.status >= 200 && reply.status <= 299) {
      const budget = parseKeyInfo(reply.json);
      this.state = budget ? { kind: 'known', budget, at: this.options.now() } : { kind: 'absent' };
    } else if (NO_SUCH_ENDPOINT.has(reply.status)) {
      this.state = { kind: 'absent' };
    }
    // 401/403 (a master-key-only route on an old proxy, a key not allowed to read itself), 5xx: unknown, asked later.
    return this.state;
  }
}
