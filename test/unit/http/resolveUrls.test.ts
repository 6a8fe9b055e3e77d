import assert from 'node:assert/strict';
import { resolveServiceUrls } from '../../../src/core/http/resolveUrls';
import { SettingsError } from '../../../src/core/errors/AskModelError';

describe('resolveServiceUrls', () => {
  const table: [string, string, string][] = [
    ['http://localhost:4000', 'http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/models'],
    ['http://localhost:4000/', 'http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/models'],
    ['http://localhost:4000/v1', 'http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/models'],
    ['http://localhost:4000/v1/', 'http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/models'],
    ['http://localhost:4000//v1//', 'http://localhost:4000//v1/chat/completions', 'http://localhost:4000//v1/models'],
    ['http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/models'],
    ['http://localhost:4000/v1/chat/completions/', 'http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/models'],
    ['http://localhost:4000/chat/completions', 'http://localhost:4000/v1/chat/completions', 'http://localhost:4000/v1/models'],
    ['  https://api.openai.com/v1  ', 'https://api.openai.com/v1/chat/completions', 'https://api.openai.com/v1/models'],
    ['https://proxy.example/litellm', 'https://proxy.example/litellm/v1/chat/completions', 'https://proxy.example/litellm/v1/models'],
    ['https://openrouter.ai/api/v1', 'https://openrouter.ai/api/v1/chat/completions', 'https://openrouter.ai/api/v1/models'],
    ['http://127.0.0.1:8080/v1?api-version=2', 'http://127.0.0.1:8080/v1/chat/completions?api-version=2', 'http://127.0.0.1:8080/v1/models?api-version=2'],
    ['http://[::1]:11434', 'http://[::1]:11434/v1/chat/completions', 'http://[::1]:11434/v1/models'],
    ['HTTP://LOCALHOST:4000/V1', 'http://localhost:4000/V1/v1/chat/completions', 'http://localhost:4000/V1/v1/models'],
  ];
  for (const [base, chat, models] of table) {
    it(`${JSON.stringify(base)} → ${chat}`, () => {
      assert.deepEqual(resolveServiceUrls(base), { chatCompletions: chat, models });
    });
  }

  const bad: [string, RegExp][] = [
    ['', /is empty/],
    ['localhost:4000', /not supported|not a URL/],
    ['ftp://host/v1', /not supported/],
    ['not a url', /not a URL/],
  ];
  for (const [base, message] of bad) {
    it(`refuses ${JSON.stringify(base)} naming the setting`, () => {
      assert.throws(
        () => resolveServiceUrls(base),
        (error: unknown) => error instanceof SettingsError && error.setting === 'askModel.baseUrl' && message.test(error.message),
      );
    });
  }

  it('never switches API because of the model name (the URL depends on the base URL only)', () => {
    assert.equal(resolveServiceUrls('http://h/v1').chatCompletions, 'http://h/v1/chat/completions');
  });
});
