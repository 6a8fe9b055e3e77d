// Discovery and "no such route here" inside a 2xx (LM Studio's 200 "Unexpected endpoint or method"), read over the
// recorded body with the recogniser the completions and the chat client share (src/core/errors/unexpectedEndpoint.ts).
import assert from 'node:assert/strict';
import { unexpectedEndpointIn } from '../../../src/core/errors/unexpectedEndpoint';
import { readProbeAnswer } from '../../../src/core/catalogue/discoverCatalogue';
import { parseLlamaCppProps } from '../../../src/core/catalogue/llamaCppProps';
import { loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';

const recorded = (): unknown => JSON.parse(loadDiscoveryFixtures('missing-route')[0]?.bodyText ?? 'null');

describe('discovery: a 200 that says the route does not exist', () => {
  it("gives LM Studio's words for the recorded 200", () => {
    assert.equal(unexpectedEndpointIn(recorded()), 'Unexpected endpoint or method. (POST /chat/completions)');
  });

  it('reads only the error: a string, or an object with a message; any other body is not such an error', () => {
    assert.equal(unexpectedEndpointIn({ error: { message: 'Unexpected endpoint or method. (GET /props)' } }), 'Unexpected endpoint or method. (GET /props)');
    assert.equal(unexpectedEndpointIn({ error: 'model not found' }), undefined);
    assert.equal(unexpectedEndpointIn({ object: 'list', data: [{ id: 'Unexpected endpoint or method' }] }), undefined);
    assert.equal(unexpectedEndpointIn(['Unexpected endpoint or method']), undefined);
    assert.equal(unexpectedEndpointIn('Unexpected endpoint or method. (GET /props)'), undefined, 'text is not read');
    assert.equal(unexpectedEndpointIn(undefined), undefined);
  });

  it('a probe reads nothing from it, where /props’ lenient parser would name the model it was asked about', () => {
    assert.equal(parseLlamaCppProps(recorded(), 'qwen3-8b').length, 1, 'the parser alone takes it for a description');
    assert.deepEqual(readProbeAnswer(recorded(), (json) => parseLlamaCppProps(json, 'qwen3-8b')), []);
  });
});
