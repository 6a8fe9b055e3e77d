// The loopback server, run as a child process of the bench. It has a process (and on this 2-core machine, a core) of
// its own so that its socket writes never run on the event loop being measured: every millisecond the bench reports
// is client work. It builds the same seeded transcript as the bench and reports the bytes' hash, so the bench can
// prove all three contenders were served exactly what it checks them against.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTranscript } from './transcript';

/**
 * The whole body is written as fast as the socket takes it, in 16 KiB slices cut at fixed byte offsets, not at event
 * boundaries, as TCP cuts them (events and UTF-8 characters split across reads). Measured here: one write per event
 * or 1 KiB slices reach the client as the same ~16 KiB reads anyway (the server outruns every client, the kernel
 * coalesces), but cost this process 20,000 writes with chunked framing; 64 KiB slices arrive as 64 KiB reads, which
 * no real server produces and which quadruple the SDK's per-event copy of its unread buffer (ours/sdk 0.40× → 0.22×).
 */
const WRITE_SLICE_BYTES = 16 * 1024;

export interface ServerReady {
  port: number;
  sha256: string;
  bytes: number;
  writeSliceBytes: number;
}

const transcript = buildTranscript();

const server = createServer((request, response) => {
  void answer(request, response).catch((error: unknown) => {
    process.stderr.write(`bench server: ${error instanceof Error ? error.stack : String(error)}\n`);
    response.destroy();
  });
});

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  // Only a streamed chat-completions request gets the transcript; anything else is a contender bug worth failing on.
  if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions') || !asksForStream(body)) {
    response.writeHead(400, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: { message: `bench server wants a streamed POST …/chat/completions, got ${request.method} ${request.url}`, type: 'invalid_request_error' } }));
    return;
  }
  response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
  const bytes = transcript.bytes;
  for (let at = 0; at < bytes.length && !response.destroyed; at += WRITE_SLICE_BYTES) {
    if (!response.write(bytes.subarray(at, at + WRITE_SLICE_BYTES))) await drainOrClose(response);
  }
  response.end();
}

function asksForStream(body: string): boolean {
  try {
    return (JSON.parse(body) as { stream?: unknown }).stream === true;
  } catch {
    return false;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

/** Waits for room in the socket, or for the client to go away (a client that stops early must not hang us). */
function drainOrClose(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

server.listen(0, '127.0.0.1', () => {
  const ready: ServerReady = {
    port: (server.address() as AddressInfo).port,
    sha256: transcript.facts.sha256,
    bytes: transcript.bytes.length,
    writeSliceBytes: WRITE_SLICE_BYTES,
  };
  process.send?.(ready);
});

// The bench disconnects when it is done (or dies): never outlive it.
process.on('disconnect', () => {
  server.close();
  server.closeAllConnections();
});
