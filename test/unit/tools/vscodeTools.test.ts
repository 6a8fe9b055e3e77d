// VS Code's tools (`vscode.lm.tools`) next to the workspace tools, without VS Code: which tools the allow-list offers
// and under which function name, their schemas as requests carry them, the texts the model reads, and a round of the
// tool loop (through a real ChatClient and the reference server) where such a call is asked about, run, or refused.
import assert from 'node:assert/strict';
import { approvalRule } from '../../../src/core/tools/toolSettings';
import { buildChatRequest } from '../../../src/core/request/buildChatRequest';
import { ChatClient } from '../../../src/core/client/chatClient';
import { functionNameFor, matchesToolEntry, offerVscodeTools, parametersOf, vscodeToolInput, type VscodeToolInfo } from '../../../src/core/tools/vscodeTools';
import { vscodeToolFailure, vscodeToolResultText } from '../../../src/core/tools/vscodeToolResults';
import { runToolLoop } from '../../../src/core/tools/toolLoop';
import { toolDefinitions, WORKSPACE_TOOLS } from '../../../src/core/tools/workspaceTools';
import { validateToolCall, type ToolOffer, type ValidToolCall } from '../../../src/core/tools/validateToolCall';
import type { ChatMessage, ToolDefinition } from '../../../src/core/protocol/messages';
import type { ToolLoopEvent } from '../../../src/core/tools/toolLoopTypes';
import { startReferenceServer, textTurn, toolCallsTurn, type ReferenceServer } from '../../support/referenceServer';

const TICKET_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { id: { type: 'string', description: 'The ticket id.' } },
  required: ['id'],
};
const ticket: VscodeToolInfo = { name: 'mcp_tickets_lookup_ticket', description: 'Look up a ticket.', inputSchema: TICKET_SCHEMA, tags: ['mcp'] };
const terminal: VscodeToolInfo = { name: 'run_in_terminal', description: 'Run a command.', inputSchema: { type: 'object', properties: { command: { type: 'string' } } }, tags: [] };
const mermaid: VscodeToolInfo = { name: 'renderMermaidDiagram', description: 'Render a diagram.', inputSchema: undefined, tags: [] };
const LISTED = [terminal, ticket, mermaid];

const settingsOf = (definitions: ToolDefinition[]) => ({ model: 'm', stream: true, metadata: { tags: [], generationName: '', traceUserId: '' }, extraBody: {}, definitions });

describe('VS Code tools: which are offered, and as what', () => {
  it('an entry names a tool by its exact name, one of its tags, or a pattern with *', () => {
    assert.equal(matchesToolEntry(ticket, 'mcp_tickets_lookup_ticket'), true);
    assert.equal(matchesToolEntry(ticket, 'mcp'), true);
    assert.equal(matchesToolEntry(ticket, 'mcp_tickets_*'), true);
    assert.equal(matchesToolEntry(ticket, '*lookup*'), true);
    assert.equal(matchesToolEntry(ticket, ' mcp '), true, 'spaces around an entry do not count');
    assert.equal(matchesToolEntry(ticket, 'mcp_tickets'), false, 'a prefix without * is not a match');
    assert.equal(matchesToolEntry(ticket, 'MCP'), false, 'names and tags are exact');
    assert.equal(matchesToolEntry(ticket, ''), false);
    assert.equal(matchesToolEntry(terminal, 'mcp'), false);
    // Only * is special: a dot in an entry is a dot, not "any character".
    assert.equal(matchesToolEntry({ name: 'aXb', tags: [] }, 'a.b'), false);
    assert.equal(matchesToolEntry({ name: 'a.b', tags: [] }, 'a.*'), true);
  });

  it('an empty allow-list offers nothing; a tag offers only the tools that carry it, in VS Code\'s order', () => {
    assert.deepEqual(offerVscodeTools(LISTED, { allow: [], autoApprove: ['mcp'] }), []);
    const byTag = offerVscodeTools(LISTED, { allow: ['mcp'], autoApprove: [] });
    assert.deepEqual(byTag.map((tool) => tool.toolName), ['mcp_tickets_lookup_ticket']);
    const both = offerVscodeTools(LISTED, { allow: ['renderMermaidDiagram', 'mcp'], autoApprove: [] });
    assert.deepEqual(both.map((tool) => tool.toolName), ['mcp_tickets_lookup_ticket', 'renderMermaidDiagram']);
  });

  it('auto-approval is by name, tag or pattern too, and only of tools the allow-list offers', () => {
    const offered = offerVscodeTools(LISTED, { allow: ['mcp', 'renderMermaidDiagram'], autoApprove: ['mcp', 'run_in_terminal'] });
    assert.deepEqual(
      offered.map((tool) => [tool.toolName, tool.autoApproved]),
      [
        ['mcp_tickets_lookup_ticket', true],
        ['renderMermaidDiagram', false],
      ],
    );
  });

  it('the definition carries the tool\'s description and its own schema, without $schema', () => {
    const [offered] = offerVscodeTools([ticket], { allow: ['mcp'], autoApprove: [] });
    assert.deepEqual(offered?.definition, {
      type: 'function',
      function: {
        name: 'mcp_tickets_lookup_ticket',
        description: 'Look up a ticket.',
        parameters: { type: 'object', properties: { id: { type: 'string', description: 'The ticket id.' } }, required: ['id'] },
      },
    });
  });
});

