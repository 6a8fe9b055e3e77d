// Finding the model servers already running on this machine, so a new user picks one instead of typing its port.
// The addresses asked are built here from two constants and nothing else: the loopback hosts and the ports the usual
// local servers listen on by default (each from its own documentation). Nothing the user typed, nothing a server
// answered and no setting can add a host, so the probe never reaches another machine (a unit test checks every URL).
// What answered is named from its discovery endpoints, the same bodies the model catalogue reads: LiteLLM's readiness,
// Ollama's /api/tags, LM Studio's /api/v0/models, llama.cpp's /props, vLLM's /v1/models (owned_by "vllm").
import { recordOf, type JsonRecord } from '../catalogue/jsonValues';
import { modelListEntries, readModelIds } from '../protocol/responseSchema';

/** The kinds of server we can name from what they answer; `openai-compatible` answered a model list and nothing more. */
export type LocalServerKind = 'litellm' | 'ollama' | 'lm-studio' | 'llama.cpp' | 'vllm' | 'openai-compatible';

/** A port one or more local servers listen on by default, and who usually has it (a hint, never the identification). */
export interface LocalServerPort {
  port: number;
  /** The servers whose documentation names this port as their default. */
  usually: readonly string[];
}

/**
 * The default ports of the local servers people run, from each one's documentation. Two servers may share a port
 * (llama.cpp and LocalAI both default to 8080); what answers decides the name.
 */
export const LOCAL_SERVER_PORTS: readonly LocalServerPort[] = [
  { port: 11434, usually: ['Ollama'] },
  { port: 1234, usually: ['LM Studio'] },
  { port: 8080, usually: ['llama.cpp', 'LocalAI', 'llamafile'] },
  { port: 8000, usually: ['vLLM'] },
  { port: 4000, usually: ['LiteLLM'] },
  { port: 1337, usually: ['Jan'] },
  { port: 5000, usually: ['text-generation-webui'] },
  { port: 5001, usually: ['KoboldCpp'] },
  { port: 30000, usually: ['SGLang'] },
  { port: 4891, usually: ['GPT4All'] },
];

/** The only hosts the probe asks: IPv4 and IPv6 loopback. Never a name that DNS or a hosts file could send elsewhere. */
export const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]'] as const;

/** The endpoints asked of an address that answered, each a path on the server's root. */
export const IDENTITY_PATHS = {
  models: '/v1/models',
  liteLlmReadiness: '/health/readiness',
  ollamaTags: '/api/tags',
  lmStudioModels: '/api/v0/models',
  llamaCppProps: '/props',
} as const;
export type IdentityEndpoint = keyof typeof IDENTITY_PATHS;

/** One place to probe: a loopback root URL and the port's usual occupants. */
export interface ProbeTarget {
  /** e.g. `http://127.0.0.1:11434` */
  root: string;
  host: (typeof LOOPBACK_HOSTS)[number];
  port: number;
  usually: readonly string[];
}

/**
 * Every address the probe asks: each loopback host at each usual port, plus `extraPorts` (a test's own server, a
 * port the user named) on the same hosts. A port outside 1–65535 is refused with a sentence naming it.
 */
export function probeTargets(extraPorts: readonly number[] = []): ProbeTarget[] {
  for (const port of extraPorts) {
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new RangeError(`${String(port)} is not a port: give a whole number from 1 to 65535.`);
  }
  const ports: LocalServerPort[] = [...LOCAL_SERVER_PORTS];
  for (const port of extraPorts) if (!ports.some((known) => known.port === port)) ports.push({ port, usually: [] });
  return LOOPBACK_HOSTS.flatMap((host) => ports.map(({ port, usually }) => ({ root: `http://${host}:${port}`, host, port, usually })));
}

/** The URL of one identity endpoint of a target. */
export function identityUrl(target: ProbeTarget, endpoint: IdentityEndpoint): string {
  return `${target.root}${IDENTITY_PATHS[endpoint]}`;
}

/** What one endpoint answered: its status and its body as JSON (undefined when not JSON). Absent: no answer at all. */
export interface IdentityReply {
  status: number;
  json: unknown;
}

export type IdentityReplies = Partial<Record<IdentityEndpoint, IdentityReply>>;

/** A server found on this machine, ready to become a profile. */
export interface LocalServer {
  kind: LocalServerKind;
  /** What to call it: `Ollama`, `LiteLLM 1.40.21`, or `OpenAI-compatible server (port 1337 is usually Jan)`. */
  label: string;
  /** The base URL for the profile: the loopback address that answered. */
  baseUrl: string;
  port: number;
  /** The models it listed (undefined: its model list did not answer, e.g. it needs a key). */
  models: string[] | undefined;
  /** The model list asked for a key (401/403): the profile needs one. */
  needsKey: boolean;
  /** Which answer named it, for the log and the pick's detail. */
  evidence: string;
}

const PRODUCT_NAMES: Record<LocalServerKind, string> = {
  litellm: 'LiteLLM',
  ollama: 'Ollama',
  'lm-studio': 'LM Studio',
  'llama.cpp': 'llama.cpp',
  vllm: 'vLLM',
  'openai-compatible': 'OpenAI-compatible server',
};

/**
 * Names what answered at `target` from its replies, or undefined when it is not a model server (a web page on
 * 8080, a 404 for every endpoint). The most specific statement wins: a LiteLLM in front of an Ollama is LiteLLM.
 */
