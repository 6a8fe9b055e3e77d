// Runs one response body through our ChatClient cut in many ways (every byte boundary, or seeded random ones that
// land inside multi-byte UTF-8 too) and checks that every cut gives the same outcome, and that outcome is right.
import assert from 'node:assert/strict';
import { ChatClient } from '../../src/core/client/chatClient';
import type { ChatCompletionRequest } from '../../src/core/protocol/messages';
import { everySplit, seededSplits, utf8 } from './byteSplits';
import { BASIC_REQUEST, collectOutcome, type Outcome } from './collectOutcome';
import { fakeFetch, piecesResponse } from './fakeFetch';

export type Splitter = (bytes: Uint8Array) => Iterable<Uint8Array[]>;
export const atEveryByte: Splitter = (bytes) => everySplit(bytes);
export const atRandom: Splitter = (bytes) => seededSplits(bytes, 0x5eed + bytes.length, 60, 24);

async function outcomesFor(transcript: string, splitter: Splitter, request: ChatCompletionRequest, headers: Record<string, string> = { 'content-type': 'text/event-stream' }): Promise<Outcome[]> {
  const bytes = utf8(transcript);
  const outcomes: Outcome[] = [];
  for (const pieces of splitter(bytes)) {
    const { fetch } = fakeFetch((call) => piecesResponse(pieces, { headers, signal: call.signal }));
    const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0, generateId: () => 'generated-id' });
    outcomes.push(await collectOutcome(client, request));
  }
  return outcomes;
}

/** Every split gives the same outcome, and that outcome passes `check`. */
export async function expectAtEverySplit(
  transcript: string,
  splitter: Splitter,
  check: (outcome: Outcome) => void,
  headers?: Record<string, string>,
  request: ChatCompletionRequest = BASIC_REQUEST,
): Promise<void> {
  const outcomes = await outcomesFor(transcript, splitter, request, headers);
  const [first, ...rest] = outcomes;
  assert.ok(first);
  check(first);
  rest.forEach((outcome, i) => assert.deepStrictEqual(outcome, first, `split #${i + 1} differs from the unsplit body`));
}

