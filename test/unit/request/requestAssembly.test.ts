// One request path: the same profile, model and messages give the same request whichever surface asks (our chat, Ask
// Model, Edit Selection, VS Code's chat through our provider, Test Connection); a surface only names itself and may
// ask for less. Each surface's entry in the host passes its own facts to `assembleRequests` and nothing else.
import assert from 'node:assert/strict';
import { assembleRequests, type RequestAssemblyInput, type RequestSurface } from '../../../src/core/request/requestAssembly';
import { emptyModelInfo, type ModelInfo } from '../../../src/core/protocol/modelInfo';
import type { ChatCompletionRequest, ToolDefinition } from '../../../src/core/protocol/messages';

const SURFACES: RequestSurface[] = ['chat', 'ask-model', 'edit-selection', 'vscode-chat', 'test-connection'];
const messages = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'Hi' },
];
const tool: ToolDefinition = { type: 'function', function: { name: 'read_file', description: 'Read', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } };

const settings = (overrides: Partial<RequestAssemblyInput['settings']> = {}): RequestAssemblyInput['settings'] => ({
  model: 'openai/gpt-5-mini',
  stream: true,
  metadata: { tags: ['team-a'], generationName: '', traceUserId: 'dev@example.com' },
  extraBody: { temperature: 0.2, metadata: { cost_center: 'ide' } },
  modelOverrides: {},
  ...overrides,
});

/** The model as the catalogue knows it, with the user's overrides: a limit, an effort, prices. */
function modelInfo(overrides: Partial<ModelInfo> = {}): ModelInfo {
  return {
    ...emptyModelInfo('openai/gpt-5-mini'),
    maxOutputTokens: 2048,
    reasoningEffort: 'low',
    inputPricePerToken: 0.25e-6,
    outputPricePerToken: 2e-6,
    sources: { maxOutputTokens: { endpoint: 'override', basis: 'override' }, reasoningEffort: { endpoint: 'override', basis: 'override' } },
    ...overrides,
  } as ModelInfo;
}

const through = (surface: RequestSurface, input: Partial<RequestAssemblyInput> = {}): ChatCompletionRequest =>
  assembleRequests({ settings: settings(), surface, modelInfo: modelInfo(), tools: [tool], ...input }).request(messages);

describe('one request path (assembleRequests)', () => {
  it('every surface sends the same request but for the generation name it defaults to', () => {
    const chat = through('chat');
    assert.deepEqual(chat, {
      temperature: 0.2,
      model: 'openai/gpt-5-mini',
      messages,
      stream: true,
      max_completion_tokens: 2048,
      reasoning_effort: 'low',
      tools: [tool],
      tool_choice: 'auto',
      metadata: { cost_center: 'ide', tags: ['team-a'], generation_name: 'chat', trace_user_id: 'dev@example.com' },
    });
    for (const surface of SURFACES) {
      const request = through(surface);
      assert.equal(request.metadata?.generation_name, surface);
      assert.deepEqual({ ...request, metadata: { ...request.metadata, generation_name: 'chat' } }, chat, surface);
    }
  });

  it('with a generation name set, every surface sends exactly the same bytes', () => {
    const named = { settings: settings({ metadata: { tags: [], generationName: 'my-ide', traceUserId: '' } }) };
    const bodies = new Set(SURFACES.map((surface) => JSON.stringify(through(surface, named))));
    assert.equal(bodies.size, 1);
  });

  it('a model that takes no tools is offered none, whatever the surface offers', () => {
    for (const surface of SURFACES) {
      const assembly = assembleRequests({ settings: settings(), surface, modelInfo: modelInfo({ supportsTools: false }), tools: [tool] });
      assert.deepEqual(assembly.tools, []);
      assert.equal(assembly.request(messages).tools, undefined, surface);
    }
  });

  it('a surface asks for less, never for other: a summary (no tools, its room) and a connection test (no stream, one token)', () => {
    const assembly = assembleRequests({ settings: settings(), surface: 'chat', modelInfo: modelInfo(), tools: [tool] });
    const full = assembly.request(messages);
    const summary = assembly.request(messages, { tools: [], maxOutputTokens: 300 });
    assert.deepEqual(summary, { ...withoutTools(full), max_completion_tokens: 300 });
    const probe = assembleRequests({ settings: settings(), surface: 'test-connection', modelInfo: modelInfo() }).request(messages, { stream: false, maxOutputTokens: 1 });
    assert.equal(probe.stream, false);
    assert.equal(probe.max_completion_tokens, 1);
    assert.equal(probe.reasoning_effort, 'low', 'the model’s own options still apply');
  });

  it('carries the model’s list prices for the answer’s cost, and none when one is unknown', () => {
    assert.deepEqual(assembleRequests({ settings: settings(), surface: 'vscode-chat', modelInfo: modelInfo() }).prices, { inputPerToken: 0.25e-6, outputPerToken: 2e-6 });
    assert.equal(assembleRequests({ settings: settings(), surface: 'vscode-chat', modelInfo: modelInfo({ outputPricePerToken: undefined }) }).prices, undefined);
  });

  it('VS Code asking for a required tool call sends tool_choice "required"', () => {
    const request = assembleRequests({ settings: settings(), surface: 'vscode-chat', modelInfo: modelInfo(), tools: [tool] }).request(messages, { toolChoice: 'required' });
    assert.equal(request.tool_choice, 'required');
  });
});

function withoutTools(request: ChatCompletionRequest): ChatCompletionRequest {
  const { tools: _tools, tool_choice: _choice, ...rest } = request;
  return rest;
}
