// "No such route here", said inside an answer whose status says all is well. LM Studio answers every path or method it
// does not serve with HTTP 200 and `{"error":"Unexpected endpoint or method. (GET /props)"}` (its log: "Returning 200
// anyway"; lmstudio-ai/lmstudio-bug-tracker#618 shows the exchange, test/fixtures/discovery/missing-route). Discovery
// reads such an answer as the endpoint being absent: not a body to parse, not a failure to report.
//
// A stand-in, until the shared recogniser lands: src/core/errors/unexpectedEndpoint.ts (the completions work, branch
// completions-real-servers) exports `unexpectedEndpointIn` with this name and contract. When it is on main, import it
// from '../errors/unexpectedEndpoint' in discoverCatalogue.ts and delete this file; nothing else calls it.

/** LM Studio's words for a path or method it does not serve. */
const UNEXPECTED_ENDPOINT = /\bunexpected endpoint or method\b/i;

/**
 * The server's words when `body` (an answer parsed as JSON) says the route or method does not exist here, else
 * undefined. Only the error itself is read: `{"error": "…"}` or `{"error": {"message": "…"}}`.
 */
export function unexpectedEndpointIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const error = (body as Record<string, unknown>)['error'];
  const message = typeof error === 'object' && error !== null ? (error as Record<string, unknown>)['message'] : undefined;
  const words = typeof error === 'string' ? error : typeof message === 'string' ? message : undefined;
  return words !== undefined && UNEXPECTED_ENDPOINT.test(words) ? words : undefined;
}
