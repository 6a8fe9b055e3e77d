// The client's port for the catalogue's discovery and the key-budget watch: one GET or POST of JSON through the
// client's transport (key, headers, byte cap, log), its body read as JSON. It sits with the client, below the
// catalogue, because the client implements it; the catalogue and cost/ only call it.

/** One request of the discovery: JSON in (POST only), JSON out. */
export interface DiscoveryRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  signal: AbortSignal;
  /**
   * The model list, which the user must hear about when it fails: an error status other than "no such endpoint"
   * (404, 405, 501) is thrown as the client's typed error (a bad key says so). Probes are never required.
   */
  required: boolean;
}

/** The answer: its status and its body read as JSON (undefined when it is not JSON, or was cut at the byte cap). */
export interface DiscoveryReply {
  status: number;
  json: unknown;
}

/** Sends one discovery request. Throws the client's typed errors (connection, time-out; a status only when required). */
export type DiscoveryPort = (request: DiscoveryRequest) => Promise<DiscoveryReply>;

/** The statuses that say a server has no such endpoint. */
export const NO_SUCH_ENDPOINT: ReadonlySet<number> = new Set([404, 405, 501]);