export function identifyLocalServer(target: ProbeTarget, replies: IdentityReplies): LocalServer | undefined {
  const listReply = replies.models;
  const listed = listReply && isOk(listReply) ? readModelIds(listReply.json)?.filter((id) => id !== '') : undefined;
  const needsKey = listReply !== undefined && (listReply.status === 401 || listReply.status === 403);
  const found = (kind: LocalServerKind, evidence: string, version?: string): LocalServer => ({
    kind,
    label: version ? `${PRODUCT_NAMES[kind]} ${version}` : PRODUCT_NAMES[kind],
    baseUrl: target.root,
    port: target.port,
    models: listed ?? (kind === 'ollama' ? ollamaNames(replies.ollamaTags) : undefined),
    needsKey,
    evidence,
  });

  const readiness = okRecord(replies.liteLlmReadiness);
  if (readiness && typeof readiness['litellm_version'] === 'string') return found('litellm', 'GET /health/readiness names litellm_version', readiness['litellm_version']);
  if (ollamaNames(replies.ollamaTags) !== undefined) return found('ollama', 'GET /api/tags lists models with digests');
  if (isLmStudioList(okRecord(replies.lmStudioModels))) return found('lm-studio', 'GET /api/v0/models lists models with their load state');
  const props = okRecord(replies.llamaCppProps);
  if (props && (recordOf(props['default_generation_settings']) !== undefined || typeof props['total_slots'] === 'number')) {
    return found('llama.cpp', 'GET /props has default_generation_settings', typeof props['build_info'] === 'string' ? props['build_info'] : undefined);
  }
  if (listReply && isOk(listReply) && ownedBy(listReply.json).includes('vllm')) return found('vllm', 'GET /v1/models says owned_by "vllm"');
  if (listed !== undefined || needsKey) {
    const usual = target.usually.length > 0 ? ` (port ${target.port} is usually ${target.usually.join(' or ')})` : '';
    return { ...found('openai-compatible', needsKey ? 'GET /v1/models asked for a key' : 'GET /v1/models answered a model list'), label: `${PRODUCT_NAMES['openai-compatible']}${usual}` };
  }
  return undefined;
}

/**
 * The servers found, one per port: an answer on 127.0.0.1 and on [::1] at one port is one server (the IPv4
 * address kept, which every client reaches). In the order of LOCAL_SERVER_PORTS.
 */
export function oneServerPerPort(servers: readonly LocalServer[]): LocalServer[] {
  const byPort = new Map<number, LocalServer>();
  for (const server of servers) {
    const known = byPort.get(server.port);
    if (!known || (known.baseUrl.includes('[::1]') && !server.baseUrl.includes('[::1]'))) byPort.set(server.port, server);
  }
  const order = (port: number): number => {
    const index = LOCAL_SERVER_PORTS.findIndex((known) => known.port === port);
    return index === -1 ? LOCAL_SERVER_PORTS.length : index;
  };
  return [...byPort.values()].sort((a, b) => order(a.port) - order(b.port) || a.port - b.port);
}

/** A name for a profile made from `server` that no profile has yet: `Ollama`, then `Ollama (11434)`, then `Ollama 2`. */
export function profileNameFor(server: LocalServer, taken: ReadonlySet<string>): string {
  const base = server.kind === 'openai-compatible' ? `Local server` : PRODUCT_NAMES[server.kind];
  const free = (name: string): boolean => !taken.has(name.toLowerCase());
  if (free(base)) return base;
  const withPort = `${base} (${server.port})`;
  if (free(withPort)) return withPort;
  for (let n = 2; ; n++) if (free(`${withPort} ${n}`)) return `${withPort} ${n}`;
}

function isOk(reply: IdentityReply): boolean {
  return reply.status >= 200 && reply.status <= 299;
}

function okRecord(reply: IdentityReply | undefined): JsonRecord | undefined {
  return reply && isOk(reply) ? recordOf(reply.json) : undefined;
}

/** Ollama's /api/tags: `{"models": [{name, digest, ...}]}`; the names, or undefined when the body is not that. */
function ollamaNames(reply: IdentityReply | undefined): string[] | undefined {
  const models = okRecord(reply)?.['models'];
  if (!Array.isArray(models)) return undefined;
  const entries = models.map(recordOf);
  // An empty list is still Ollama's answer (nothing pulled yet); each entry it has carries a name and a digest.
  if (!entries.every((entry) => entry !== undefined && typeof entry['name'] === 'string' && typeof entry['digest'] === 'string')) return undefined;
  return entries.map((entry) => String(entry?.['name']));
}

/** LM Studio's own list: entries with a `state` (loaded / not-loaded) beside the OpenAI fields. */
function isLmStudioList(body: JsonRecord | undefined): boolean {
  const data = body?.['data'];
  if (!Array.isArray(data) || data.length === 0) return false;
  return data.every((entry) => {
    const record = recordOf(entry);
    return record !== undefined && typeof record['id'] === 'string' && typeof record['state'] === 'string';
  });
}

function ownedBy(json: unknown): string[] {
  const data = modelListEntries(json);
  return data !== undefined ? data.map((entry) => recordOf(entry)?.['owned_by']).filter((owner): owner is string => typeof owner === 'string') : [];
}
