// Writes a recorded response body exactly as a real server sent it: same status, same bytes, in one piece.
import type { ServerResponse } from 'node:http';
import type { ReplayTurn } from './types';

/**
 * An event stream starts with a field or a comment line (llama.cpp's non-standard `error:` field among them); a JSON
 * completion or error starts with `{` or `[`.
 */
const SSE_FIRST_LINE = /^(?:data|event|id|retry|error)?:/;

export function replayContentType(body: string): string {
  const firstLine = body.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  return SSE_FIRST_LINE.test(firstLine) ? 'text/event-stream' : 'application/json';
}

export function writeReplay(res: ServerResponse, turn: ReplayTurn): void {
  if (res.headersSent || res.destroyed) return;
  const payload = Buffer.from(turn.body, 'utf8');
  // The recorded headers, but the body's length is ours to state, and its type is the recorded one when there is one.
  const recorded = Object.fromEntries(Object.entries(turn.headers ?? {}).filter(([name]) => !/^(content-type|content-length|transfer-encoding)$/i.test(name)));
  const recordedType = Object.entries(turn.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  res.writeHead(turn.status ?? 200, {
    ...recorded,
    'Content-Type': turn.contentType ?? recordedType ?? `${replayContentType(turn.body)}; charset=utf-8`,
    'Content-Length': payload.length,
    'Cache-Control': 'no-cache',
  });
  res.end(payload);
}
