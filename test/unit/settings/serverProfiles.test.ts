// Server profiles: the top-level settings are the Default profile, unchanged for a user who adds none; other profiles
// state their own server settings; a bad profile or an unknown active name is an error that says how to fix it.
import assert from 'node:assert/strict';
import { DEFAULT_PROFILE_NAME } from '../../../src/core/settings/serverProfiles';
import { readExtensionSettings, readServerProfiles } from '../../../src/core/settings/extensionSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';

const getter = (values: Record<string, unknown>) => (key: string) => values[key];

describe('server profiles', () => {
  it('without profiles, the settings are the top-level ones, as before, under the Default profile', () => {
    const settings = readExtensionSettings(getter({ baseUrl: 'http://proxy:4000', model: 'gpt-4o', headers: { 'X-Team': 'a' } }));
    assert.equal(settings.profile, DEFAULT_PROFILE_NAME);
    assert.equal(settings.baseUrl, 'http://proxy:4000');
    assert.equal(settings.model, 'gpt-4o');
    assert.deepEqual(settings.headers, { 'X-Team': 'a' });
    assert.equal(settings.firstByteTimeoutMs, 120_000);
  });

  it('the active profile supplies the server settings; nothing of the Default profile leaks into it', () => {
    const values = {
      baseUrl: 'http://proxy:4000',
      model: 'gpt-4o',
      headers: { 'X-Team': 'a' },
      extraBody: { user: 'me' },
      'metadata.tags': ['company'],
      systemPrompt: 'Shared prompt.',
      activeProfile: 'local',
      profiles: [{ name: 'Local', baseUrl: 'http://localhost:8080', model: 'qwen', timeouts: { idleSeconds: 5 } }],
    };
    const settings = readExtensionSettings(getter(values));
    assert.equal(settings.profile, 'Local');
    assert.equal(settings.baseUrl, 'http://localhost:8080');
    assert.equal(settings.model, 'qwen');
    assert.deepEqual(settings.headers, {});
    assert.deepEqual(settings.extraBody, {});
    assert.deepEqual(settings.metadata.tags, []);
    assert.equal(settings.idleTimeoutMs, 5_000);
    assert.equal(settings.firstByteTimeoutMs, 120_000);
    assert.equal(settings.systemPrompt, 'Shared prompt.', 'what is not about the server is shared');
  });

  it('"Default" and an empty active name both mean the top-level settings', () => {
    const profiles = [{ name: 'Local', baseUrl: 'http://localhost:8080' }];
    assert.equal(readExtensionSettings(getter({ activeProfile: '', profiles })).profile, 'Default');
    assert.equal(readExtensionSettings(getter({ activeProfile: 'default', profiles })).profile, 'Default');
  });

  it('lists every profile, Default first', () => {
    const profiles = readServerProfiles(getter({ profiles: [{ name: 'Local', baseUrl: 'http://localhost:8080' }, { name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api' }] }));
    assert.deepEqual(
      profiles.map((profile) => [profile.name, profile.isDefault, profile.baseUrl]),
      [
        ['Default', true, 'http://localhost:4000'],
        ['Local', false, 'http://localhost:8080'],
        ['OpenRouter', false, 'https://openrouter.ai/api'],
      ],
    );
  });

  const refuses = (values: Record<string, unknown>, setting: string, pattern: RegExp) => {
    assert.throws(
      () => readExtensionSettings(getter(values)),
      (error: unknown) => error instanceof SettingsError && error.setting === setting && pattern.test(error.message) && error.actions.includes('open-settings'),
    );
  };

  it('an unknown active profile names the profiles there are', () => {
    refuses({ activeProfile: 'Cloud', profiles: [{ name: 'Local', baseUrl: 'http://localhost:8080' }] }, 'askModel.activeProfile', /"Cloud".*"Default", "Local"/);
  });

  it('a profile without a base URL, with a bad field, or with a name used twice is refused with what to fix', () => {
    refuses({ activeProfile: 'Local', profiles: [{ name: 'Local' }] }, 'askModel.profiles', /profile "Local": baseUrl/);
    refuses({ activeProfile: 'Local', profiles: [{ name: 'Local', baseUrl: 'http://x', maxRetries: 50 }] }, 'askModel.profiles', /profile "Local": maxRetries is above its maximum/);
    refuses({ activeProfile: 'Local', profiles: [{ baseUrl: 'http://x' }] }, 'askModel.profiles', /profile number 1: name/);
    refuses({ activeProfile: 'Local', profiles: [{ name: 'Local', baseUrl: 'http://x' }, { name: 'local', baseUrl: 'http://y' }] }, 'askModel.profiles', /used twice/);
    refuses({ activeProfile: 'Local', profiles: [{ name: 'Default', baseUrl: 'http://x' }] }, 'askModel.profiles', /top-level settings/);
    refuses({ activeProfile: 'Local', profiles: { name: 'Local' } }, 'askModel.profiles', /must be a list/);
  });

  it('a bad profile does not stop the Default profile from working while it is active', () => {
    // The profile list is read only when a profile other than Default is asked for.
    assert.equal(readExtensionSettings(getter({ profiles: [{ name: 'Local' }] })).profile, 'Default');
  });
});
