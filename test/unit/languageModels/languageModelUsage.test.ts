// The usage part that ends every answer our language model provider gives: the server's `usage` as Copilot Chat reads
// it (microsoft/vscode extensions/copilot/src/platform/endpoint/vscode-node/extChatEndpoint.ts,
// `parseExtensionContributedUsage`, at commit 07ea43f4fdc6f999bf9b0f9164de3fc87e9604cd: UTF-8 JSON in OpenAI's shape,
// a missing field read as 0), built only from what the server counted, over the odd usages servers send.
import assert from 'node:assert/strict';
import { LanguageModelAnswer } from '../../../src/core/languageModels/languageModelAnswer';
import { languageModelUsagePart, languageModelUsageReport, USAGE_PART_MIME_TYPE } from '../../../src/core/languageModels/languageModelUsage';
import type { Usage } from '../../../src/core/protocol/messages';
import type { ChatDone } from '../../../src/core/stream/events';
import { loadRecordedCases } from '../../support/recorded/recordedCases';
import { replayThroughClient } from '../../support/recorded/replayThroughClient';

const report = (usage: unknown) => languageModelUsageReport(usage as Usage);

describe('VS Code language models: the usage part', () => {
  it('carries an OpenAI usage as it is, its nested details included', () => {
    assert.deepEqual(
      report({
        prompt_tokens: 1200,
        completion_tokens: 80,
        total_tokens: 1280,
        prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 64, accepted_prediction_tokens: 0 },
      }),
      { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280, prompt_tokens_details: { cached_tokens: 1024 }, completion_tokens_details: { reasoning_tokens: 64 } },
    );
  });

  it('gives no part when the server counted nothing: no usage, null, an empty or a useless one', () => {
    for (const usage of [undefined, null, {}, [], 'lots', 42, { prompt_tokens: null, completion_tokens: 'ten' }, { prompt_tokens_details: { cached_tokens: -1 } }]) {
      assert.equal(report(usage), undefined, JSON.stringify(usage));
      assert.equal(languageModelUsagePart(usage as Usage), undefined);
    }
  });

  it('leaves out each count that is missing, null, a string, negative, fractional or not finite, and keeps the rest', () => {
    assert.deepEqual(report({ prompt_tokens: 10 }), { prompt_tokens: 10 }, 'nothing is invented for the fields a server left out');
    assert.deepEqual(report({ prompt_tokens: 10, completion_tokens: null, total_tokens: '12' }), { prompt_tokens: 10 });
    assert.deepEqual(report({ prompt_tokens: -5, completion_tokens: 3, total_tokens: 2.5 }), { completion_tokens: 3 });
    assert.deepEqual(report({ prompt_tokens: '100', completion_tokens: 7 }), { completion_tokens: 7 });
    assert.deepEqual(report({ prompt_tokens: Number.POSITIVE_INFINITY, completion_tokens: Number.NaN, total_tokens: 9 }), { total_tokens: 9 });
    assert.deepEqual(report({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }), { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, 'a zero the server counted is a count');
  });

  it('keeps a nested detail only when it is an object with a count in it', () => {
    assert.deepEqual(report({ prompt_tokens: 10, prompt_tokens_details: null, completion_tokens_details: 'none' }), { prompt_tokens: 10 });
    assert.deepEqual(report({ prompt_tokens: 10, prompt_tokens_details: [5], completion_tokens_details: [] }), { prompt_tokens: 10 });
    assert.deepEqual(report({ prompt_tokens: 10, prompt_tokens_details: { cached_tokens: '5' }, completion_tokens_details: { reasoning_tokens: null } }), { prompt_tokens: 10 });
    assert.deepEqual(report({ prompt_tokens: 10, prompt_tokens_details: {}, completion_tokens_details: { reasoning_tokens: 0 } }), { prompt_tokens: 10, completion_tokens_details: { reasoning_tokens: 0 } });
  });

  it('reports the prompt as the window held it, whichever convention the server counts in', () => {
    // Anthropic's own fields (through a proxy that passes them on): input_tokens leaves the cache out.
    assert.deepEqual(report({ input_tokens: 20, output_tokens: 30, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 }), {
      prompt_tokens: 1220,
      completion_tokens: 30,
      prompt_tokens_details: { cached_tokens: 1000 },
    });
    // LiteLLM in front of Anthropic: prompt_tokens already counts the cache.
    assert.deepEqual(report({ prompt_tokens: 1220, completion_tokens: 30, total_tokens: 1250, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, prompt_tokens_details: { cached_tokens: 1000 } }), {
      prompt_tokens: 1220,
      completion_tokens: 30,
      total_tokens: 1250,
      prompt_tokens_details: { cached_tokens: 1000 },
    });
    // DeepSeek: the hit and miss counts are the prompt; the hit is its cached part.
    assert.deepEqual(report({ prompt_tokens: 900, completion_tokens: 5, total_tokens: 905, prompt_cache_hit_tokens: 640, prompt_cache_miss_tokens: 260 }), {
      prompt_tokens: 900,
      completion_tokens: 5,
      total_tokens: 905,
      prompt_tokens_details: { cached_tokens: 640 },
    });
  });

  it('is the report as UTF-8 JSON under the MIME type Copilot reads, `usage`', () => {
    const part = languageModelUsagePart({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
    assert.equal(part?.mimeType, USAGE_PART_MIME_TYPE);
    assert.equal(USAGE_PART_MIME_TYPE, 'usage');
    assert.deepEqual(JSON.parse(new TextDecoder().decode(part?.data)), { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
  });

  it('an answer\'s part is its end\'s usage, else the last one the stream reported, else none', () => {
    const done = (usage: Usage | undefined): ChatDone => ({
      finishReason: 'stop',
      model: 'm',
      id: undefined,
      usage,
      responseMs: undefined,
      timings: { timeToFirstByteMs: 1, timeToFirstTokenMs: 1, totalMs: 2, tokensPerSecond: undefined, tokensPerSecondEstimated: false },
      streamed: true,
      refused: false,
      ignoredChoices: [],
      headers: {} as ChatDone['headers'],
    });
    const decoded = (answer: LanguageModelAnswer) => {
      const part = answer.usagePart();
      return part && JSON.parse(new TextDecoder().decode(part.data));
    };
    const ended = new LanguageModelAnswer();
    ended.partsOf([{ type: 'usage', usage: { prompt_tokens: 1 } }, { type: 'text', text: 'Hi' }, { type: 'done', done: done({ prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 }) }]);
    assert.deepEqual(decoded(ended), { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 });
    const streamed = new LanguageModelAnswer();
    streamed.partsOf([{ type: 'text', text: 'Hi' }, { type: 'usage', usage: { prompt_tokens: 7, completion_tokens: 1 } }, { type: 'done', done: done(undefined) }]);
    assert.deepEqual(decoded(streamed), { prompt_tokens: 7, completion_tokens: 1 });
    const none = new LanguageModelAnswer();
    none.partsOf([{ type: 'text', text: 'Hi' }, { type: 'done', done: done(undefined) }]);
    assert.equal(none.usagePart(), undefined);
  });

  it('over bodies real servers sent (test/fixtures/recorded, each with its source): what each counted, and nothing for one that counted nothing', async () => {
    const expected: Record<string, unknown> = {
      // OpenAI's shape with both details (Azure's model router).
      'azure-openai/model-router-stream': { prompt_tokens: 15, completion_tokens: 78, total_tokens: 93, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 64 } },
      // DeepSeek's cache hit and miss beside OpenAI's fields.
      'deepseek/tool-call-after-reasoning-stream': { prompt_tokens: 374, completion_tokens: 61, total_tokens: 435, prompt_tokens_details: { cached_tokens: 256 }, completion_tokens_details: { reasoning_tokens: 17 } },
      // Groq's usage inside x_groq, with its timings beside the counts.
      'groq/tool-call-stream-usage-in-x-groq': { prompt_tokens: 210, completion_tokens: 15, total_tokens: 225 },
      // OpenRouter's usage after the finish, with its cost and more details than Copilot reads.
      'openrouter/processing-comments-usage-after-finish': { prompt_tokens: 254, completion_tokens: 5, total_tokens: 259, prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } },
      // Ollama's stream sends no usage.
      'ollama/tool-call-as-text-one-chunk': undefined,
    };
    const cases = loadRecordedCases().filter((entry) => entry.name in expected);
    assert.equal(cases.length, Object.keys(expected).length);
    for (const entry of cases) {
      const answer = await replayThroughClient(entry);
      assert.deepEqual(languageModelUsageReport(answer.usage as Usage | undefined), expected[entry.name], entry.name);
    }
  });
});
