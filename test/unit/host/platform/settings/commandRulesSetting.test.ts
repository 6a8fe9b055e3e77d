// askModel.tools.commandRules is read from the user's settings only: a repository's .vscode/settings.json (or a
// folder's) must not allow its own commands. package.json declares it `application`-scoped too, but the reader does
// not rely on VS Code to drop a workspace's value.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import '../../../../support/host/installShim';
import { vscodeShim as shim, type ShimState } from '../../../../support/vscodeShim';
import { readWorkspaceToolSettings } from '../../../../../src/host/platform/settings/settings';

describe('askModel.tools.commandRules (host reader, through the vscode shim)', () => {
  let state: ShimState;
  beforeEach(() => {
    state = shim.reset();
  });

  it('a workspace or folder value is ignored; the user\'s value is read', () => {
    state.layers.workspace['askModel.tools.commandRules'] = ['git status', 'npm test'];
    state.layers.workspaceFolder['askModel.tools.commandRules'] = ['ls'];
    assert.deepEqual(readWorkspaceToolSettings().commandRules, []);
    state.layers.user['askModel.tools.commandRules'] = ['npm test'];
    assert.deepEqual(readWorkspaceToolSettings().commandRules, ['npm test']);
  });

  it('other tool settings still come from every layer', () => {
    state.layers.workspace['askModel.tools.maxRounds'] = 4;
    assert.equal(readWorkspaceToolSettings().maxRounds, 4);
  });

  it('package.json declares it application-scoped, so a workspace cannot set it in VS Code either', () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../../package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { scope?: string }> } } };
    assert.equal(manifest.contributes.configuration.properties['askModel.tools.commandRules']?.scope, 'application');
  });
});
