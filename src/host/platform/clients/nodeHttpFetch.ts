// The `fetch` the client is given in VS Code: the same contract, sent with node:http/node:https instead of Node's
// built-in fetch. Why: inside the extension host VS Code patches both, but not alike. Its https patch adds the
// system's certificates (http.systemCertificates) to Node's default trust store, which already holds the file named
// by NODE_EXTRA_CA_CERTS; its fetch patch instead hands undici an explicit `ca` list built from tls.rootCertificates
// (Node's bundled Mozilla roots) plus the system's, and an explicit `ca` replaces the default store, so a company
// authority trusted through NODE_EXTRA_CA_CERTS is refused (SELF_SIGNED_CERT_IN_CHAIN). Proxies (http.proxy,
// http.noProxy, the system's, proxy authentication) come through the https patch as they do for fetch.
// Kept to what the client uses: string or URL input, a string body, an AbortSignal; redirects are followed as fetch
// follows them (Authorization is not carried to another origin), and gzip/deflate/br bodies are decoded.
import * as http from 'node:http';
import * as https from 'node:https';
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';

const MAX_REDIRECTS = 20;
/** Statuses whose Response may not have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

interface Sending {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export const nodeHttpFetch: typeof globalThis.fetch = async (input, init) => {
  if (typeof input !== 'string' && !(input instanceof URL)) throw new TypeError('nodeHttpFetch takes a URL string or URL, not a Request');
  if (init?.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new TypeError('nodeHttpFetch sends only string bodies');
  let sending: Sending = {
    url: new URL(input),
    method: (init?.method ?? 'GET').toUpperCase(),
    headers: new Headers(init?.headers),
    body: init?.body ?? undefined,
    signal: init?.signal ?? undefined,
  };
  for (let redirects = 0; ; redirects++) {
    const response = await sendOnce(sending);
    const location = response.headers.location;
    if (!isRedirect(response.statusCode) || location === undefined || init?.redirect === 'manual') return toResponse(response, sending.method);
    response.resume(); // the redirect's own body is not wanted
    if (init?.redirect === 'error') throw new TypeError(`fetch failed: redirected to ${location}`, { cause: { code: 'REDIRECT' } });
    if (redirects >= MAX_REDIRECTS) throw new TypeError('fetch failed: too many redirects', { cause: { code: 'REDIRECT' } });
    sending = followRedirect(sending, response.statusCode ?? 0, new URL(location, sending.url));
  }
};

function isRedirect(status: number | undefined): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** As the fetch standard has it: 303, and 301/302 after a POST, become a GET without a body; another origin never gets the credentials. */
function followRedirect(previous: Sending, status: number, target: URL): Sending {
  const headers = new Headers(previous.headers);
  const asGet = status === 303 ? previous.method !== 'HEAD' : (status === 301 || status === 302) && previous.method === 'POST';
  if (asGet) for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
  if (target.origin !== previous.url.origin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(name);
  return { ...previous, url: target, headers, method: asGet ? 'GET' : previous.method, body: asGet ? undefined : previous.body };
}

function sendOnce({ url, method, headers, body, signal }: Sending): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const outgoing: http.OutgoingHttpHeaders = {};
    headers.forEach((value, name) => (outgoing[name] = value));
    if (!headers.has('accept-encoding')) outgoing['accept-encoding'] = 'gzip, deflate, br';
    if (body !== undefined) outgoing['content-length'] = Buffer.byteLength(body);
    const send = url.protocol === 'https:' ? https.request : url.protocol === 'http:' ? http.request : undefined;
    if (!send) {
      reject(new TypeError(`fetch failed: unsupported protocol ${url.protocol}`));
      return;
    }
    const request = send(url, { method, headers: outgoing });
    const onAbort = (): void => void request.destroy(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('response', (response) => {
      // From here an abort ends the body: the reader sees the signal's reason, as with fetch.
      signal?.removeEventListener('abort', onAbort);
      if (signal) {
        const onBodyAbort = (): void => void response.destroy(abortError(signal));
        signal.addEventListener('abort', onBodyAbort, { once: true });
        response.once('close', () => signal.removeEventListener('abort', onBodyAbort));
      }
      resolve(response);
    });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
    });
    request.end(body);
  });
}

/** Streams are destroyed with an Error; the signal's reason may be anything (the client aborts with a marker). */
function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

function toResponse(incoming: http.IncomingMessage, method: string): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  if (NULL_BODY_STATUSES.has(status) || method === 'HEAD') {
    incoming.resume();
    return new Response(null, { status, statusText: incoming.statusMessage, headers });
  }
  const decoded = decode(incoming, headers.get('content-encoding'));
  if (decoded !== incoming) {
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  return new Response(Readable.toWeb(decoded) as ReadableStream<Uint8Array>, { status, statusText: incoming.statusMessage, headers });
}

function decode(incoming: http.IncomingMessage, encoding: string | null): Readable {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
    : encoding === 'deflate' ? zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
    : encoding === 'br' ? zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
    : undefined;
  if (!decoder) return incoming;
  // A failure on either side ends the other: an abort (the socket destroyed) reaches the reader, and a cancelled
  // reader frees the socket.
  incoming.once('error', (error) => decoder.destroy(error));
  decoder.once('close', () => {
    if (!incoming.complete) incoming.destroy();
  });
  return incoming.pipe(decoder);
}
