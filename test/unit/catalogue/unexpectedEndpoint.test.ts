// Discovery's stand-in for the shared recogniser of "no such route here" inside a 2xx (LM Studio's 200 "Unexpected
// endpoint or method"), read over the recorded body; the same contract as the recogniser it will be replaced by.
import assert from 'node:assert/strict';
import { unexpectedEndpointIn } from '../../../src/core/catalogue/unexpectedEndpoint';
import { readProbeAnswer } from '../../../src/core/catalogue/discoverCatalogue';
import { parseLlamaCppProps } from '../../../src/core/catalogue/llamaCppProps';
import { loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';

const recorded = (): unknown => JSON.parse(loadDiscoveryFixtures('missing-route')[0]?.bodyText ?? 'null');

describe('unexpectedEndpointIn (discovery’s stand-in)', () => {
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
