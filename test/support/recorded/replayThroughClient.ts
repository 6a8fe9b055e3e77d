// Replays a recorded body through our ChatClient, as the server sent it or cut into the pieces a socket might
// deliver, and reports what a caller assembled.
import { ChatClient } from '../../../src/core/client/chatClient';
import { utf8 } from '../byteSplits';
import { BASIC_REQUEST, collectOutcome } from '../collectOutcome';
import { fakeFetch, piecesResponse } from '../fakeFetch';
import type { AssembledAnswer, RecordedCase } from './recordedCases';

export function contentTypeOf(recorded: RecordedCase): string {
  return recorded.streamed ? 'text/event-stream' : 'application/json';
}

export async function replayThroughClient(recorded: RecordedCase, pieces: readonly Uint8Array[] = [utf8(recorded.body)]): Promise<AssembledAnswer & { ignoredChoices: number[] }> {
  const { fetch } = fakeFetch((call) => piecesResponse(pieces, { status: recorded.status, headers: { ...recorded.headers, 'content-type': contentTypeOf(recorded) }, signal: call.signal }));
  const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0, generateId: () => 'generated-id' });
  const outcome = await collectOutcome(client, { ...BASIC_REQUEST, stream: recorded.streamed });
  return {
    text: outcome.text,
    reasoning: outcome.reasoning,
    refused: outcome.done?.refused ?? false,
    ignoredChoices: outcome.done?.ignoredChoices ?? [],
    toolCalls: outcome.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
    finishReason: outcome.done?.finishReason,
    usage: outcome.usage as Record<string, unknown> | undefined,
    error: outcome.error?.message,
    errorKind: outcome.error?.kind ?? 'none',
  };
}
