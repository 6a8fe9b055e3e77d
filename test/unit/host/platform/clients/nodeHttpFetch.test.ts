// The fetch the host gives the client (src/host/platform/clients/nodeHttpFetch.ts), in plain Node over loopback: what fetch
// promises and the client relies on (status, headers, a streamed body, aborts, failures with their codes, redirects,
// compressed bodies), and the client itself over it against the reference server.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as zlib from 'node:zlib';
import { ChatClient } from '../../../../../src/core/client/chatClient';
import { ConnectionError } from '../../../../../src/core/errors/transportErrors';
import { nodeHttpFetch } from '../../../../../src/host/platform/clients/nodeHttpFetch';
import { BASIC_REQUEST, collectOutcome } from '../../../../support/collectOutcome';
import { makeThrowawayCa } from '../../../../support/network/throwawayCa';
import { faultTurn, startReferenceServer, textTurn, type ReferenceServer } from '../../../../support/referenceServer';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A loopback server answering with `handler`, recording each request. */
async function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const one = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(one);
      handler(req, res, one);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function codeOf(error: unknown): unknown {
  return ((error as { cause?: { code?: unknown } }).cause ?? {}).code;
}

describe('nodeHttpFetch: fetch over node:http/https, so VS Code’s proxy and certificate support applies whole', () => {
  it('sends the method, headers and body, and gives status, headers and body back', async () => {
    const server = await startServer((_req, res) => res.writeHead(201, 'Made', { 'x-answer': '42', 'content-type': 'text/plain' }).end('ünïcödé'));
    try {
      const response = await nodeHttpFetch(`${server.url}/v1/x?q=1`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer k' }, body: '{"a":"é"}' });
      assert.equal(response.status, 201);
      assert.equal(response.statusText, 'Made');
      assert.equal(response.ok, true);
      assert.equal(response.headers.get('x-answer'), '42');
      assert.equal(await response.text(), 'ünïcödé');
      const [request] = server.seen;
      assert.equal(request?.method, 'POST');
      assert.equal(request?.url, '/v1/x?q=1');
      assert.equal(request?.headers['content-type'], 'application/json');
      assert.equal(request?.headers.authorization, 'Bearer k');
      assert.equal(request?.headers['content-length'], String(Buffer.byteLength('{"a":"é"}')));
      assert.equal(request?.body, '{"a":"é"}');
    } finally {
      await server.close();
    }
  });

  it('streams: the first chunk can be read while the server is still writing', async () => {
    let finish: (() => void) | undefined;
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('first');
      finish = () => res.end('second');
    });
    try {
      const response = await nodeHttpFetch(server.url);
      const reader = response.body!.getReader();
      const first = await reader.read();
      assert.equal(new TextDecoder().decode(first.value), 'first');
      finish?.();
      let rest = '';
      for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
      assert.equal(rest, 'second');
    } finally {
      await server.close();
    }
  });

  it('an abort before the answer rejects with the signal’s reason; an abort mid-body errors the reader', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/body') {
        res.writeHead(200);
        res.write('part');
      } // '/hang' never answers
    });
    try {
      const early = new AbortController();
      const hanging = nodeHttpFetch(`${server.url}/hang`, { signal: early.signal });
      const reason = new Error('stop now');
      setTimeout(() => early.abort(reason), 50);
      await assert.rejects(hanging, (error) => error === reason);
      await assert.rejects(nodeHttpFetch(server.url, { signal: AbortSignal.abort(reason) }), (error) => error === reason);

      const late = new AbortController();
      const response = await nodeHttpFetch(`${server.url}/body`, { signal: late.signal });
      const reader = response.body!.getReader();
      await reader.read();
      late.abort(Symbol('a marker, not an Error'));
      await assert.rejects(reader.read(), (error: Error) => error.name === 'AbortError');
    } finally {
      await server.close();
    }
  });

  it('a refused connection is a TypeError whose cause has the code, as with fetch', async () => {
    const server = await startServer(() => undefined);
    const { url } = server;
    await server.close();
    await assert.rejects(nodeHttpFetch(url), (error) => error instanceof TypeError && codeOf(error) === 'ECONNREFUSED');
  });

  it('an authority this process does not trust: the certificate code, which the client turns into its clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-ca-'));
    const ca = makeThrowawayCa(dir, 'unit');
    const server = https.createServer({ key: ca.serverKey, cert: ca.serverCert }, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `https://localhost:${(server.address() as AddressInfo).port}`;
    try {
      await assert.rejects(nodeHttpFetch(url), (error) => error instanceof TypeError && /^(SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|UNABLE_TO_VERIFY_LEAF_SIGNATURE)$/.test(String(codeOf(error))));
      const client = new ChatClient({ fetch: nodeHttpFetch, baseUrl: url, maxRetries: 0 });
      await assert.rejects(client.complete(BASIC_REQUEST), (error) => error instanceof ConnectionError && error.failure === 'tls' && /NODE_EXTRA_CA_CERTS/.test(error.message));
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follows redirects as fetch does: 307 keeps the POST, 302 turns it into a GET, another origin never gets the key', async () => {
    const elsewhere = await startServer((_req, res) => res.end('elsewhere'));
    const server = await startServer((req, res) => {
      if (req.url === '/keep') res.writeHead(307, { location: '/final' }).end();
      else if (req.url === '/get') res.writeHead(302, { location: '/final' }).end();
      else if (req.url === '/away') res.writeHead(308, { location: `${elsewhere.url}/final` }).end();
      else res.end('final');
    });
    try {
      const post = { method: 'POST', headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' }, body: '{}' };
      assert.equal(await (await nodeHttpFetch(`${server.url}/keep`, post)).text(), 'final');
      assert.deepEqual([server.seen[1]?.method, server.seen[1]?.body, server.seen[1]?.headers.authorization], ['POST', '{}', 'Bearer k']);
      assert.equal(await (await nodeHttpFetch(`${server.url}/get`, post)).text(), 'final');
      assert.deepEqual([server.seen[3]?.method, server.seen[3]?.body, server.seen[3]?.headers['content-type']], ['GET', '', undefined]);
      assert.equal(await (await nodeHttpFetch(`${server.url}/away`, post)).text(), 'elsewhere');
      assert.equal(elsewhere.seen[0]?.method, 'POST');
      assert.equal(elsewhere.seen[0]?.headers.authorization, undefined, 'the key stays with its own origin');
      const manual = await nodeHttpFetch(`${server.url}/get`, { redirect: 'manual' });
      assert.equal(manual.status, 302);
    } finally {
      await Promise.all([server.close(), elsewhere.close()]);
    }
  });

  it('decodes gzip and br bodies, and gives 204 no body', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/gzip') res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('zipped text'));
      else if (req.url === '/br') res.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync('brotli text'));
      else res.writeHead(204).end();
    });
    try {
      const gzip = await nodeHttpFetch(`${server.url}/gzip`);
      assert.equal(await gzip.text(), 'zipped text');
      assert.equal(gzip.headers.get('content-encoding'), null);
      assert.equal(await (await nodeHttpFetch(`${server.url}/br`)).text(), 'brotli text');
      const empty = await nodeHttpFetch(`${server.url}/none`);
      assert.equal(empty.status, 204);
      assert.equal(empty.body, null);
    } finally {
      await server.close();
    }
  });

  describe('the client over it, against the reference server', () => {
    let server: ReferenceServer;
    const client = (options: { idleTimeoutMs?: number; maxRetries?: number } = {}): ChatClient =>
      new ChatClient({ fetch: nodeHttpFetch, baseUrl: server.url, sleep: async () => undefined, ...options });

    before(async () => {
      server = await startReferenceServer();
    });
    after(() => server.close());
    beforeEach(() => server.reset());

    it('streams an answer', async () => {
      server.script(textTurn('Streamed over node:http.', { chunks: 5 }));
      const outcome = await collectOutcome(client(), BASIC_REQUEST);
      assert.equal(outcome.error, undefined);
      assert.equal(outcome.text, 'Streamed over node:http.');
    });

    it('retries a reset before the answer, and keeps the partial text when one comes mid-stream', async () => {
      server.script(faultTurn({ type: 'resetMidStream', afterChunks: 0 }), textTurn('second try'));
      assert.equal((await client().complete({ ...BASIC_REQUEST, stream: false })).text, 'second try');
      server.reset();
      server.script(faultTurn({ type: 'resetMidStream', afterChunks: 3 }, textTurn('one two three four five six', { chunks: 6 })));
      const outcome = await collectOutcome(client(), BASIC_REQUEST);
      assert.ok(outcome.text.length > 0);
      assert.equal(outcome.error?.failure, 'connection-lost');
    });

    it('an idle time-out mid-stream ends the request with its own message', async () => {
      server.script(faultTurn({ type: 'stall', afterChunks: 3 }, textTurn('alpha beta gamma delta epsilon', { chunks: 5 })));
      const outcome = await collectOutcome(client({ idleTimeoutMs: 200 }), BASIC_REQUEST);
      assert.equal(outcome.error?.kind, 'timeout');
      assert.ok(outcome.text.length > 0);
    });

    it('a caller abort mid-stream ends quietly', async () => {
      server.script(faultTurn({ type: 'stall', afterChunks: 3 }, textTurn('one two three four', { chunks: 4 })));
      const controller = new AbortController();
      let text = '';
      for await (const event of client().stream(BASIC_REQUEST, { signal: controller.signal })) {
        if (event.type === 'text') {
          text += event.text;
          controller.abort();
        }
      }
      assert.ok(text.length > 0);
    });

    it('a refused connection is the client’s ConnectionError', async () => {
      const closed = await startReferenceServer();
      const { url } = closed;
      await closed.close();
      const c = new ChatClient({ fetch: nodeHttpFetch, baseUrl: url, maxRetries: 0 });
      await assert.rejects(c.complete(BASIC_REQUEST), (error) => error instanceof ConnectionError && error.failure === 'refused');
    });
  });
});
