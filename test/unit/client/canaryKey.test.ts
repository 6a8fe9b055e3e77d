// The API key never appears in a message, a log line or a thrown object, even when a careless server echoes it
// back in its error body, its headers or mid-stream.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { ChatClient, type ExchangeLogEntry } from '../../../src/core/client/chatClient';
import { BASIC_REQUEST } from '../../support/collectOutcome';
import { fakeFetch, jsonResponse, piecesResponse } from '../../support/fakeFetch';
import { startReferenceServer, type Fault } from '../../support/referenceServer';
import { utf8 } from '../../support/byteSplits';
import { chunk, dataLine } from '../../support/sseTranscript';

const CANARY = 'sk-canary-7f3a9c1e5b2d4f6a8c0e';

function assertNoCanary(value: unknown, where: string): void {
  const views = [
    String(value),
    inspect(value, { depth: Infinity, showHidden: true, getters: true }),
    JSON.stringify(value, Object.getOwnPropertyNames(value ?? {})) ?? '',
    value instanceof Error ? (value.stack ?? '') : '',
  ];
  for (const view of views) assert.ok(!view.includes(CANARY), `the key leaked into ${where}: ${view.slice(0, 300)}`);
}

describe('canary key', () => {
  it('never leaks through errors or log entries for any fault the server can produce', async () => {
    const server = await startReferenceServer({ apiKey: 'another-key' });
    try {
      const faults: Fault[] = [
        ...[400, 401, 403, 404, 413, 422, 429, 500, 502, 503].flatMap((status) =>
          (['openai', 'detail', 'message', 'text', 'html'] as const).map((body): Fault => ({ type: 'status', status, body, message: `Incorrect API key provided: ${CANARY}` })),
        ),
        { type: 'errorEvent', afterChunks: 1, style: 'event', message: `bad key ${CANARY}` },
        { type: 'errorEvent', afterChunks: 1, style: 'data', message: `bad key ${CANARY}` },
        { type: 'resetMidStream', afterChunks: 2 },
        { type: 'garbageLine', afterChunks: 1 },
      ];
      for (const fault of faults) {
        for (const stream of [true, false]) {
          server.reset();
          server.setDefaultFault(fault);
          const log: ExchangeLogEntry[] = [];
          const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: server.url, apiKey: CANARY, maxRetries: 1, sleep: async () => undefined, onExchange: (e) => log.push(e) });
          let caught: unknown;
          try {
            await client.complete({ ...BASIC_REQUEST, stream });
          } catch (error) {
            caught = error;
          }
          assertNoCanary(caught, `the error for ${JSON.stringify(fault)} (stream ${stream})`);
          assertNoCanary(log, `the log for ${JSON.stringify(fault)}`);
          assert.equal(server.requests.at(-1)?.headers['authorization'], `Bearer ${CANARY}`, 'the key still goes in the header');
        }
      }
    } finally {
      await server.close();
    }
  });

  it('never leaks through response headers, non-JSON stream lines or a 200 error body', async () => {
    const answers = [
      () => jsonResponse(500, { error: { message: 'x' } }, { 'x-echo': CANARY }),
      () => piecesResponse([utf8(`${dataLine(chunk({ content: 'a' }))}data: ${CANARY}\n\n`)]),
      () => jsonResponse(200, { error: { message: `key ${CANARY} refused` } }),
      () => new Response(`not json ${CANARY}`, { status: 200 }),
    ];
    for (const answer of answers) {
      const { fetch } = fakeFetch(answer);
      const client = new ChatClient({ fetch, baseUrl: 'http://x', apiKey: CANARY, maxRetries: 0 });
      let caught: unknown;
      try {
        await client.complete(BASIC_REQUEST);
      } catch (error) {
        caught = error;
      }
      assert.ok(caught, 'an error was raised');
      assertNoCanary(caught, 'the error');
    }
  });

  it('the client object itself does not show the key when printed', () => {
    const client = new ChatClient({ fetch: globalThis.fetch, baseUrl: 'http://x', apiKey: CANARY });
    // The key lives in a private field; printing the client is what a careless log line would do.
    const printed = inspect(client, { depth: 0 });
    assert.ok(!printed.includes(CANARY), printed);
    assert.ok(!JSON.stringify(client).includes(CANARY));
  });
});
