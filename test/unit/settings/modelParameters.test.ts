// Per-model request parameters in modelOverrides (sampling, extra body, headers) and a system prompt per profile: what
// is taken, what is refused with the model and field to fix, and whose word wins (top-level < profile, field by field).
import assert from 'node:assert/strict';
import { readExtensionSettings, readServerProfiles } from '../../../src/core/settings/extensionSettings';
import { SettingsError } from '../../../src/core/errors/AskModelError';

const getter = (values: Record<string, unknown>) => (key: string) => values[key];
const overridesOf = (override: Record<string, unknown>) => readExtensionSettings(getter({ modelOverrides: { m: override } })).modelOverrides['m'];

function refuses(values: Record<string, unknown>, setting: string, message: string): void {
  assert.throws(
    () => readExtensionSettings(getter(values)),
    (error: unknown) => {
      assert.ok(error instanceof SettingsError, String(error));
      assert.equal(error.setting, setting);
      assert.ok(error.message.includes(message), `${JSON.stringify(error.message)} should include ${JSON.stringify(message)}`);
      return true;
    },
  );
}
const refusesField = (override: Record<string, unknown>, message: string) => refuses({ modelOverrides: { 'qwen3-8b': override } }, 'askModel.modelOverrides', `"qwen3-8b".${message}`);

