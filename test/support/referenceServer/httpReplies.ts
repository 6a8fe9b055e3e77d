// Writing to a response without ever throwing: the client may be gone, the server may be closing.
import type { ServerResponse } from 'node:http';

export type ExtraHeaders = Record<string, string>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: ExtraHeaders = {}): void {
  sendText(res, status, JSON.stringify(body), 'application/json', headers);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType: string | null, headers: ExtraHeaders = {}): void {
  if (res.headersSent || res.destroyed) return;
  const payload = Buffer.from(text, 'utf8');
  const allHeaders: Record<string, string | number> = { ...headers, 'Content-Length': payload.length };
  if (contentType !== null) allHeaders['Content-Type'] = `${contentType}; charset=utf-8`;
  res.writeHead(status, allHeaders);
  res.end(payload);
}

/** Resolves once the data is handed to the socket, or at once when the response is gone or `signal` aborts. */
export function writeAndFlush(res: ServerResponse, data: string, signal: AbortSignal): Promise<void> {
  if (res.destroyed || res.writableEnded || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    res.write(data, () => done());
  });
}