describe('VS Code tools: function names', () => {
  const workspaceNames = WORKSPACE_TOOLS.map((tool) => tool.name);

  it('a name the service takes is kept', () => {
    assert.equal(functionNameFor('mcp_tickets_lookup_ticket', new Set()), 'mcp_tickets_lookup_ticket');
    assert.equal(functionNameFor('copilot-find', new Set()), 'copilot-find');
  });

  it('other characters become _, and a name one of ours has gets a vscode_ prefix', () => {
    assert.equal(functionNameFor('my.ext/tool name', new Set()), 'my_ext_tool_name');
    assert.equal(functionNameFor('read_file', new Set()), 'vscode_read_file');
    assert.equal(functionNameFor('read.file', new Set()), 'vscode_read_file', 'read.file becomes read_file, which is ours');
    assert.equal(functionNameFor('', new Set()), 'tool');
    for (const name of workspaceNames) assert.notEqual(functionNameFor(name, new Set()), name);
  });

  it('a name already taken gets _2, _3, …; every name fits 64 characters', () => {
    assert.equal(functionNameFor('a.b', new Set(['a_b'])), 'a_b_2');
    assert.equal(functionNameFor('a.b', new Set(['a_b', 'a_b_2'])), 'a_b_3');
    const long = 'x'.repeat(70);
    assert.equal(functionNameFor(long, new Set()), 'x'.repeat(64));
    const second = functionNameFor(long, new Set(['x'.repeat(64)]));
    assert.equal(second, `${'x'.repeat(62)}_2`);
    assert.equal(second.length, 64);
  });

  it('tools whose names clash after the change are all offered, each under its own name', () => {
    const offered = offerVscodeTools(
      [
        { name: 'a.b', description: '', tags: ['t'] },
        { name: 'a/b', description: '', tags: ['t'] },
        { name: 'a_b', description: '', tags: ['t'] },
        { name: 'create_file', description: '', tags: ['t'] },
      ],
      { allow: ['t'], autoApprove: [] },
    );
    assert.deepEqual(
      offered.map((tool) => [tool.toolName, tool.functionName]),
      [
        ['a.b', 'a_b'],
        ['a/b', 'a_b_2'],
        ['a_b', 'a_b_3'],
        ['create_file', 'vscode_create_file'],
      ],
    );
    // Next to our seven, the request is one the service takes: names valid and unique.
    const definitions = [...toolDefinitions(true), ...offered.map((tool) => tool.definition)];
    const names = definitions.map((definition) => definition.function.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of names) assert.match(name, /^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe('VS Code tools: schemas as requests carry them', () => {
  it('a tool without a schema takes an object with no properties', () => {
    assert.deepEqual(parametersOf(undefined), { type: 'object', properties: {} });
    assert.deepEqual(parametersOf({ type: 'string' }), { type: 'object', properties: {} });
  });

  it('the rest of the schema passes through: nested objects, anyOf, limits, additionalProperties', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        filter: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
        limit: { type: 'integer', minimum: 1, maximum: 50 },
        options: { type: 'object', properties: { deep: { type: 'boolean' } } },
      },
      required: ['filter', 'not_declared', 3],
    };
    assert.deepEqual(parametersOf(schema), {
      type: 'object',
      additionalProperties: false,
      properties: schema.properties,
      required: ['filter'],
    });
  });

  it('malformed keywords the request checks are left out, so one odd tool cannot stop every request', () => {
    const parameters = parametersOf({ type: 'object', properties: { a: true, b: { type: 3, description: ['x'], enum: 'y', minimum: 0 }, c: { type: ['string', 'null'] } } });
    assert.deepEqual(parameters.properties, { a: {}, b: { minimum: 0 }, c: { type: ['string', 'null'] } });
    const definitions = offerVscodeTools([{ name: 'odd', description: 'Odd.', inputSchema: { properties: { a: true, b: { type: 3 } } }, tags: [] }], { allow: ['odd'], autoApprove: [] }).map((tool) => tool.definition);
    const { definitions: tools, ...settings } = settingsOf(definitions);
    const request = buildChatRequest({ settings, messages: [{ role: 'user', content: 'hi' }], tools });
    assert.deepEqual(request.tools?.map((tool) => tool.function.name), ['odd']);
  });

  it('null for an optional argument that cannot be null is left out; a required or nullable one is passed on', () => {
    const parameters = parametersOf({
      type: 'object',
      properties: { id: { type: 'string' }, note: { type: 'string' }, maybe: { type: ['string', 'null'] }, anything: {} },
      required: ['id'],
    });
    assert.deepEqual(vscodeToolInput({ id: null, note: null, maybe: null, anything: null, extra: null, kept: 1 }, parameters), { id: null, maybe: null, anything: null, extra: null, kept: 1 });
  });
});

describe('VS Code tools: what the model reads', () => {
  it('text parts are joined; JSON and text data are decoded; other data is named; prompt-tsx becomes JSON', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const parts = [
      { value: 'T-42: open. ' },
      { mimeType: 'application/json', data: bytes('{"owner":"Ada"}') },
      { mimeType: 'image/png', data: new Uint8Array(10) },
      { value: { node: { type: 1, text: 'tsx' } } },
    ];
    assert.equal(
      vscodeToolResultText('lookup', parts),
      'T-42: open. {"owner":"Ada"}[image/png content of 10 bytes left out: a tool result is sent as text only]{"node":{"type":1,"text":"tsx"}}',
    );
  });

  it('a result without text says so rather than sending an empty result', () => {
    assert.equal(vscodeToolResultText('lookup', []), 'lookup returned no text.');
    assert.equal(vscodeToolResultText('lookup', [{ value: '  ' }]), 'lookup returned no text.');
  });

  it('a thrown error becomes a result naming the tool and the reason', () => {
    assert.equal(vscodeToolFailure('gone_tool', new Error('Tool gone_tool was not contributed')), 'The VS Code tool gone_tool failed: Tool gone_tool was not contributed');
    assert.equal(vscodeToolFailure('t', 'plain string'), 'The VS Code tool t failed: plain string');
    assert.equal(vscodeToolFailure('t', new Error('')), 'The VS Code tool t failed: no reason given');
  });
});

describe('VS Code tools: validating a call against what was offered', () => {
  const offer: ToolOffer = { workspace: false, vscode: offerVscodeTools([ticket, { ...mermaid, name: 'render.diagram' }], { allow: ['mcp', 'render.diagram'], autoApprove: [] }) };
  const call = (name: string, args: Record<string, unknown>) => ({ index: 0, id: 'c1', idGenerated: false, name, arguments: args, argumentsText: JSON.stringify(args) });

  it('a call of an offered VS Code tool is valid: its function name, the tool it stands for, its input', () => {
    const validation = validateToolCall(call('render_diagram', { code: 'graph TD' }), offer);
    assert.ok(validation.ok);
    assert.equal(validation.call.kind, 'vscode');
    assert.ok(validation.call.kind === 'vscode');
    assert.equal(validation.call.name, 'render_diagram');
    assert.equal(validation.call.tool.toolName, 'render.diagram');
    assert.deepEqual(validation.call.args, { code: 'graph TD' });
  });

  it('a workspace tool is refused when the request did not offer ours; the message lists what it did offer', () => {
    const validation = validateToolCall(call('read_file', { path: 'a.ts' }), offer);
    assert.equal(validation.ok, false);
    assert.ok(!validation.ok);
    assert.equal(validation.message, 'There is no tool named "read_file", so nothing was run. Available tools: mcp_tickets_lookup_ticket, render_diagram.');
    const none = validateToolCall(call('read_file', { path: 'a.ts' }), { workspace: false, vscode: [] });
    assert.ok(!none.ok);
    assert.match(none.message, /This request offered no tools\.$/);
  });

  it('the tool\'s real name is not callable when it was offered under another', () => {
    assert.equal(validateToolCall(call('render.diagram', {}), offer).ok, false);
  });

  it('without an offer, the workspace tools are what is valid (as before)', () => {
    assert.equal(validateToolCall(call('read_file', { path: 'a.ts' })).ok, true);
    assert.equal(validateToolCall(call('mcp_tickets_lookup_ticket', { id: 'T-1' })).ok, false);
  });
});

describe('VS Code tools in a round of the tool loop', () => {
  let server: ReferenceServer;
  before(async () => {
    server = await startReferenceServer();
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => server.reset());

  const START: ChatMessage[] = [{ role: 'user', content: 'What is T-42 about?' }];

  async function run(options: { autoApprove?: string[]; approved?: boolean; workspace?: boolean } = {}) {
    const offered = offerVscodeTools(LISTED, { allow: ['mcp'], autoApprove: options.autoApprove ?? [] });
    const offer: ToolOffer = { workspace: options.workspace ?? true, vscode: offered };
    const definitions = [...toolDefinitions(offer.workspace), ...offered.map((tool) => tool.definition)];
    const events: ToolLoopEvent[] = [];
    const executed: ValidToolCall[] = [];
    const asked: { name: string; preview: unknown }[] = [];
    const result = await runToolLoop({
      client: new ChatClient({ fetch: globalThis.fetch, baseUrl: server.url, maxRetries: 0 }),
      buildRequest: (messages) => {
        const { definitions: tools, ...settings } = settingsOf(definitions);
        return buildChatRequest({ settings, messages, tools, toolChoice: 'auto' });
      },
      messages: START,
      offer,
      needsApproval: approvalRule({ askBeforeReading: false, autoApprove: [] }),
      approve: async (call, _signal, preview) => {
        asked.push({ name: call.name, preview });
        return options.approved === false ? { approved: false, reason: 'not now' } : { approved: true };
      },
      runTool: async (call) => {
        executed.push(call);
        if (call.kind === 'vscode') return { status: 'done', content: `ticket ${String(call.args['id'])}: open` };
        return { status: 'done', content: `${call.name} ok` };
      },
      maxRounds: 5,
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    const toolMessages = (request: number) =>
      (server.requests[request]?.body as { messages: { role: string; tool_call_id?: string; content: string }[] }).messages.filter((message) => message.role === 'tool');
    const updates = events.flatMap((event) => (event.type === 'toolCall' ? [event.call] : []));
    return { result, executed, asked, toolMessages, updates };
  }

  it('the request offers the tool next to ours; the call is asked about first (no preview), runs, and its result goes back', async () => {
    server.script(toolCallsTurn([{ id: 'c_ticket', name: 'mcp_tickets_lookup_ticket', arguments: '{"id":"T-42"}' }]), textTurn('T-42 is open.'));
    const { result, executed, asked, toolMessages, updates } = await run();
    assert.equal(result.outcome, 'done');
    const offered = (server.requests[0]?.body as { tools: { function: { name: string } }[] }).tools.map((tool) => tool.function.name);
    assert.deepEqual(offered, [...WORKSPACE_TOOLS.filter((tool) => tool.kind !== 'command').map((tool) => tool.name), 'mcp_tickets_lookup_ticket']);
    assert.deepEqual(asked, [{ name: 'mcp_tickets_lookup_ticket', preview: undefined }]);
    assert.deepEqual(executed.map((call) => call.kind === 'vscode' && call.tool.toolName), ['mcp_tickets_lookup_ticket']);
    assert.deepEqual(toolMessages(1), [{ role: 'tool', tool_call_id: 'c_ticket', content: 'ticket T-42: open' }]);
    assert.deepEqual(
      updates.map((update) => [update.kind, update.status]),
      [
        ['vscode', 'queued'],
        ['vscode', 'awaiting-approval'],
        ['vscode', 'running'],
        ['vscode', 'done'],
      ],
    );
    assert.equal(updates.at(-1)?.preview, 'ticket T-42: open');
  });

  it('rejected: not run, and the model is told why', async () => {
    server.script(toolCallsTurn([{ id: 'c_ticket', name: 'mcp_tickets_lookup_ticket', arguments: '{"id":"T-42"}' }]), textTurn('Understood.'));
    const { executed, toolMessages, updates } = await run({ approved: false });
    assert.equal(executed.length, 0);
    assert.match(toolMessages(1)[0]?.content ?? '', /rejected this mcp_tickets_lookup_ticket call.*not now/);
    assert.equal(updates.at(-1)?.status, 'rejected');
  });

  it('auto-approved: runs without asking', async () => {
    server.script(toolCallsTurn([{ id: 'c_ticket', name: 'mcp_tickets_lookup_ticket', arguments: '{"id":"T-42"}' }]), textTurn('Open.'));
    const { executed, asked } = await run({ autoApprove: ['mcp_tickets_*'] });
    assert.equal(asked.length, 0);
    assert.equal(executed.length, 1);
  });

  it('with our tools off, only the VS Code tool is offered and a call of ours is answered, never run', async () => {
    server.script(
      toolCallsTurn([
        { id: 'c_read', name: 'read_file', arguments: '{"path":"a.ts"}' },
        { id: 'c_ticket', name: 'mcp_tickets_lookup_ticket', arguments: '{"id":"T-42"}' },
      ]),
      textTurn('Done.'),
    );
    const { executed, toolMessages } = await run({ workspace: false });
    const offered = (server.requests[0]?.body as { tools: { function: { name: string } }[] }).tools.map((tool) => tool.function.name);
    assert.deepEqual(offered, ['mcp_tickets_lookup_ticket']);
    assert.deepEqual(executed.map((call) => call.name), ['mcp_tickets_lookup_ticket']);
    assert.match(toolMessages(1).find((message) => message.tool_call_id === 'c_read')?.content ?? '', /no tool named "read_file"/);
  });
});
