import assert from 'node:assert/strict';
import { parseOllamaTags } from '../../../src/core/catalogue/ollamaTags';
import { compareWithExpected, loadDiscoveryFixtures } from '../../support/discovery/discoveryFixtures';

const fixtures = loadDiscoveryFixtures('ollama-tags');

describe('parseOllamaTags (GET /api/tags)', () => {
  for (const recorded of fixtures) {
    it(`${recorded.name}: the ${recorded.expected.models} models it lists, with no facts`, () => {
      const models = parseOllamaTags(JSON.parse(recorded.bodyText));
      assert.deepEqual(compareWithExpected(recorded, models), []);
      assert.ok(models.every((model) => Object.keys(model.sources).length === 0));
    });
  }

  it('keeps the listed order; not a tag list gives no models', () => {
    assert.deepEqual(
      parseOllamaTags(JSON.parse(fixtures[1]?.bodyText ?? '{}')).map((model) => model.id),
      ['deepseek-v3.1:671b', 'gpt-oss:120b', 'gpt-oss:20b'],
    );
    assert.deepEqual(parseOllamaTags({ data: [] }), []);
    assert.deepEqual(parseOllamaTags({ models: [{ size: 1 }, null] }), []);
  });
});
