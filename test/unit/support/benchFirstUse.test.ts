// The sizes bench's rows of what each surface first loads (test/bench/sizes/firstUse.ts) name only parts esbuild.js
// builds, and every part is in some row, so a part added to lazy.ts is measured.
import assert from 'node:assert/strict';
import Module from 'node:module';
import path from 'node:path';
import { FIRST_USE } from '../../bench/sizes/firstUse';

const { parts } = Module.createRequire(__filename)(path.resolve(__dirname, '..', '..', '..', 'esbuild.js')) as { parts: Record<string, string> };

describe('the sizes bench’s first-use rows', () => {
  it('name every deferred part, and only those', () => {
    const named = new Set(Object.values(FIRST_USE).flat());
    assert.deepEqual([...named].sort(), Object.keys(parts).sort());
  });
});
