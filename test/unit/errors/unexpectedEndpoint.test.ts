// The shared recogniser of "no such route here" inside an answer (LM Studio's 200 "Unexpected endpoint or method"),
// over the recorded body, and what it must not take for one.
import assert from 'node:assert/strict';
import { NotFoundError } from '../../../src/core/errors/httpErrors';
import { saysUnexpectedEndpoint, unexpectedEndpointError, unexpectedEndpointIn } from '../../../src/core/errors/unexpectedEndpoint';
import { loadRecordedCases } from '../../support/recorded/recordedCases';

const recorded = loadRecordedCases().find((c) => c.name === 'lm-studio/unexpected-endpoint-200-no-v1');

describe('unexpectedEndpointIn', () => {
  it('reads LM Studio’s recorded 200 body, as text or parsed, and gives its words', () => {
    assert.ok(recorded);
    assert.equal(recorded.status, 200);
    const words = 'Unexpected endpoint or method. (POST /chat/completions)';
    assert.equal(unexpectedEndpointIn(recorded.body), words);
    assert.equal(unexpectedEndpointIn(JSON.parse(recorded.body)), words);
  });

  it('reads the words inside an error object’s message too, whatever the path and method', () => {
    assert.equal(unexpectedEndpointIn({ error: { message: 'Unexpected endpoint or method. (GET /props)' } }), 'Unexpected endpoint or method. (GET /props)');
    assert.ok(saysUnexpectedEndpoint('Unexpected endpoint or method. (POST /infill)'));
  });

  it('takes no other error for it, and never an answer’s own text that happens to hold the words', () => {
    assert.equal(unexpectedEndpointIn('{"error":"out of memory"}'), undefined);
    assert.equal(unexpectedEndpointIn({ choices: [{ text: 'throw new Error("Unexpected endpoint or method.")' }] }), undefined);
    assert.equal(unexpectedEndpointIn('data: {"error":"Unexpected endpoint or method. (POST /infill)"}\n\n'), undefined, 'not JSON: not read');
    assert.equal(unexpectedEndpointIn('Unexpected endpoint or method.'), undefined, 'plain text: not read');
    assert.equal(unexpectedEndpointIn(undefined), undefined);
    assert.equal(saysUnexpectedEndpoint('model "x" not found'), false);
  });

  it('makes the error a NotFoundError with the status the server sent and its words, the key redacted', () => {
    const error = unexpectedEndpointError({
      status: 200,
      url: 'http://localhost:1234/chat/completions',
      words: 'Unexpected endpoint or method. (POST /chat/completions?key=sk-secret)',
      bodyText: '{"error":"Unexpected endpoint or method. (POST /chat/completions?key=sk-secret)"}',
      redact: (text) => text.replaceAll('sk-secret', '***'),
    });
    assert.ok(error instanceof NotFoundError);
    assert.equal(error.status, 200);
    assert.equal(error.serverMessage, 'Unexpected endpoint or method. (POST /chat/completions?key=***)');
    assert.ok(!error.body.includes('sk-secret'));
    assert.match(error.message, /^200 from http:\/\/localhost:1234\/chat\/completions: nothing answers chat completions at this URL\./);
  });
});
