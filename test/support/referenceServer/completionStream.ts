// Writes a streamed completion frame by frame, waiting between frames, and stops as soon as the client goes away.
import type { ServerResponse } from 'node:http';
import type { Sleep } from './abortableSleep';
import { writeAndFlush } from './httpReplies';

export async function writeFrames(res: ServerResponse, frames: readonly string[], contentType: string, pieceDelayMs: number, signal: AbortSignal, sleep: Sleep): Promise<void> {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.flushHeaders();
  for (const [i, frame] of frames.entries()) {
    if (i > 0 && pieceDelayMs > 0) await sleep(pieceDelayMs, signal);
    if (signal.aborted) return;
    await writeAndFlush(res, frame, signal);
  }
  if (!signal.aborted) res.end();
}
