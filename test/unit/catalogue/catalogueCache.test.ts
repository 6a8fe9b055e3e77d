import assert from 'node:assert/strict';
import { CatalogueCache } from '../../../src/core/catalogue/catalogueCache';
import type { DiscoveredModels } from '../../../src/core/catalogue/discoverCatalogue';

const discovered = (id: string): DiscoveredModels => ({ statements: [{ id, sources: {} }], listedIds: [id], endpoints: [] });

describe('CatalogueCache', () => {
  it('discovers once per key: callers share a discovery in flight and its result, until refresh', async () => {
    const cache = new CatalogueCache();
    let runs = 0;
    const discover = () => Promise.resolve(discovered(`m${++runs}`));
    const [first, second] = await Promise.all([cache.get('a', discover), cache.get('a', discover)]);
    assert.equal(runs, 1);
    assert.equal(first, second);
    assert.equal((await cache.get('a', discover)).discovered.listedIds?.[0], 'm1');
    assert.equal((await cache.get('b', discover)).discovered.listedIds?.[0], 'm2', 'another key (server settings) is another discovery');
    assert.equal((await cache.get('a', discover, { refresh: true })).discovered.listedIds?.[0], 'm3');
    assert.equal(cache.peek('a')?.discovered.listedIds?.[0], 'm3');
  });

  it('a failed discovery is not kept (the next call asks again); peek still has the last good one', async () => {
    const cache = new CatalogueCache();
    await cache.get('a', () => Promise.resolve(discovered('good')));
    await assert.rejects(cache.get('a', () => Promise.reject(new Error('down')), { refresh: true }), /down/);
    assert.equal(cache.peek('a')?.discovered.listedIds?.[0], 'good');
    assert.equal((await cache.get('a', () => Promise.resolve(discovered('again')))).discovered.listedIds?.[0], 'again');
  });

  it('tells its listeners when a server asked again answered, never for a first discovery, a reuse or a failure', async () => {
    const cache = new CatalogueCache();
    const told: string[] = [];
    const stop = cache.onRediscovered((key) => told.push(key));
    await cache.get('a', () => Promise.resolve(discovered('first')));
    await cache.get('a', () => Promise.resolve(discovered('unused')));
    assert.deepEqual(told, [], 'a first discovery and a reuse change nothing others showed');
    await cache.get('a', () => Promise.resolve(discovered('again')), { refresh: true });
    assert.deepEqual(told, ['a']);
    await assert.rejects(cache.get('a', () => Promise.reject(new Error('down')), { refresh: true }));
    assert.deepEqual(told, ['a'], 'a failed refresh leaves the list as it was');
    await cache.get('a', () => Promise.resolve(discovered('after the failure')));
    assert.deepEqual(told, ['a', 'a'], 'asked again after a failure: the answer may differ from the last good one');
    stop();
    await cache.get('a', () => Promise.resolve(discovered('unheard')), { refresh: true });
    assert.deepEqual(told, ['a', 'a']);
  });

  it('peek never asks the server and knows nothing before a discovery finished', async () => {
    const cache = new CatalogueCache();
    assert.equal(cache.peek('a'), undefined);
    let finish: (value: DiscoveredModels) => void = () => undefined;
    const pending = cache.get('a', () => new Promise((resolve) => (finish = resolve)));
    assert.equal(cache.peek('a'), undefined);
    finish(discovered('late'));
    await pending;
    assert.equal(cache.peek('a')?.discovered.listedIds?.[0], 'late');
    cache.clear();
    assert.equal(cache.peek('a'), undefined);
  });
});
