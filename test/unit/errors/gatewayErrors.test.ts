// A gateway between us and the model (Portkey's open AI gateway) answers in shapes of its own. Every body here is one
// the gateway really sent (test/fixtures/recorded/portkey, recorded from npm @portkey-ai/gateway 1.15.2; the peer tier
// checks the live gateway still sends them): each must become an error a person can act on, and an upstream the
// gateway could not reach must not be retried.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BadRequestError, NotFoundError, ServerError, UpstreamUnreachableError } from '../../../src/core/errors/httpErrors';
import { ChatClient } from '../../../src/core/client/chatClient';
import { extractServerWords } from '../../../src/core/errors/serverMessage';
import { httpErrorFromResponse } from '../../../src/core/errors/httpErrors';
import { isRetryableFailure } from '../../../src/core/http/retryPolicy';
import { BASIC_REQUEST, collectOutcome } from '../../support/collectOutcome';
import { fakeFetch, piecesResponse } from '../../support/fakeFetch';
import { utf8 } from '../../support/byteSplits';

const GATEWAY = 'http://127.0.0.1:8787/v1/chat/completions';
const ROUTING = { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': 'http://127.0.0.1:18939/v1' };
/** The headers Portkey stamps on an answer it relays (as recorded), less the date. */
const PORTKEY_HEADERS = { 'x-portkey-cache-status': 'DISABLED', 'x-portkey-last-used-option-index': 'config', 'x-portkey-provider': 'openai', 'x-portkey-retry-attempt-count': '0', 'x-portkey-trace-id': '' };

function recorded(name: string): { status: number; body: string; headers: Record<string, string> } {
  const file = path.resolve(__dirname, '..', '..', 'fixtures', 'recorded', 'portkey', `${name}.json`);
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { status: number; body: string; headers?: Record<string, string> };
  return { status: data.status, body: data.body, headers: data.headers ?? {} };
}

function errorFor(name: string, declaredUpstream?: string) {
  const { status, body, headers } = recorded(name);
  return httpErrorFromResponse({
    status,
    url: GATEWAY,
    headers: new Headers({ 'content-type': 'application/json', ...PORTKEY_HEADERS, ...headers }),
    bodyText: body,
    apiKey: undefined,
    retryAfterMs: undefined,
    declaredUpstream,
  });
}

describe('a gateway\'s own error bodies (Portkey 1.15.2, recorded)', () => {
  it('a missing x-portkey-provider points at the profile\'s headers setting, not at the model or the extra body', () => {
    const error = errorFor('missing-provider-header-400');
    assert.ok(error instanceof BadRequestError);
    assert.equal(error.routingHeader, 'x-portkey-provider');
    assert.equal(error.missingField, undefined);
    assert.match(error.message, /the gateway could not tell where to send the request \(its "x-portkey-provider" header\)/);
    assert.match(error.message, /The gateway said: "Either x-portkey-config or x-portkey-provider header is required"/);
    assert.match(error.message, /headers setting \(askModel\.headers, or the profile's headers in askModel\.profiles\)/);
    assert.match(error.message, /"x-portkey-provider": "openai"/);
    assert.doesNotMatch(error.message, /askModel\.extraBody|askModel\.model/);
    assert.deepEqual(error.actions, ['open-settings']);
  });

  it('an unknown provider and a refused custom host name their header, though the gateway\'s words do not', () => {
    const provider = errorFor('invalid-provider-400');
    assert.ok(provider instanceof BadRequestError);
    assert.equal(provider.routingHeader, 'x-portkey-provider');
    const host = errorFor('invalid-custom-host-400');
    assert.ok(host instanceof BadRequestError);
    assert.equal(host.routingHeader, 'x-portkey-custom-host');
    assert.match(host.message, /Check "x-portkey-custom-host" in this profile's headers setting/);
    assert.match(host.message, /TRUSTED_CUSTOM_HOSTS/);
  });

  it('an upstream that refused the connection: "could not reach its upstream at …", the address we declared first, else the one in its words', () => {
    const declared = errorFor('upstream-refused-500', 'http://127.0.0.1:18939/v1');
    assert.ok(declared instanceof UpstreamUnreachableError, String(declared));
    assert.equal(declared.kind, 'upstream-unreachable');
    assert.match(declared.message, /^500 from http:\/\/127\.0\.0\.1:8787\/v1\/chat\/completions: the gateway could not reach its upstream at http:\/\/127\.0\.0\.1:18939\/v1\. /);
    assert.match(declared.message, /The gateway said: "connect ECONNREFUSED 127\.0\.0\.1:18939"/);
    assert.match(declared.message, /server behind the gateway is running/);
    assert.equal(declared.upstreamFailure, 'connect ECONNREFUSED 127.0.0.1:18939');
    const fromWords = errorFor('upstream-refused-500');
    assert.match(fromWords.message, /could not reach its upstream at 127\.0\.0\.1:18939\./);
    assert.match(errorFor('upstream-unknown-host-500').message, /could not reach its upstream at no-such-host-ask-model\.com\./);
    const noAddress = errorFor('upstream-bad-port-500');
    assert.ok(noAddress instanceof UpstreamUnreachableError);
    assert.match(noAddress.message, /could not reach its upstream and did not say which address it tried\. The gateway said: "bad port"/);
  });

  it('a connect that timed out (503 "fetch failed", no cause, no address): the upstream is unreachable, and the message says the address is unknown', () => {
    const error = errorFor('upstream-connect-timeout-503');
    assert.ok(error instanceof UpstreamUnreachableError, String(error));
    assert.equal(error.kind, 'upstream-unreachable');
    assert.equal(error.connectTimedOut, true);
    assert.equal(error.upstreamFailure, 'fetch failed');
    assert.match(error.message, /^503 from http:\/\/127\.0\.0\.1:8787\/v1\/chat\/completions: the gateway could not reach its upstream \(connecting to it timed out\) and did not say which address it tried\. The gateway said: "fetch failed"\. /);
    assert.match(error.message, /the gateway's own network cannot reach that address/);
    assert.doesNotMatch(error.message, /the server, or the service behind it, is unavailable|Retry;/);
    // With the address our headers declared, that address is named.
    const declared = errorFor('upstream-connect-timeout-503', 'http://10.0.0.7:8080/v1');
    assert.match(declared.message, /could not reach its upstream at http:\/\/10\.0\.0\.7:8080\/v1 \(connecting to it timed out\)\. /);
    // The other failed fetches are not time-outs.
    assert.equal((errorFor('upstream-refused-500') as UpstreamUnreachableError).connectTimedOut, false);
  });

  it('an unreachable upstream is not retryable; a failure inside the gateway and a plain 500 still are', () => {
    for (const name of ['upstream-refused-500', 'upstream-unknown-host-500', 'upstream-bad-port-500', 'upstream-connect-timeout-503']) assert.equal(isRetryableFailure(errorFor(name)), false, name);
    const inside = errorFor('gateway-exception-500-hono-node-server-1.19');
    assert.ok(inside instanceof ServerError);
    assert.match(inside.message, /the gateway failed inside itself\. The gateway said: "Something went wrong"\. Retry; if it keeps failing, check the gateway's own log\./);
    assert.equal(isRetryableFailure(inside), true);
    assert.equal(isRetryableFailure({ status: 500, kind: 'server' }), true);
    assert.equal(isRetryableFailure({ status: 503, kind: 'server' }), true, 'a 503 that is not the gateway\'s time-out is still retried');
    assert.equal(isRetryableFailure({ status: 400, kind: 'bad-request' }), false);
  });

  it('the upstream\'s words relayed in the provider wrapper lose the wrapper\'s prefix and say who said them', () => {
    const error = errorFor('provider-wrapper-400-llamacpp');
    assert.ok(error instanceof BadRequestError);
    assert.equal(error.serverMessage, 'Invalid tool_choice: bogus');
    assert.equal(error.serverCode, 'invalid_request_error');
    assert.match(error.message, /The server behind the gateway \(provider openai\) said: "Invalid tool_choice: bogus"/);
    const notFound = errorFor('provider-wrapper-404-wrong-path');
    assert.ok(notFound instanceof NotFoundError);
    assert.match(notFound.message, /the server behind the gateway has nothing at the address it forwards to/);
    assert.match(notFound.message, /Check "x-portkey-custom-host"/);
  });

  it('an upstream\'s HTML page relayed as an html-message is read as its text', () => {
    const words = extractServerWords(recorded('upstream-html-page-501').body, 'application/json');
    assert.equal(words.gateway?.speaker, 'upstream');
    assert.match(words.message, /^Error response Error code: 501 Message: Unsupported method \('POST'\)\./);
    assert.ok(!words.message.includes('<'), words.message);
  });

  it('bodies that only look like a gateway\'s keep their own reading', () => {
    // Fastify's {statusCode, error, message}, and a server that happens to send a top-level `provider` without an error object.
    assert.equal(extractServerWords('{"statusCode":400,"error":"Bad Request","message":"body must have property model"}').gateway, undefined);
    assert.equal(extractServerWords('{"provider":"openai","message":"hello"}').gateway, undefined);
    assert.equal(extractServerWords('Message: the sky Cause: NA Name: Story').gateway, undefined);
  });
});

describe('a gateway\'s errors through ChatClient', () => {
  const respond = (name: string) => {
    const { status, body, headers } = recorded(name);
    return fakeFetch((call) => piecesResponse([utf8(body)], { status, headers: { 'content-type': 'application/json', ...PORTKEY_HEADERS, ...headers }, signal: call.signal }));
  };

  it('an unreachable upstream is asked once, not three times, and the error names the address our headers declared', async () => {
    const { fetch, calls } = respond('upstream-refused-500');
    const retries: number[] = [];
    const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:8787', headers: ROUTING, maxRetries: 2, sleep: async () => undefined, onExchange: (entry) => (entry.outcome === 'retry' ? retries.push(entry.attempt) : undefined) });
    const outcome = await collectOutcome(client, { ...BASIC_REQUEST, stream: true });
    assert.equal(calls.length, 1);
    assert.deepEqual(retries, []);
    assert.equal(outcome.error?.kind, 'upstream-unreachable', JSON.stringify(outcome.error));
    assert.match(outcome.error.message, /could not reach its upstream at http:\/\/127\.0\.0\.1:18939\/v1\./);
  });

  it('a connect time-out (the recorded 503 "fetch failed") is asked once, not three times, and says it timed out', async () => {
    const { fetch, calls } = respond('upstream-connect-timeout-503');
    const retries: number[] = [];
    const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:8787', headers: { 'x-portkey-provider': 'openai' }, maxRetries: 2, sleep: async () => undefined, onExchange: (entry) => (entry.outcome === 'retry' ? retries.push(entry.attempt) : undefined) });
    const outcome = await collectOutcome(client, { ...BASIC_REQUEST, stream: true });
    assert.equal(calls.length, 1);
    assert.deepEqual(retries, []);
    assert.equal(outcome.error?.kind, 'upstream-unreachable', JSON.stringify(outcome.error));
    assert.match(outcome.error.message, /could not reach its upstream \(connecting to it timed out\) and did not say which address it tried\./);
  });

  it('a failure inside the gateway is retried as any 500 is', async () => {
    const { fetch, calls } = respond('gateway-exception-500-hono-node-server-1.19');
    const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:8787', headers: ROUTING, maxRetries: 2, sleep: async () => undefined });
    const outcome = await collectOutcome(client, { ...BASIC_REQUEST, stream: true });
    assert.equal(calls.length, 3);
    assert.equal(outcome.error?.kind, 'server', JSON.stringify(outcome.error));
  });

  it('the model list through a gateway that cannot reach its upstream (a text/plain 500, recorded) is the same error', async () => {
    // GET /v1/models relays no provider transform, so the report comes bare (recorded with x-portkey-custom-host: http://127.0.0.1:1/v1).
    const { fetch } = fakeFetch((call) => piecesResponse([utf8('Message: fetch failed Cause: Error: bad port Name: TypeError')], { status: 500, headers: { 'content-type': 'text/plain;charset=UTF-8', ...PORTKEY_HEADERS }, signal: call.signal }));
    const client = new ChatClient({ fetch, baseUrl: 'http://127.0.0.1:8787', headers: { ...ROUTING, 'x-portkey-custom-host': 'http://127.0.0.1:1/v1' } });
    await assert.rejects(client.listModels(), (error: unknown) => {
      assert.ok(error instanceof UpstreamUnreachableError, String(error));
      assert.match(error.message, /could not reach its upstream at http:\/\/127\.0\.0\.1:1\/v1\. The gateway said: "bad port"/);
      return true;
    });
  });
});
