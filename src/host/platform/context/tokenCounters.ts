// The server's own token count, where a server offers one (core's ServerTokenCounter: llama.cpp's and vLLM's
// /tokenize, LiteLLM's token counter): which endpoint each server and model answers, and the texts it counted, kept for
// the session. None until the session's catalogue shows a server that counts (offersTokenCount); the counter's code
// loads then (platform/tokenCounting).
import { newTokenCountState, offersTokenCount, tokenCountUrls, type ServerTokenCounter, type TokenCountState } from '../../../core';
import type { ModelCatalogues } from '../catalogue/modelCatalogues';
import type { ReadyClient } from '../clients/clientFactory';

/** The counter's class, loaded on the first server that counts. */
export type LoadTokenCounter = () => Promise<typeof ServerTokenCounter>;

export class TokenCounters {
  private readonly states = new Map<string, TokenCountState>();

  constructor(
    private readonly catalogues: ModelCatalogues,
    private readonly loadCounter: LoadTokenCounter,
  ) {}

  /** The count for `model` through `ready`'s client (its key, headers and proxy); `log` hears once what was found. */
  async counterFor(ready: ReadyClient, model: string, log: (line: string) => void): Promise<ServerTokenCounter | undefined> {
    if (!offersTokenCount(this.catalogues.discovered(ready))) return undefined;
    const Counter = await this.loadCounter();
    const key = `${ready.settings.profile}\n${ready.client.urls.chatCompletions}\n${model}`;
    let state = this.states.get(key);
    if (!state) this.states.set(key, (state = newTokenCountState()));
    const client = ready.client;
    return new Counter({
      state,
      model,
      urls: tokenCountUrls(client.urls.chatCompletions),
      port: ({ url, body, signal }) => client.discoveryRequest({ method: 'POST', url, body, signal, required: false }),
      log,
    });
  }
}
