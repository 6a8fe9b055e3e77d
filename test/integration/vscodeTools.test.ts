// VS Code's tools offered to our model, in a real extension host: an MCP server written with the official SDK
// (test/support/mcpServer), configured in the test workspace's .vscode/mcp.json and started by VS Code, lists its
// tool in `vscode.lm.tools`; Edit Selection (the chat's run preparation, runner and approval path) offers it when
// askModel.vscodeTools.allow names it, asks before running it, and the model gets its result. The reference server
// in demo mode writes its last answer from the tool results it received, so the answer shows what came back.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FAILING_TOOL_MESSAGE, FAILING_TOOL_NAME } from '../support/languageModelCaller/failingTool';
import { TICKETS } from '../support/mcpServer/tickets';
import { toolCallsTurn, type ReferenceServer } from '../support/referenceServer';
import { activateExtension, closeAllEditors, configure, openWithSelection, until } from './support/extensionFixture';
import { useReferenceServer, useSettings } from './support/useReferenceServer';

interface EditResult {
  status: string;
  text?: string;
  calls?: Record<string, number>;
}

/** How VS Code names the ticket server's tool: `mcp_<server>_<tool>`, tagged `mcp`. */
const TICKET_TOOL = 'mcp_tickets_lookup_ticket';
const WORKSPACE_TOOL_NAMES = ['read_file', 'list_files', 'search_text', 'get_diagnostics', 'get_editor_context', 'replace_in_file', 'create_file'];

const edit = (instruction: string): Thenable<EditResult> => vscode.commands.executeCommand<EditResult>('askModel.editSelection', { instruction });

interface SentRequest {
  tools?: { function: { name: string; parameters: { properties: Record<string, unknown>; required?: string[] } } }[];
  messages: { role: string; tool_call_id?: string; content: string | null }[];
}
const sent = (server: ReferenceServer, index: number): SentRequest => server.requests[index]?.body as SentRequest;
const offeredNames = (server: ReferenceServer): string[] => (sent(server, 0).tools ?? []).map((tool) => tool.function.name);
const toolResult = (server: ReferenceServer, id: string): string | null | undefined => sent(server, 1).messages.find((message) => message.tool_call_id === id)?.content;

/** Accepts the call waiting for approval (the Accept command decides the newest one, as the notification's button). */
async function acceptWhenAsked(): Promise<void> {
  await until(async () => ((await vscode.commands.executeCommand<boolean>('askModel.acceptEdit')) ? true : undefined), 'a tool call waiting for approval');
}

