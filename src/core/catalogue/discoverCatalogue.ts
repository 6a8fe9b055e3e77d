// What one server says about its models, asked the cheap way: GET /v1/models (every server), then, side by side, the
// richer endpoints a kind of server adds, one source each in SOURCE_PROBES: LiteLLM's /v1/model/info (else
// /model_group/info), llama.cpp's /props (for a router, `/props?model=` for each model it has loaded), LM Studio's
// /api/v0/models and Ollama's /api/tags (and, where that answers, /api/ps and /api/show for each listed model, a few at
// a time). A probe that is
// answered 404 (or anything but a readable body, or a 200 that says the route does not exist, as LM Studio answers
// every route it lacks) only means "not this kind of server": it is noted for Test Connection, never reported as an
// error. Only /v1/models failing (a bad key, the server down) is an error, as it was
// before the catalogue. Every request goes through one port (the client's transport: key, headers, byte cap), and
// every probe has a time limit, so a slow or silent endpoint costs the picker a bounded wait.
import type { ChatClient } from '../client/chatClient';
import type { DiscoveryPort } from '../client/discoveryExchange';
import { AbortedError } from '../errors/AskModelError';
import type { ServiceUrls } from '../http/resolveUrls';
import { readModelIds } from '../protocol/responseSchema';
import { parseLiteLlmModelGroupInfo, parseLiteLlmModelInfo } from './liteLlmModelInfo';
import { parseLlamaCppProps } from './llamaCppProps';
import { loadedRouterModels, routerPropsUrl } from './llamaCppRouter';
import { parseLmStudioModels } from './lmStudioModels';
import { emptyModelInfo, type DiscoveryEndpoint, type ModelInfo } from '../protocol/modelInfo';
import { parseOllamaPs } from './ollamaPs';
import { parseOllamaShow } from './ollamaShow';
import { parseOllamaTags } from './ollamaTags';
import { parseOpenAiModels } from './openAiModels';
import { discoveryUrls } from './discoveryUrls';
import { unexpectedEndpointIn } from '../errors/unexpectedEndpoint';

/** What one endpoint gave: models read from it, nothing there (`absent`: 404 or not its kind of body), or a failure. */
export interface EndpointOutcome {
  endpoint: DiscoveryEndpoint;
  url: string;
  outcome: 'read' | 'absent' | 'failed';
  /** Models the body described (`read`). */
  models?: number;
  /** Why it failed, for the log and Test Connection (`failed`). */
  reason?: string;
}

export interface DiscoveredModels {
  /** Every statement the endpoints made, in the order asked (/v1/models first): merge them with mergeCatalogue. */
  statements: ModelInfo[];
  /** The model ids the server lists, in its order; undefined when it has no model list (404, 405, 501). */
  listedIds: string[] | undefined;
  /** Each endpoint asked, and what came of it. */
  endpoints: EndpointOutcome[];
}

