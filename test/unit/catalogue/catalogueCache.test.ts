import assert from 'node:assert/strict';
import { CatalogueCache, type DiscoveredModels } from '../../../src/core';

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
