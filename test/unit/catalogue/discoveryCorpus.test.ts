// The discovery corpus itself: every endpoint the catalogue reads has bodies, each with its source, and each body,
// read by its endpoint's parser, gives the models and facts its fixture lists (read off the body by hand).
import assert from 'node:assert/strict';
import { compareWithExpected, DISCOVERY_SOURCES, loadDiscoveryFixtures, parseFixture } from '../../support/discovery/discoveryFixtures';

const fixtures = loadDiscoveryFixtures();

describe('discovery corpus (test/fixtures/discovery)', () => {
  it('has bodies for every endpoint, each with a public source; most were sent by a real server', () => {
    for (const source of DISCOVERY_SOURCES) assert.ok(fixtures.some((fixture) => fixture.source === source), `no fixture for ${source}`);
    for (const fixture of fixtures) assert.match(fixture.sourceUrl, /^https:\/\//, fixture.name);
    const captured = fixtures.filter((fixture) => fixture.kind === 'captured').length;
    assert.ok(captured > fixtures.length / 2, `${captured} of ${fixtures.length} captured`);
  });

  it('keeps each body as the exact JSON text the source shows', () => {
    for (const fixture of fixtures) assert.doesNotThrow(() => JSON.parse(fixture.bodyText), fixture.name);
  });

  for (const fixture of fixtures) {
    it(`${fixture.name} (${fixture.server}, ${fixture.kind}): the parser reads what the body says`, () => {
      assert.deepEqual(compareWithExpected(fixture, parseFixture(fixture)), [], fixture.sourceUrl);
    });
  }
});
