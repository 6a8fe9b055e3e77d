// An HTTP proxy for the tests, as a company's would be: CONNECT tunnels (for https) and absolute-URI requests (for
// http), recording every target that passed through it. Like a real proxy it resolves names itself: `hosts` maps
// names no resolver knows (PROXIED_HOST_NAME) to where they really are, so a client can reach them only through it.
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { endToEndHeaders } from './endToEndHeaders';

export interface RecordingProxy {
  /** `http://127.0.0.1:PORT`, for http.proxy. */
  url: string;
  /** `CONNECT host:port` or `POST http://host:port/path`, in order, as the client sent them. */
  readonly passed: string[];
  close(): Promise<void>;
}

export interface RecordingProxyOptions {
  /** Host name to the address the proxy connects to instead (e.g. `models.example.test` to `127.0.0.1`). */
  hosts?: Readonly<Record<string, string>>;
}

export async function startRecordingProxy(options: RecordingProxyOptions = {}): Promise<RecordingProxy> {
  const passed: string[] = [];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const resolve = (host: string): string => options.hosts?.[host.toLowerCase()] ?? host;

  const server = http.createServer((req, res) => {
    passed.push(`${req.method ?? '?'} ${req.url ?? ''}`);
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URI expected');
      return;
    }
    const upstream = http.request(
      { host: resolve(target.hostname), port: target.port || 80, path: `${target.pathname}${target.search}`, method: req.method, headers: endToEndHeaders(req.headers) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.headersSent ? res.destroy() : res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    passed.push(`CONNECT ${req.url ?? ''}`);
    track(client);
    const target = new URL(`http://${req.url ?? ''}`);
    const upstream = net.connect(Number(target.port || 443), resolve(target.hostname), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
  });
  server.on('connection', track);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    passed,
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
