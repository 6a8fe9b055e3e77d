// A hostile server for the canary tests: it sits in front of the reference server and, when told to, answers a chat
// request by echoing the Authorization header it was sent, whole and as the bare key, in the places a careless proxy
// does: an error body (JSON, HTML), a response header, a 200 body that is an error, and a stream that carries no
// content, only error text. Anything not told to reflect is passed through to the reference server unchanged (so the
// reference server still checks the key on every normal turn).
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { endToEndHeaders } from '../network/endToEndHeaders';

export type Reflection =
  /** 401 with an OpenAI-style body: `Incorrect API key provided: <key>`, and the header echoed back as `x-echo`. */
  | 'status401'
  /** 500 with an HTML error page that prints the request's Authorization header. */
  | 'html500'
  /** 429 with a FastAPI-style `{detail}` body naming the key. */
  | 'detail429'
  /** 200 whose JSON body is an error naming the key (no choices). */
  | 'okErrorBody'
  /** A 200 event stream with no content at all: only `event: error` + the key in its message. */
  | 'streamErrorEvent'
  /** A 200 event stream with no content: a `data:` line holding an error object that names the key, then the end. */
  | 'streamDataError';

export interface ReflectingProxy {
  /** Base URL without /v1. */
  readonly url: string;
  /** The Authorization header of every chat request that arrived ('' when none). */
  readonly authorizations: string[];
  /** Queues reflections: each following chat request takes the next one instead of being passed through. */
  reflect(...reflections: Reflection[]): void;
  readonly queued: number;
  close(): Promise<void>;
}

export async function startReflectingProxy(target: string): Promise<ReflectingProxy> {
  const queue: Reflection[] = [];
  const authorizations: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isChat = (req.url ?? '').includes('/chat/completions');
      const authorization = req.headers.authorization ?? '';
      if (isChat) authorizations.push(authorization);
      const reflection = isChat ? queue.shift() : undefined;
      if (reflection) reflect(res, reflection, authorization);
      else passThrough(target, req, body, res);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authorizations,
    reflect: (...reflections) => void queue.push(...reflections),
    get queued() {
      return queue.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function reflect(res: http.ServerResponse, reflection: Reflection, authorization: string): void {
  const key = authorization.replace(/^Bearer\s+/i, '');
  const said = `Incorrect API key provided: ${key} (you sent "${authorization}")`;
  switch (reflection) {
    case 'status401':
      return json(res, 401, { error: { message: said, type: 'invalid_request_error', code: key } }, { 'x-echo': authorization });
    case 'html500':
      res.writeHead(500, { 'content-type': 'text/html', 'x-echo': authorization });
      res.end(`<!doctype html><html><head><title>Proxy error ${key}</title></head><body><h1>Upstream refused ${authorization}</h1><p>${said}</p></body></html>`);
      return;
    case 'detail429':
      return json(res, 429, { detail: `Quota exceeded for key ${key}` }, { 'retry-after': '0' });
    case 'okErrorBody':
      return json(res, 200, { error: { message: said, code: key } });
    case 'streamErrorEvent':
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(`event: error\ndata: ${JSON.stringify({ error: { message: said, code: key } })}\n\n`);
      return;
    case 'streamDataError':
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(`data: ${JSON.stringify({ error: { message: said, type: key } })}\n\ndata: [DONE]\n\n`);
      return;
  }
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function passThrough(target: string, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', target);
  const upstream = http.request(url, { method: req.method, headers: { ...endToEndHeaders(req.headers), host: url.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  res.on('close', () => upstream.destroy());
  upstream.end(body);
}
