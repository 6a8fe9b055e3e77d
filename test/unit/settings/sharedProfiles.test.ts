// Profiles a team shares in a workspace's settings: they add to the user's own, never carry a key, and never take a
// name the user already has.
import assert from 'node:assert/strict';
import { keyCarriedBy, layerProfiles } from '../../../src/core/settings/sharedProfiles';
import { refusalReason, refusedSharedField } from '../../../src/core/settings/sharedProfileRefusals';
import { readExtensionSettings, readServerProfiles } from '../../../src/core/settings/extensionSettings';

const team = { name: 'Team LiteLLM', baseUrl: 'https://llm.example.com', model: 'claude-sonnet' };
const mine = { name: 'Local', baseUrl: 'http://localhost:11434' };

describe('shared profiles (workspace settings)', () => {
  it('a workspace profile adds to the user’s profiles instead of replacing them, and is marked shared', () => {
    const layered = layerProfiles({ user: [mine], workspace: [team], workspaceFolder: undefined });
    assert.deepEqual(layered.entries, [mine, team]);
    assert.deepEqual([...layered.shared], ['team litellm']);
    assert.deepEqual(layered.refused, []);
    const get = (key: string) => (key === 'profiles' ? layered.entries : key === 'activeProfile' ? 'team litellm' : undefined);
    const profiles = readServerProfiles(get, layered.shared);
    assert.deepEqual(
      profiles.map((profile) => [profile.name, profile.shared]),
      [
        ['Default', false],
        ['Local', false],
        ['Team LiteLLM', true],
      ],
    );
    const settings = readExtensionSettings(get, undefined, layered.shared);
    assert.equal(settings.profile, 'Team LiteLLM');
    assert.equal(settings.profileShared, true);
    assert.equal(settings.baseUrl, 'https://llm.example.com');
    assert.equal(readExtensionSettings(get, 'Local', layered.shared).profileShared, false);
  });

  it('the user’s profile of the same name wins (case-blind) and the shared one is reported, so a repository cannot take over its key', () => {
    const layered = layerProfiles({ user: [{ name: 'Team LiteLLM', baseUrl: 'https://mine.example.com' }], workspace: [{ ...team, name: 'team litellm', baseUrl: 'https://elsewhere.example.net' }], workspaceFolder: undefined });
    assert.deepEqual(layered.entries, [{ name: 'Team LiteLLM', baseUrl: 'https://mine.example.com' }]);
    assert.equal(layered.shared.size, 0);
    assert.equal(layered.refused.length, 1);
    assert.match(refusalReason(layered.refused[0]!), /"team litellm" in the workspace's settings is not used: you have a profile of that name in your user settings/);
  });

  it('the folder’s profile wins over the workspace’s of the same name, and the workspace’s is dropped without a word', () => {
    const layered = layerProfiles({ user: undefined, workspace: [{ ...team, model: 'a' }], workspaceFolder: [{ ...team, model: 'b' }] });
    assert.deepEqual(layered.entries, [{ ...team, model: 'b' }]);
    assert.deepEqual(layered.refused, []);
  });

  for (const [what, entry, carried] of [
    ['an apiKey field', { ...team, apiKey: 'sk-live' }, 'the field apiKey'],
    ['an api_key field', { ...team, api_key: 'sk-live' }, 'the field api_key'],
    ['an Authorization header', { ...team, headers: { Authorization: 'Bearer sk-live' } }, 'the header Authorization'],
    ['Azure’s api-key header', { ...team, headers: { 'api-key': 'abc' } }, 'the header api-key'],
    ['a header whose value is a bearer credential', { ...team, headers: { 'X-Proxy': 'Bearer abc' } }, 'the header X-Proxy'],
    ['an x-goog-api-key header', { ...team, headers: { 'x-goog-api-key': 'abc' } }, 'the header x-goog-api-key'],
    ['a key in the extra body', { ...team, extraBody: { api_key: 'abc' } }, 'the extraBody field api_key'],
    ['a key in a model’s override headers', { ...team, modelOverrides: { 'gpt-4o': { headers: { 'X-Api-Key': 'abc' } } } }, 'modelOverrides.gpt-4o: the header X-Api-Key'],
  ] as const) {
    it(`a workspace profile with ${what} is refused, saying where the key is and what to do`, () => {
      assert.equal(keyCarriedBy(entry), carried);
      const layered = layerProfiles({ user: [mine], workspace: [entry], workspaceFolder: undefined });
      assert.deepEqual(layered.entries, [mine]);
      assert.equal(layered.refused.length, 1);
      const reason = refusalReason(layered.refused[0]!);
      assert.ok(reason.includes(`"Team LiteLLM" in the workspace's settings is refused: it carries a key (${carried})`), reason);
      assert.match(reason, /Ask Model: Set API Key/);
    });
  }

  it('fields that only look like keys are not keys: token counts, the model, headers a provider wants', () => {
    const entry = {
      ...team,
      completionModel: 'qwen',
      headers: { 'HTTP-Referer': 'https://example.com', 'X-Title': 'Ask Model', 'anthropic-version': '2023-06-01' },
      extraBody: { max_tokens: 100, num_ctx: 8192 },
      modelOverrides: { qwen: { maxOutputTokens: 100, headers: { 'X-Team': 'a' } } },
    };
    assert.equal(keyCarriedBy(entry), undefined);
    assert.deepEqual(layerProfiles({ user: [], workspace: [entry], workspaceFolder: undefined }).refused, []);
  });

  it('entries that are not named objects and lists that are not lists pass through, for readProfileEntries to report', () => {
    assert.deepEqual(layerProfiles({ user: [], workspace: [{ baseUrl: 'x' }], workspaceFolder: undefined }).entries, [{ baseUrl: 'x' }]);
    assert.deepEqual(layerProfiles({ user: 'oops', workspace: [team], workspaceFolder: undefined }).entries, 'oops');
    assert.throws(() => readServerProfiles((key) => (key === 'profiles' ? layerProfiles({ user: [], workspace: [{ baseUrl: 'x' }], workspaceFolder: undefined }).entries : undefined)), /profile number 1: name/);
  });

  it('the Default profile’s headers or extra body from a workspace that carry a key are refused; others are not', () => {
    assert.match(refusedSharedField('headers', { workspace: { Authorization: 'Bearer x' }, workspaceFolder: undefined }) ?? '', /^askModel\.headers in the workspace's settings is not used: it carries a key \(the header Authorization\)/);
    assert.match(refusedSharedField('extraBody', { workspace: undefined, workspaceFolder: { api_key: 'x' } }) ?? '', /^askModel\.extraBody in the folder's settings is not used: it carries a key \(the extraBody field api_key\)/);
    assert.equal(refusedSharedField('headers', { workspace: { 'X-Team': 'a' }, workspaceFolder: undefined }), undefined);
  });
});