describe('VS Code tools (an MCP server, another extension\'s tool) offered to the model', function () {
  this.timeout(60_000);
  const server = useReferenceServer({ model: 'tool-model', demo: true });
  useSettings(() => ({ baseUrl: server().url, model: 'tool-model' }));
  let document: vscode.TextDocument;

  before(async () => {
    await activateExtension();
    // VS Code starts an MCP server when its chat first needs it, or when the user starts it (MCP: List Servers →
    // Start Server, which the palette shows only with AI features on; test/e2e/mcpTools.e2e.test.ts goes that way).
    // This is the command behind it, which runs with them off too. Once started, its tools stay listed (VS Code caches them).
    await vscode.commands.executeCommand('workbench.mcp.startServer', '*', { waitForLiveTools: true });
    await until(() => vscode.lm.tools.some((tool) => tool.name === TICKET_TOOL), `${TICKET_TOOL} in vscode.lm.tools`, 30_000);
  });
  beforeEach(async () => {
    document = (await openWithSelection('hello.ts', [2, 4])).document;
  });
  afterEach(async () => {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await closeAllEditors();
  });

  it('VS Code lists the MCP server\'s tool with the mcp tag and its input schema', () => {
    const tool = vscode.lm.tools.find((candidate) => candidate.name === TICKET_TOOL);
    assert.ok(tool);
    assert.deepEqual(tool.tags, ['mcp']);
    assert.deepEqual((tool.inputSchema as { required?: string[] }).required, ['id']);
  });

  it('allowed by its tag: offered next to ours, asked about, run on the MCP server; the answer is written from its result', async () => {
    await configure({ 'vscodeTools.allow': ['mcp'] });
    server().script(toolCallsTurn([{ id: 'c_ticket', name: TICKET_TOOL, arguments: JSON.stringify({ id: 'T-42' }) }]));
    const pending = edit('What does ticket T-42 say?');
    await acceptWhenAsked();
    const result = await pending;
    assert.equal(result.status, 'done', JSON.stringify(result));
    assert.deepEqual(result.calls, { done: 1 });
    assert.deepEqual(offeredNames(server()), [...WORKSPACE_TOOL_NAMES, TICKET_TOOL]);
    const offered = sent(server(), 0).tools?.find((tool) => tool.function.name === TICKET_TOOL);
    assert.deepEqual(offered?.function.parameters.required, ['id'], 'the MCP tool\'s own schema');
    assert.ok(offered?.function.parameters.properties['id']);
    const expected = TICKETS['T-42'] ?? '';
    assert.equal(toolResult(server(), 'c_ticket'), expected, 'the model got what the MCP server answered');
    assert.ok(result.text?.includes(expected), `the answer quotes the result: ${result.text ?? ''}`);
  });

  it('not in the allow-list: not offered, and a call of it anyway is answered, never run', async () => {
    await configure({ 'vscodeTools.allow': ['some_other_tool'] });
    server().script(toolCallsTurn([{ id: 'c_ticket', name: TICKET_TOOL, arguments: JSON.stringify({ id: 'T-42' }) }]));
    const result = await edit('What does ticket T-42 say?');
    assert.equal(result.status, 'done', JSON.stringify(result));
    assert.deepEqual(offeredNames(server()), WORKSPACE_TOOL_NAMES);
    assert.deepEqual(result.calls, { invalid: 1 });
    assert.match(toolResult(server(), 'c_ticket') ?? '', new RegExp(`no tool named "${TICKET_TOOL}"`));
  });

  it('auto-approved: runs without asking; the MCP server\'s own errors (unknown id, invalid input) reach the model as results', async () => {
    await configure({ 'vscodeTools.allow': [TICKET_TOOL], 'vscodeTools.autoApprove': ['mcp'] });
    server().script(
      toolCallsTurn([
        { id: 'c_unknown', name: TICKET_TOOL, arguments: JSON.stringify({ id: 'T-0' }) },
        { id: 'c_invalid', name: TICKET_TOOL, arguments: JSON.stringify({ number: 42 }) },
      ]),
    );
    const result = await edit('Look up two tickets');
    assert.equal(result.status, 'done', JSON.stringify(result));
    assert.deepEqual(result.calls, { done: 2 }, 'nothing waited for approval');
    assert.equal(toolResult(server(), 'c_unknown'), 'No ticket T-0.');
    assert.match(toolResult(server(), 'c_invalid') ?? '', /Input validation error.*id/s);
  });

  it('a tool that throws (another extension\'s) becomes a failed result the model reads, not a crash', async () => {
    await configure({ 'vscodeTools.allow': ['askModelTest'], 'vscodeTools.autoApprove': ['askModelTest'] });
    assert.ok(vscode.lm.tools.some((tool) => tool.name === FAILING_TOOL_NAME), `${FAILING_TOOL_NAME} is listed`);
    server().script(toolCallsTurn([{ id: 'c_fail', name: FAILING_TOOL_NAME, arguments: JSON.stringify({ reason: 'testing' }) }]));
    const result = await edit('Try the failing tool');
    assert.equal(result.status, 'done', JSON.stringify(result));
    assert.deepEqual(offeredNames(server()), [...WORKSPACE_TOOL_NAMES, FAILING_TOOL_NAME]);
    assert.deepEqual(result.calls, { failed: 1 });
    const failure = toolResult(server(), 'c_fail') ?? '';
    assert.match(failure, new RegExp(`^The VS Code tool ${FAILING_TOOL_NAME} failed: .*${FAILING_TOOL_MESSAGE} \\(testing\\)`));
    assert.ok(result.text?.includes(FAILING_TOOL_MESSAGE), 'the answer was written from the failure');
  });
});
