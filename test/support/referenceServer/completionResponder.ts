// Writes a non-streamed answer; stream faults have a non-stream counterpart where one makes sense.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { untilAborted, type Sleep } from './abortableSleep';
import type { PlannedAnswer } from './answerPlan';
import { buildCompletionBody } from './completionBody';
import type { CompletionEnvelope } from './completionEnvelope';
import { sendJson, sendText } from './httpReplies';
import { resolveResponseMs } from './responseTiming';
import type { Fault } from './types';

export interface CompletionContext {
  req: IncomingMessage;
  res: ServerResponse;
  signal: AbortSignal;
  startedAt: number;
  /** How the server waits (ReferenceServerOptions.sleep). */
  sleep: Sleep;
}

export async function writeCompletion(plan: PlannedAnswer, envelope: CompletionEnvelope, fault: Fault | undefined, ctx: CompletionContext): Promise<void> {
  switch (fault?.type) {
    case 'resetMidStream':
      ctx.req.socket.destroy();
      return;
    case 'stall':
      await (fault.ms === undefined ? untilAborted(ctx.signal) : ctx.sleep(fault.ms, ctx.signal));
      break;
    case 'slowDrip':
      await ctx.sleep(fault.delayMs, ctx.signal);
      break;
    case 'garbageLine':
      sendText(ctx.res, 200, 'this is not json', 'application/json');
      return;
    case 'errorEvent': {
      const message = fault.message ?? 'Reference server fault: the model failed.';
      sendJson(ctx.res, 200, { error: { message, type: 'server_error', param: null, code: null } });
      return;
    }
    default:
      break;
  }
  if (ctx.signal.aborted) return;
  sendJson(ctx.res, 200, buildCompletionBody(plan, envelope, resolveResponseMs(plan.responseMs, ctx.startedAt)));
}
