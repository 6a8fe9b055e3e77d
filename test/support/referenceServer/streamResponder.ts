// Writes a streamed answer as server-sent events and applies the stream faults at their chunk boundary.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { untilAborted, type Sleep } from './abortableSleep';
import { writeAndFlush } from './httpReplies';
import { resolveResponseMs } from './responseTiming';
import type { StreamChunk } from './streamChunks';
import type { Fault } from './types';

export interface StreamContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Aborts when the client goes away or the server closes. */
  signal: AbortSignal;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** The scripted `_response_ms`: undefined = measure, null = omit. */
  responseMs: number | null | undefined;
  /** How the server waits (ReferenceServerOptions.sleep). */
  sleep: Sleep;
}

type Outcome = 'continue' | 'stop';

export async function writeStreamedAnswer(chunks: readonly StreamChunk[], fault: Fault | undefined, ctx: StreamContext): Promise<void> {
  const { res, signal, sleep } = ctx;
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  res.flushHeaders();

  const faultAt = fault !== undefined && 'afterChunks' in fault ? Math.min(Math.max(0, fault.afterChunks), chunks.length) : -1;
  const dripMs = fault?.type === 'slowDrip' ? fault.delayMs : 0;

  for (let i = 0; i <= chunks.length; i++) {
    if (i === faultAt && fault !== undefined && (await applyMidStreamFault(fault, ctx)) === 'stop') return;
    if (signal.aborted) return;
    const chunk = chunks[i];
    if (chunk === undefined) break;
    if (dripMs > 0 && i > 0) await sleep(dripMs, signal);
    await send(ctx, serialize(chunk, ctx));
    if (signal.aborted) return;
  }
  if (dripMs > 0) await sleep(dripMs, signal);
  if (signal.aborted) return;
  if (fault?.type !== 'noDone') await send(ctx, 'data: [DONE]\n\n');
  res.end();
}

async function applyMidStreamFault(fault: Fault, ctx: StreamContext): Promise<Outcome> {
  switch (fault.type) {
    case 'resetMidStream':
      if (fault.afterMs !== undefined) await ctx.sleep(fault.afterMs, ctx.signal);
      ctx.req.socket.destroy();
      return 'stop';
    case 'stall':
      await (fault.ms === undefined ? untilAborted(ctx.signal) : ctx.sleep(fault.ms, ctx.signal));
      return 'continue';
    case 'garbageLine':
      await send(ctx, 'data: this is not json\n\n');
      return 'continue';
    case 'errorEvent': {
      const error = { error: { message: fault.message ?? 'Reference server fault: the model failed mid-stream.', type: 'server_error', param: null, code: null } };
      const prefix = fault.style === 'event' ? 'event: error\n' : '';
      await send(ctx, `${prefix}data: ${JSON.stringify(error)}\n\n`);
      ctx.res.end();
      return 'stop';
    }
    default:
      return 'continue';
  }
}

function serialize(chunk: StreamChunk, ctx: StreamContext): string {
  let payload = chunk.payload;
  if (chunk.carriesResponseMs) {
    const responseMs = resolveResponseMs(ctx.responseMs, ctx.startedAt);
    if (responseMs !== null) payload = { ...payload, _response_ms: responseMs };
  }
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function send(ctx: StreamContext, data: string): Promise<void> {
  return writeAndFlush(ctx.res, data, ctx.signal);
}
