// A finished answer's ChatDone with the given fields, the rest as a plain streamed answer that sent no usage.
import type { ChatDone } from '../../src/core/stream/events';

export function doneWith(fields: Partial<ChatDone>): ChatDone {
  return {
    finishReason: 'stop',
    model: undefined,
    id: undefined,
    usage: undefined,
    responseMs: undefined,
    streamed: true,
    refused: false,
    ignoredChoices: [],
    headers: {},
    timings: { timeToFirstByteMs: 1, timeToFirstTokenMs: undefined, totalMs: 2, tokensPerSecond: undefined, tokensPerSecondEstimated: true },
    ...fields,
  };
}
