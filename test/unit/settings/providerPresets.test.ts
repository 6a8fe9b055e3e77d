// The hosted providers offered by Add Profile: each preset's base URL reaches the chat endpoint its provider
// documents, through our own URL rules (resolveUrls.ts), and carries no secret.
import assert from 'node:assert/strict';
import { fillPresetUrl, placeholdersOf, PROVIDER_PRESETS, type ProviderPreset } from '../../../src/core/settings/providerPresets';
import { resolveServiceUrls } from '../../../src/core/http/resolveUrls';

/** Each provider's chat-completions URL as its own documentation gives it. */
const DOCUMENTED_CHAT_URL: Record<string, string> = {
  openrouter: 'https://openrouter.ai/api/v1/chat/completions',
  openai: 'https://api.openai.com/v1/chat/completions',
  deepseek: 'https://api.deepseek.com/v1/chat/completions',
  groq: 'https://api.groq.com/openai/v1/chat/completions',
  mistral: 'https://api.mistral.ai/v1/chat/completions',
  together: 'https://api.together.xyz/v1/chat/completions',
  fireworks: 'https://api.fireworks.ai/inference/v1/chat/completions',
  xai: 'https://api.x.ai/v1/chat/completions',
  gemini: 'https://generativelanguage.googleapis.com/v1beta/openai/chat/completions',
  'azure-openai': 'https://contoso.openai.azure.com/openai/v1/chat/completions',
  // learn.microsoft.com/azure/ai-foundry/openai/reference: POST {endpoint}/openai/deployments/{deployment-id}/chat/completions?api-version=2024-10-21
  'azure-openai-deployment': 'https://contoso.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
};

const preset = (id: string): ProviderPreset => PROVIDER_PRESETS.find((candidate) => candidate.id === id) as ProviderPreset;

describe('provider presets', () => {
  it('offers every provider the issue names, each once', () => {
    assert.deepEqual([...PROVIDER_PRESETS.map((candidate) => candidate.id)].sort(), Object.keys(DOCUMENTED_CHAT_URL).sort());
  });

  for (const candidate of PROVIDER_PRESETS) {
    it(`${candidate.name}: the base URL resolves to the documented chat endpoint, and the key page is https`, () => {
      const url = fillPresetUrl(candidate, { resource: 'contoso', deployment: 'gpt-4o' });
      assert.equal(resolveServiceUrls(url).chatCompletions, DOCUMENTED_CHAT_URL[candidate.id]);
      assert.equal(new URL(candidate.keyPage).protocol, 'https:');
      assert.equal(new URL(url).protocol, 'https:');
      for (const [name, value] of Object.entries(candidate.headers)) {
        assert.doesNotMatch(name, /authorization|api-key|token/i, 'no preset header carries a secret');
        assert.doesNotMatch(value, /^sk-|Bearer/i);
      }
    });
  }

  it('Azure asks for the resource name and keeps the URL on its domain', () => {
    const azure = preset('azure-openai');
    assert.deepEqual(placeholdersOf(azure), ['resource']);
    assert.equal(fillPresetUrl(azure, { resource: ' My-Resource ' }), 'https://my-resource.openai.azure.com/openai/v1');
    for (const bad of ['', 'evil.example/x', 'a b', 'x@y']) {
      assert.throws(() => fillPresetUrl(azure, { resource: bad }), /Azure OpenAI needs Your Azure OpenAI resource’s name .*letters, digits and dashes only/);
    }
  });

  it('Azure’s deployment preset asks for the resource and the deployment, keeps the api-version on every URL, and sends the key as api-key', () => {
    const azure = preset('azure-openai-deployment');
    assert.deepEqual(placeholdersOf(azure), ['resource', 'deployment']);
    assert.equal(azure.apiKeyHeader, 'api-key');
    const url = fillPresetUrl(azure, { resource: 'Contoso', deployment: 'GPT-4o_mini.2' });
    assert.equal(url, 'https://contoso.openai.azure.com/openai/deployments/GPT-4o_mini.2?api-version=2024-10-21', 'the host lower-cased, the deployment as typed');
    assert.deepEqual(resolveServiceUrls(url), {
      chatCompletions: 'https://contoso.openai.azure.com/openai/deployments/GPT-4o_mini.2/chat/completions?api-version=2024-10-21',
      models: 'https://contoso.openai.azure.com/openai/deployments/GPT-4o_mini.2/models?api-version=2024-10-21',
    });
    for (const bad of ['', '../x', 'a/b', '.hidden', 'a b']) {
      assert.throws(() => fillPresetUrl(azure, { resource: 'contoso', deployment: bad }), /needs The deployment’s name .*letters, digits, dots, dashes and underscores only/);
    }
    // A deployment URL pasted whole, chat path included, reaches the same endpoint.
    assert.equal(
      resolveServiceUrls('https://contoso.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21').chatCompletions,
      'https://contoso.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
    );
  });

  it('the version-segment rule leaves every earlier base URL as it was', () => {
    assert.equal(resolveServiceUrls('http://localhost:4000').chatCompletions, 'http://localhost:4000/v1/chat/completions');
    assert.equal(resolveServiceUrls('https://proxy.example/litellm').chatCompletions, 'https://proxy.example/litellm/v1/chat/completions');
    assert.equal(resolveServiceUrls('https://open.bigmodel.cn/api/paas/v4').chatCompletions, 'https://open.bigmodel.cn/api/paas/v4/chat/completions');
    assert.equal(resolveServiceUrls('https://generativelanguage.googleapis.com/v1beta/openai/chat/completions').models, 'https://generativelanguage.googleapis.com/v1beta/openai/models');
  });
});
