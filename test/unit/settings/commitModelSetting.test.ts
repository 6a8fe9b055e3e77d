// askModel.commitModel: top-level for the Default profile and per profile (a profile states its own, as with every
// server setting), empty meaning the chat model; a bad value names the setting; package.json contributes both.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readExtensionSettings, readServerProfiles } from '../../../src/core/settings/extensionSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';

const getter = (values: Record<string, unknown>) => (key: string) => values[key];

describe('commitModel setting', () => {
  it('is empty by default and read trimmed from the top level', () => {
    assert.equal(readExtensionSettings(getter({})).commitModel, '');
    assert.equal(readExtensionSettings(getter({ commitModel: ' small-model ' })).commitModel, 'small-model');
  });

  it('is per profile: a profile has its own and does not take the top-level one', () => {
    const values = { commitModel: 'top-model', activeProfile: 'Local', profiles: [{ name: 'Local', baseUrl: 'http://localhost:8080' }, { name: 'Other', baseUrl: 'http://x', commitModel: 'other-commit' }] };
    assert.equal(readExtensionSettings(getter(values)).commitModel, '');
    assert.deepEqual(
      readServerProfiles(getter(values)).map((profile) => [profile.name, profile.commitModel]),
      [
        ['Default', 'top-model'],
        ['Local', ''],
        ['Other', 'other-commit'],
      ],
    );
  });

  it('a value that is not text is an error naming the setting', () => {
    assert.throws(() => readExtensionSettings(getter({ commitModel: 3 })), (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.commitModel');
    assert.throws(() => readExtensionSettings(getter({ activeProfile: 'L', profiles: [{ name: 'L', baseUrl: 'http://x', commitModel: false }] })), /profile "L": commitModel/);
  });

  it('package.json contributes it at the top level and in a profile, and the command its button runs', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      contributes: {
        configuration: { properties: Record<string, { type?: string; default?: unknown; items?: { properties?: Record<string, { type?: string }> } }> };
        commands: { command: string; icon?: string }[];
        menus: Record<string, { command: string; when?: string }[]>;
      };
    };
    const properties = manifest.contributes.configuration.properties;
    assert.deepEqual([properties['askModel.commitModel']?.type, properties['askModel.commitModel']?.default], ['string', '']);
    assert.equal(properties['askModel.profiles']?.items?.properties?.['commitModel']?.type, 'string');
    assert.equal(manifest.contributes.commands.find((command) => command.command === 'askModel.writeCommitMessage')?.icon, '$(sparkle)');
    // scm/inputBox is a proposed menu in VS Code 1.139 (contribSourceControlInputBoxMenu): the button is in the Source
    // Control title bar, for git repositories.
    assert.deepEqual(manifest.contributes.menus['scm/title']?.find((item) => item.command === 'askModel.writeCommitMessage')?.when, 'scmProvider == git');
    assert.equal(manifest.contributes.menus['scm/inputBox'], undefined);
  });
});
