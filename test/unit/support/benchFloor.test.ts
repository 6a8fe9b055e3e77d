// The activation bench's floor (test/bench/extensionHost/floorExtension) must make the API calls our activate()
// makes, or the ratio measures a registration the floor skipped rather than our own work. Commands are the calls
// that grow with features: the floor registers one per command we contribute (all of ours are registered at
// activation, so that they work at once).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FLOOR_COMMANDS } from '../../bench/extensionHost/benchPlan';

describe('the activation bench floor', () => {
  it('registers one command per command Ask Model contributes', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { commands: { command: string }[] } };
    const ours = manifest.contributes.commands.map(({ command }) => command.replace(/^askModel\./, '')).sort();
    assert.deepEqual([...FLOOR_COMMANDS].sort(), ours);
  });
});