export interface DiscoverOptions {
  urls: ServiceUrls;
  request: DiscoveryPort;
  signal?: AbortSignal | undefined;
  /** The most time each probe of a richer endpoint may take. Default 5 s. */
  probeTimeoutMs?: number;
  /** The signal that ends a probe after `ms`: AbortSignal.timeout unless given (a test gives its own clock). */
  timeLimit?: (ms: number) => AbortSignal;
  /** How many per-model requests (/api/show, a router's /props?model=) run at once. Default 4. */
  concurrency?: number;
  /** The most models asked about one by one (/api/show, a router's /props?model=). Default 64. */
  maxModelsShown?: number;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 5000;
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_MODELS_SHOWN = 64;

export { discoveryUrls };

interface ProbeResult {
  models: ModelInfo[];
  outcomes: EndpointOutcome[];
}

/**
 * The kinds of server that say more about their models at endpoints of their own, each a discovery source (vLLM and
 * OpenRouter say all they say in /v1/models).
 */
export type SourceKind = 'litellm' | 'llama.cpp' | 'lm-studio' | 'ollama';

/** What a source's probe is given: the options, the addresses, and what /v1/models said. */
interface SourceAsked {
  options: DiscoverOptions;
  urls: ReturnType<typeof discoveryUrls>;
  listedIds: string[] | undefined;
  routerLoaded: string[] | undefined;
}

export interface SourceProbe {
  /**
   * Its place among the sources, which are all asked at once: their outcomes are listed in this order (the log, Test
   * Connection) and their statements handed to the merge in it, so without a model list the models come in it. Each
   * source has its own.
   */
  place: number;
  /** Asks the source's endpoints, each within the probe's time limit; a server of another kind leaves them `absent`. */
  probe(asked: SourceAsked): Promise<ProbeResult>;
}

export const SOURCE_PROBES: Record<SourceKind, SourceProbe> = {
  litellm: { place: 1, probe: ({ options, urls }) => probeLiteLlm(options, urls) },
  'llama.cpp': { place: 2, probe: ({ options, urls, listedIds, routerLoaded }) => probeLlamaCpp(options, urls.llamaCppProps, listedIds, routerLoaded) },
  'lm-studio': { place: 3, probe: ({ options, urls }) => probe(options, 'GET /api/v0/models', urls.lmStudioModels, parseLmStudioModels) },
  ollama: { place: 4, probe: ({ options, urls, listedIds }) => probeOllama(options, urls, listedIds) },
};

const SOURCES_IN_PLACE = (Object.keys(SOURCE_PROBES) as SourceKind[]).sort((a, b) => SOURCE_PROBES[a].place - SOURCE_PROBES[b].place);

export async function discoverModels(options: DiscoverOptions): Promise<DiscoveredModels> {
  const urls = discoveryUrls(options.urls);
  const endpoints: EndpointOutcome[] = [];
  const listed = await readModelList(options, urls.models);
  endpoints.push(listed.outcome);
  const listedIds = listed.models?.map((model) => model.id);
  const asked: SourceAsked = { options, urls, listedIds, routerLoaded: listed.routerLoaded };
  const probes = await Promise.all(SOURCES_IN_PLACE.map((source) => SOURCE_PROBES[source].probe(asked)));
  const statements = [...(listed.models ?? [])];
  for (const probe of probes) {
    endpoints.push(...probe.outcomes);
    // With a model list, only the models it names: the others are not this key's to use (LiteLLM) or not loaded.
    statements.push(...(listedIds === undefined ? probe.models : probe.models.filter((model) => listedIds.includes(model.id))));
  }
  return { statements, listedIds, endpoints };
}

/**
 * What the server `client` talks to says about its models, asked through the client's own discovery port (its key,
 * headers, byte cap and log). Throws as the client's model list does when /v1/models fails (the port's errors are
 * already redacted of the key); a missing endpoint is no error.
 */
export async function discoverServerModels(client: Pick<ChatClient, 'urls' | 'discoveryRequest'>, options: { signal?: AbortSignal | undefined; probeTimeoutMs?: number } = {}): Promise<DiscoveredModels> {
  try {
    return await discoverModels({
      urls: client.urls,
      request: (request) => client.discoveryRequest(request),
      signal: options.signal,
      probeTimeoutMs: options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    });
  } catch (error) {
    if (options.signal?.aborted) throw new AbortedError();
    throw error;
  }
}

interface ModelList {
  models: ModelInfo[] | undefined;
  outcome: EndpointOutcome;
  /** A llama.cpp router's loaded models (see llamaCppRouter); undefined for any other server. */
  routerLoaded?: string[] | undefined;
}

async function readModelList(options: DiscoverOptions, url: string): Promise<ModelList> {
  const signal = options.signal ?? new AbortController().signal;
  const reply = await options.request({ method: 'GET', url, signal, required: true });
  if (reply.status < 200 || reply.status > 299 || unexpectedEndpointIn(reply.json) !== undefined) return { models: undefined, outcome: { endpoint: 'GET /v1/models', url, outcome: 'absent' } };
  const ids = readModelIds(reply.json);
  // A 2xx that is not a model list: as good as none (the user types the name).
  if (ids === undefined) return { models: undefined, outcome: { endpoint: 'GET /v1/models', url, outcome: 'absent' } };
  let models = parseOpenAiModels(reply.json);
  // An old Ollama answered /v1/models in its own shape ({"models": [...]}): its ids, with no facts.
  if (models.length === 0) models = ids.filter((id) => id !== '').map(emptyModelInfo);
  const unique = [...new Map(models.map((model) => [model.id, model])).values()];
  return { models: unique, outcome: { endpoint: 'GET /v1/models', url, outcome: 'read', models: unique.length }, routerLoaded: loadedRouterModels(reply.json) };
}

async function probeLiteLlm(options: DiscoverOptions, urls: ReturnType<typeof discoveryUrls>): Promise<ProbeResult> {
  // Both: /model/info per deployment is the finer statement, but a key may be refused it while /model_group/info
  // answers, and a deployment's entry may lack what its group's has (mergeCatalogue ranks them).
  const [perDeployment, perGroup] = await Promise.all([
    probe(options, 'GET /model/info', urls.liteLlmModelInfo, parseLiteLlmModelInfo),
    probe(options, 'GET /model_group/info', urls.liteLlmModelGroupInfo, parseLiteLlmModelGroupInfo),
  ]);
  return { models: [...perDeployment.models, ...perGroup.models], outcomes: [...perDeployment.outcomes, ...perGroup.outcomes] };
}

async function probeLlamaCpp(options: DiscoverOptions, url: string, listedIds: string[] | undefined, routerLoaded: string[] | undefined): Promise<ProbeResult> {
  if (routerLoaded === undefined) {
    // A llama.cpp server outside router mode serves one model, whatever /props calls it: the one /v1/models lists.
    const only = listedIds?.length === 1 ? listedIds[0] : undefined;
    return probe(options, 'GET /props', url, (json) => parseLlamaCppProps(json, only));
  }
  // A router: each loaded model's own server, by name; the router's bare /props says nothing about any model.
  const ids = routerLoaded.slice(0, options.maxModelsShown ?? DEFAULT_MAX_MODELS_SHOWN);
  const results = await mapWithConcurrency(ids, options.concurrency ?? DEFAULT_CONCURRENCY, (id) =>
    probe(options, 'GET /props', routerPropsUrl(url, id), (json) => parseLlamaCppProps(json, id)),
  );
  return { models: results.flatMap((result) => result.models), outcomes: results.flatMap((result) => result.outcomes) };
}

async function probeOllama(options: DiscoverOptions, urls: ReturnType<typeof discoveryUrls>, listedIds: string[] | undefined): Promise<ProbeResult> {
  const tags = await probe(options, 'GET /api/tags', urls.ollamaTags, parseOllamaTags);
  const first = tags.outcomes[0];
  if (first?.outcome !== 'read') return tags;
  // Ollama it is: ask about each model it serves, a few at a time, the listed ones (what the picker shows) first.
  const ids = (listedIds ?? tags.models.map((model) => model.id)).slice(0, options.maxModelsShown ?? DEFAULT_MAX_MODELS_SHOWN);
  // /api/ps beside them: the window each loaded model runs with now, which /api/show cannot tell.
  const [running, shown] = await Promise.all([
    probe(options, 'GET /api/ps', urls.ollamaPs, parseOllamaPs),
    mapWithConcurrency(ids, options.concurrency ?? DEFAULT_CONCURRENCY, (id) =>
      probe(options, 'POST /api/show', urls.ollamaShow, (json) => parseOllamaShow(json, id), { model: id }),
    ),
  ]);
  const outcomes = [...tags.outcomes, ...running.outcomes, ...shown.flatMap((result) => result.outcomes)];
  return { models: [...tags.models, ...running.models, ...shown.flatMap((result) => result.models)], outcomes };
}

/**
 * What one probe reads from a 2xx answer: nothing where the body says the route does not exist (LM Studio's 200 for a
 * route it lacks, which a lenient parser could otherwise take for a description), else what the endpoint's parser finds.
 */
export function readProbeAnswer(json: unknown, parse: (json: unknown) => ModelInfo[]): ModelInfo[] {
  return unexpectedEndpointIn(json) !== undefined ? [] : parse(json);
}

/**
 * One request with the probe's time limit; any status but 2xx, a 2xx that says the route does not exist, or a body its
 * parser finds nothing in, is `absent`.
 */
async function probe(options: DiscoverOptions, endpoint: DiscoveryEndpoint, url: string, parse: (json: unknown) => ModelInfo[], body?: unknown): Promise<ProbeResult> {
  const timeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const limit = options.timeLimit?.(timeoutMs) ?? AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, limit]) : limit;
  const absent = (): ProbeResult => ({ models: [], outcomes: [{ endpoint, url, outcome: 'absent' }] });
  try {
    const reply = await options.request({ method: body === undefined ? 'GET' : 'POST', url, ...(body === undefined ? {} : { body }), signal, required: false });
    if (reply.status < 200 || reply.status > 299) return absent();
    const models = readProbeAnswer(reply.json, parse);
    if (models.length === 0) return absent();
    return { models, outcomes: [{ endpoint, url, outcome: 'read', models: models.length }] };
  } catch (error) {
    if (options.signal?.aborted) throw new AbortedError();
    const reason = limit.aborted ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    return { models: [], outcomes: [{ endpoint, url, outcome: 'failed', reason }] };
  }
}

async function mapWithConcurrency<T, R>(items: readonly T[], concurrency: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++;
      results[at] = await run(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}
