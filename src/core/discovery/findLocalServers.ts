// The probe: every loopback target (localServers.ts) asked for its model list at once, each with a short time limit;
// only an address that answered anything is asked the few identity endpoints, side by side. A refused connection
// costs nothing on loopback, so the whole search takes about one time limit however many ports stay silent.
import { IDENTITY_PATHS, identifyLocalServer, identityUrl, oneServerPerPort, probeTargets, type IdentityEndpoint, type IdentityReplies, type IdentityReply, type LocalServer, type ProbeTarget } from './localServers';

/** Sends one GET to a loopback URL; resolves with the status and JSON body, rejects when nothing answered in time. */
export type LocalProbePort = (url: string, signal: AbortSignal) => Promise<IdentityReply>;

export interface FindLocalServersOptions {
  request: LocalProbePort;
  /** The most time one request may take. Default 1.5 s: a local server answers its model list in milliseconds. */
  timeoutMs?: number;
  /** The signal that ends one request after `ms`: AbortSignal.timeout unless given (a test gives its own clock). */
  timeLimit?: (ms: number) => AbortSignal;
  /** Ports to ask besides the usual ones (on the same loopback hosts only). */
  extraPorts?: readonly number[];
  signal?: AbortSignal;
}

export const LOCAL_PROBE_TIMEOUT_MS = 1500;

/** The servers that answered, one per port, named by what they are. Never throws for a silent or odd address. */
export async function findLocalServers(options: FindLocalServersOptions): Promise<LocalServer[]> {
  const targets = probeTargets(options.extraPorts);
  const found = await Promise.all(targets.map((target) => probeTarget(target, options)));
  return oneServerPerPort(found.filter((server): server is LocalServer => server !== undefined));
}

async function probeTarget(target: ProbeTarget, options: FindLocalServersOptions): Promise<LocalServer | undefined> {
  const models = await ask(target, 'models', options);
  if (models === undefined) return undefined;
  const others = (Object.keys(IDENTITY_PATHS) as IdentityEndpoint[]).filter((endpoint) => endpoint !== 'models');
  const answers = await Promise.all(others.map(async (endpoint) => [endpoint, await ask(target, endpoint, options)] as const));
  const replies: IdentityReplies = { models };
  for (const [endpoint, reply] of answers) if (reply !== undefined) replies[endpoint] = reply;
  return identifyLocalServer(target, replies);
}

async function ask(target: ProbeTarget, endpoint: IdentityEndpoint, options: FindLocalServersOptions): Promise<IdentityReply | undefined> {
  const ms = options.timeoutMs ?? LOCAL_PROBE_TIMEOUT_MS;
  const limit = options.timeLimit?.(ms) ?? AbortSignal.timeout(ms);
  const signal = options.signal ? AbortSignal.any([limit, options.signal]) : limit;
  try {
    return await options.request(identityUrl(target, endpoint), signal);
  } catch {
    // Refused, reset, timed out or aborted: nothing there to name.
    return undefined;
  }
}
