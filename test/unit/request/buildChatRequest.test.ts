import assert from 'node:assert/strict';
import { buildChatRequest, type RequestSettings } from '../../../src/core/request/buildChatRequest';
import { InvalidRequestError, SettingsError } from '../../../src/core/errors/AskModelError';

const settings = (overrides: Partial<RequestSettings> = {}): RequestSettings => ({
  model: 'gpt-test',
  stream: true,
  metadata: { tags: [], generationName: '', traceUserId: '' },
  extraBody: {},
  ...overrides,
});
const messages = [{ role: 'user' as const, content: 'Hi' }];

function expectSettingsError(run: () => unknown, setting: string, message?: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof SettingsError, `expected SettingsError, got ${String(error)}`);
    assert.equal(error.setting, setting);
    if (message) assert.match(error.message, message);
    return true;
  });
}

describe('buildChatRequest', () => {
  it('sends model, messages and stream, and no `contents`, `metadata`, `tools` when there are none', () => {
    assert.deepEqual(buildChatRequest({ settings: settings(), messages }), { model: 'gpt-test', messages, stream: true });
  });

  it('keeps only the non-empty metadata keys', () => {
    const request = buildChatRequest({ settings: settings({ metadata: { tags: ['team-a', ' ', 'ide'], generationName: 'chat', traceUserId: '' } }), messages });
    assert.deepEqual(request.metadata, { tags: ['team-a', 'ide'], generation_name: 'chat' });
    const full = buildChatRequest({ settings: settings({ metadata: { tags: [], generationName: ' ', traceUserId: 'dev@example.com' } }), messages });
    assert.deepEqual(full.metadata, { trace_user_id: 'dev@example.com' });
  });

  it('adds tools with tool_choice "auto"', () => {
    const tool = { type: 'function' as const, function: { name: 'read_file', description: 'Read', parameters: { type: 'object' as const, properties: { path: { type: 'string' } }, required: ['path'] } } };
    const request = buildChatRequest({ settings: settings(), messages, tools: [tool] });
    assert.deepEqual(request.tools, [tool]);
    assert.equal(request.tool_choice, 'auto');
  });

  it('carries the full message shapes: assistant tool_calls and tool results', () => {
    const history = [
      { role: 'system' as const, content: 'Be brief.' },
      { role: 'user' as const, content: 'Read a.ts' },
      { role: 'assistant' as const, content: null, tool_calls: [{ id: 'c1', type: 'function' as const, function: { name: 'read_file', arguments: '{"path":"a.ts"}' } }] },
      { role: 'tool' as const, tool_call_id: 'c1', content: '1: x' },
    ];
    assert.deepEqual(buildChatRequest({ settings: settings(), messages: history }).messages, history);
  });

  it('merges the extra body at the top level, metadata merged with ours', () => {
    const request = buildChatRequest({
      settings: settings({ extraBody: { temperature: 0.2, contents: [], metadata: { session_id: 's1', tags: ['x'] } }, metadata: { tags: ['ours'], generationName: '', traceUserId: '' } }),
      messages,
    });
    assert.equal(request['temperature'], 0.2);
    assert.deepEqual(request['contents'], []);
    assert.deepEqual(request.metadata, { session_id: 's1', tags: ['ours'] });
  });

  for (const key of ['model', 'messages', 'stream']) {
    it(`refuses an extra body that sets "${key}", naming askModel.extraBody`, () => {
      expectSettingsError(() => buildChatRequest({ settings: settings({ extraBody: { [key]: 'x' } }), messages }), 'askModel.extraBody', new RegExp(key));
    });
  }

  it('names the setting for each bad value', () => {
    expectSettingsError(() => buildChatRequest({ settings: settings({ model: '  ' }), messages }), 'askModel.model', /no model is set/);
    expectSettingsError(() => buildChatRequest({ settings: settings({ extraBody: [] as unknown as Record<string, unknown> }), messages }), 'askModel.extraBody');
    expectSettingsError(() => buildChatRequest({ settings: settings({ metadata: { tags: [42 as unknown as string], generationName: '', traceUserId: '' } }), messages }), 'askModel.metadata.tags');
    expectSettingsError(() => buildChatRequest({ settings: settings({ extraBody: { tool_choice: 'sometimes' } }), messages }), 'askModel.extraBody');
  });

  it('reports an invalid request of our own making as a bug, not a setting', () => {
    assert.throws(() => buildChatRequest({ settings: settings(), messages: [] }), InvalidRequestError);
    const badTool = { type: 'function' as const, function: { name: 'has space', parameters: { type: 'object' as const, properties: {} } } };
    assert.throws(() => buildChatRequest({ settings: settings(), messages, tools: [badTool] }), InvalidRequestError);
  });
});
