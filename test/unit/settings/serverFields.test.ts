// What the code reads of a server, made from the field table: every field under its setting's name, the names trimmed,
// the time limits in milliseconds, the per-model settings beside them; the same from a profile entry.
import assert from 'node:assert/strict';
import { entryGetter, readServerSettings } from '../../../src/core/settings/serverFields';

const getter = (values: Record<string, unknown>) => (key: string) => values[key];
const overrides = { 'qwen2.5-coder:7b': { temperature: 0.2 } };

describe('server fields', () => {
  it('reads every field of the table into its setting: names trimmed, seconds as milliseconds', () => {
    const values = {
      baseUrl: ' http://proxy:4000 ',
      model: ' gpt-4o ',
      stream: false,
      'metadata.tags': ['team-a'],
      'metadata.generationName': 'ask',
      'metadata.traceUserId': 'me',
      extraBody: { top_k: 20 },
      headers: { 'X-Team': 'a' },
      apiKeyHeader: 'api-key',
      'timeouts.firstByteSeconds': 30,
      'timeouts.idleSeconds': 2.5,
      maxRetries: 0,
      completionModel: ' qwen2.5-coder:7b ',
      completionEndpoint: 'infill',
      commitModel: ' gpt-4o-mini ',
    };
    assert.deepEqual(readServerSettings(getter(values), overrides), {
      baseUrl: 'http://proxy:4000',
      model: 'gpt-4o',
      stream: false,
      metadata: { tags: ['team-a'], generationName: 'ask', traceUserId: 'me' },
      extraBody: { top_k: 20 },
      headers: { 'X-Team': 'a' },
      apiKeyHeader: 'api-key',
      firstByteTimeoutMs: 30_000,
      idleTimeoutMs: 2_500,
      maxRetries: 0,
      modelOverrides: overrides,
      completionModel: 'qwen2.5-coder:7b',
      completionEndpoint: 'infill',
      commitModel: 'gpt-4o-mini',
    });
  });

  it('gives each field its default when nothing is set, the same from the top level and from a profile entry', () => {
    const defaults = {
      baseUrl: 'http://localhost:4000',
      model: '',
      stream: true,
      metadata: { tags: [], generationName: '', traceUserId: '' },
      extraBody: {},
      headers: {},
      apiKeyHeader: 'Authorization',
      firstByteTimeoutMs: 120_000,
      idleTimeoutMs: 60_000,
      maxRetries: 2,
      modelOverrides: {},
      completionModel: '',
      completionEndpoint: 'auto',
      commitModel: '',
    };
    assert.deepEqual(readServerSettings(getter({}), {}), defaults);
    assert.deepEqual(readServerSettings(entryGetter({}), {}), defaults);
    assert.deepEqual(readServerSettings(entryGetter({ timeouts: { idleSeconds: 5 } }), {}), { ...defaults, idleTimeoutMs: 5_000 });
  });
});