describe('per-model request parameters (modelOverrides)', () => {
  it('takes every sampling parameter at the ends of its range, and the extra body and headers', () => {
    const low = { temperature: 0, topP: 0, topK: 0, minP: 0, presencePenalty: -2, frequencyPenalty: -2, repetitionPenalty: 0.01, seed: 0, stop: 'END' };
    const high = { temperature: 2, topP: 1, topK: 200, minP: 1, presencePenalty: 2, frequencyPenalty: 2, repetitionPenalty: 1.3, seed: 2 ** 31, stop: ['a', 'b', 'c', 'd'] };
    assert.deepEqual(overridesOf(low), low);
    assert.deepEqual(overridesOf(high), high);
    const body = { extraBody: { chat_template_kwargs: { enable_thinking: false } }, headers: { 'X-Route': 'gpu-pool' } };
    assert.deepEqual(overridesOf(body), body);
  });

  it('a value out of range names the model, the field, the range and the name it is sent as', () => {
    refusesField({ temperature: 2.5 }, 'temperature must be a number from 0 to 2 (sent as temperature)');
    refusesField({ temperature: -0.1 }, 'temperature must be a number from 0 to 2');
    refusesField({ temperature: '0.7' }, 'temperature must be a number from 0 to 2');
    refusesField({ topP: 1.01 }, 'topP must be a number from 0 to 1 (sent as top_p)');
    refusesField({ topK: 2.5 }, 'topK must be a whole number, 0 or more (sent as top_k');
    refusesField({ topK: -1 }, 'topK must be a whole number, 0 or more');
    refusesField({ minP: 2 }, 'minP must be a number from 0 to 1 (sent as min_p)');
    refusesField({ presencePenalty: -3 }, 'presencePenalty must be a number from -2 to 2 (sent as presence_penalty)');
    refusesField({ frequencyPenalty: 2.1 }, 'frequencyPenalty must be a number from -2 to 2 (sent as frequency_penalty)');
    refusesField({ repetitionPenalty: 0 }, 'repetitionPenalty must be a number above 0 (sent as repetition_penalty');
    refusesField({ seed: 1.5 }, 'seed must be a whole number, 0 or more (sent as seed)');
    refusesField({ seed: -1 }, 'seed must be a whole number, 0 or more');
  });

  it('stop is one string or a list of one to four, none empty', () => {
    const rule = 'stop must be a non-empty string or a list of 1 to 4 of them (sent as stop)';
    refusesField({ stop: ['a', 'b', 'c', 'd', 'e'] }, rule);
    refusesField({ stop: [] }, rule);
    refusesField({ stop: '' }, rule);
    refusesField({ stop: ['a', ''] }, rule);
    refusesField({ stop: 7 }, rule);
  });

  it('the extra body cannot set what Ask Model sets; headers cannot set Authorization, nor be more than one line', () => {
    refusesField({ extraBody: { model: 'other' } }, 'extraBody must be a JSON object of request fields to send to this model');
    refusesField({ extraBody: { stream: false } }, 'extraBody must be a JSON object of request fields to send to this model, e.g. { "chat_template_kwargs": { "enable_thinking": false } }; it cannot set "model", "messages", "stream" (Ask Model sets those).');
    refusesField({ extraBody: ['top_k', 20] }, 'extraBody must be a JSON object');
    refusesField({ headers: { Authorization: 'Bearer sk-1' } }, 'headers.Authorization must be an object of header names to single-line text');
    refusesField({ headers: { authorization: 'Bearer sk-1' } }, 'headers.authorization must be an object of header names to single-line text, e.g. { "X-Team": "ide" }; it cannot set Authorization');
    refusesField({ headers: { 'X-Team': 'a\r\nX-Evil: 1' } }, 'headers.X-Team must be an object of header names to single-line text');
    refusesField({ headers: { 'Bad Name': 'a' } }, 'headers.Bad Name must be');
    refusesField({ headers: { 'X-Count': 3 } }, 'headers.X-Count must be');
  });

  it('a misspelt field lists the settings there are; a bad one in a profile names the profile', () => {
    refuses({ modelOverrides: { m: { top_p: 0.9 } } }, 'askModel.modelOverrides', '"m": "top_p" is not a model setting; the settings are contextWindow, maxOutputTokens, reasoningEffort, tools, vision, sendReasoning, fimTemplate, temperature, topP, topK, minP, presencePenalty, frequencyPenalty, repetitionPenalty, seed, stop, extraBody, headers.');
    refuses({ activeProfile: 'Local', profiles: [{ name: 'Local', baseUrl: 'http://l', modelOverrides: { qwen: { temperature: 3 } } }] }, 'askModel.profiles', 'profile "Local": modelOverrides "qwen".temperature must be a number from 0 to 2');
  });

  it('the top-level overrides apply under every profile; the profile’s own win model by model and field by field', () => {
    const values = {
      modelOverrides: {
        qwen: { temperature: 0.7, topP: 0.8, seed: 1, headers: { 'X-Team': 'ide', 'X-Route': 'any' }, extraBody: { top_n_sigma: 1 } },
        llama: { minP: 0.05 },
      },
      profiles: [{ name: 'Local', baseUrl: 'http://l', modelOverrides: { qwen: { temperature: 0.2, headers: { 'X-Route': 'local' } }, phi: { seed: 9 } } }],
    };
    const local = readExtensionSettings(getter({ ...values, activeProfile: 'Local' })).modelOverrides;
    assert.deepEqual(local, {
      // A field the profile sets is its own, whole (its headers replace the top-level ones); the others stay.
      qwen: { temperature: 0.2, topP: 0.8, seed: 1, headers: { 'X-Route': 'local' }, extraBody: { top_n_sigma: 1 } },
      llama: { minP: 0.05 },
      phi: { seed: 9 },
    });
    assert.deepEqual(readExtensionSettings(getter(values)).modelOverrides, values.modelOverrides, 'the Default profile: the top-level ones as they are');
    assert.deepEqual(readServerProfiles(getter(values)).map((profile) => profile.modelOverrides['qwen']?.temperature), [0.7, 0.2], 'the list of profiles merges alike');
    // A bad top-level override is an error under every profile: it applies there too.
    refuses({ ...values, modelOverrides: { qwen: { topP: 2 } }, activeProfile: 'Local' }, 'askModel.modelOverrides', '"qwen".topP must be a number from 0 to 1');
  });
});

describe('a system prompt per profile', () => {
  const profiles = [
    { name: 'Reviewer', baseUrl: 'http://r', systemPrompt: 'Review the code you are shown; list problems first.' },
    { name: 'Quiet', baseUrl: 'http://q', systemPrompt: '' },
    { name: 'Plain', baseUrl: 'http://p' },
  ];
  const promptOf = (activeProfile: string) => readExtensionSettings(getter({ systemPrompt: 'Shared prompt.', profiles, activeProfile })).systemPrompt;

  it('the profile’s own wins while it is active; an empty one sends none; without one, askModel.systemPrompt', () => {
    assert.equal(promptOf('Reviewer'), 'Review the code you are shown; list problems first.');
    assert.equal(promptOf('Quiet'), '');
    assert.equal(promptOf('Plain'), 'Shared prompt.');
    assert.equal(promptOf('Default'), 'Shared prompt.');
  });

  it('a system prompt that is not text names the profile and the field', () => {
    refuses({ activeProfile: 'Bad', profiles: [{ name: 'Bad', baseUrl: 'http://b', systemPrompt: ['Be brief.'] }] }, 'askModel.profiles', 'profile "Bad": systemPrompt is missing or of the wrong type');
  });
});
