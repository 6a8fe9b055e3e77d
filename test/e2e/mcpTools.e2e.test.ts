// An MCP server's tool in our chat, in the real workbench: the test workspace configures a stdio MCP server written
// with the official SDK (test/support/mcpServer) in .vscode/mcp.json; the user starts it as they would (MCP: List
// Servers → the server → Start Server); askModel.vscodeTools.allow offers its tool to the model; the model calls it,
// the tool card waits for Accept, nothing runs before the click, and after it the card shows the ticket and the answer
// (the reference server in demo mode writes it from the tool results it received) quotes it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { answerText, button, lastFinishedAnswer, openChat, sendMessage } from '../support/e2e/chatView';
import { screenshot } from '../support/e2e/screenshots';
import { until } from '../support/e2e/until';
import { useChatPanel } from '../support/e2e/useChatPanel';
import { useReferenceServer } from '../support/e2e/useReferenceServer';
import { useWorkbench } from '../support/e2e/useWorkbench';
import { FIXTURE_WORKSPACE } from '../support/e2e/workbenchSession';
import { exactly, quickInput, runCommand } from '../support/e2e/workbenchUi';
import { buildTicketServer } from '../support/mcpServer/buildTicketServer';
import { TICKET_SERVER_NAME, TICKETS } from '../support/mcpServer/tickets';
import { toolCallsTurn } from '../support/referenceServer';

const TICKET_ID = 'T-42';
const TICKET = TICKETS[TICKET_ID] ?? '';

interface SentRequest {
  tools?: { function: { name: string } }[];
  messages: { role: string; tool_call_id?: string; content: string | null }[];
}

/** Picks the row of the open quick pick whose label is exactly `label`. */
async function pickQuickInputRow(page: Page, label: string): Promise<void> {
  await quickInput(page).locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exactly(label) }) }).first().click();
}

describe('An MCP server\'s tool in the chat (e2e)', function () {
  // Demo mode: the first answer calls the ticket tool as the request offered it (VS Code names it
  // mcp_<server>_<tool>); the answer after the tool result is the demo summary, which quotes that result.
  const server = useReferenceServer({
    model: 'mcp-model',
    demo: true,
    demoScript: (request) => {
      const last = request.messages.at(-1);
      if (last?.role !== 'user') return undefined;
      const tool = request.tools.find((candidate) => candidate.name.startsWith('mcp_') && candidate.name.endsWith('lookup_ticket'));
      return tool ? toolCallsTurn([{ id: 'c_ticket', name: tool.name, arguments: JSON.stringify({ id: TICKET_ID }) }]) : undefined;
    },
  });
  let mcpDir: string;
  before(async () => {
    mcpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-model-e2e-mcp-'));
    const workspace = path.join(mcpDir, 'workspace');
    fs.cpSync(FIXTURE_WORKSPACE, workspace, { recursive: true });
    await buildTicketServer(path.join(mcpDir, 'ticket-mcp-server.js'), workspace);
  });
  const workbench = useWorkbench(() => ({
    workspace: path.join(mcpDir, 'workspace'),
    settings: {
      'askModel.baseUrl': server().url,
      'askModel.model': 'mcp-model',
      'askModel.vscodeTools.allow': ['mcp'],
      // VS Code hides its MCP commands (MCP: List Servers) while its AI features are off, as the quiet settings have them.
      'chat.disableAIFeatures': false,
    },
    waitForActivation: false, // opening the chat activates the extension
  }));
  const chat = useChatPanel(workbench);
  after(async () => {
    if (mcpDir) fs.rmSync(mcpDir, { recursive: true, force: true });
  });

  it('the user starts the MCP server, the chat offers its tool, Accept on the card runs it, and the answer quotes the result', async function () {
    this.timeout(120_000);
    const { page } = workbench;

    // MCP: List Servers → tickets → Start Server, as a user starts a workspace's MCP server.
    await runCommand(page, 'MCP: List Servers');
    await pickQuickInputRow(page, TICKET_SERVER_NAME);
    await pickQuickInputRow(page, 'Start Server');
    // Start Server shows the server's log in the Output panel: it is running and has listed its tool.
    const log = page.locator('.part.panel .view-lines');
    await log.filter({ hasText: 'Connection state: Running' }).waitFor({ timeout: 30_000 });
    await log.filter({ hasText: 'Discovered 1 tools' }).waitFor({ timeout: 30_000 });

    await openChat(page);
    server().reset();
    await sendMessage(chat.view, `What does ticket ${TICKET_ID} say?`);

    const card = chat.view.locator('.tool-card').first();
    await card.getByText('Waiting for your approval').waitFor({ timeout: 30_000 });
    const accept = button(card, 'Accept');
    await accept.waitFor();
    await button(card, 'Reject').waitFor();
    const first = server().requests[0]?.body as SentRequest;
    const ticketTool = first.tools?.map((tool) => tool.function.name).find((name) => name.endsWith('lookup_ticket'));
    assert.equal(ticketTool, `mcp_${TICKET_SERVER_NAME}_lookup_ticket`, `the request offered the MCP tool: ${JSON.stringify(first.tools?.map((tool) => tool.function.name))}`);
    assert.match(await card.innerText(), new RegExp(ticketTool));
    // Nothing ran before Accept: the model has not been sent a tool result.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(server().requests.length, 1, 'no second request before Accept');
    await screenshot(page, 'mcp-tool-waiting-for-approval');

    await accept.click();
    // VS Code confirms an MCP tool that is not marked read-only once more itself, in a modal dialog, when an extension
    // invokes it outside VS Code's own chat (vscode.lm.invokeTool without a chat token): the user says Yes there too.
    const confirm = page.locator('.monaco-dialog-box').filter({ hasText: 'Run Look up a ticket' });
    await confirm.waitFor({ timeout: 15_000 });
    assert.equal(server().requests.length, 1, 'still no tool result while VS Code asks');
    await screenshot(page, 'mcp-tool-vscode-confirmation');
    await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
    const done = await lastFinishedAnswer(chat.view, 30_000);
    await until(async () => (await card.innerText()).includes('Done'), 'the card to show Done');
    assert.ok((await card.innerText()).includes(TICKET), `the card shows the ticket: ${await card.innerText()}`);
    // The answer's own text, without the card (which shows the result too).
    const answer = await answerText(done);
    assert.ok(answer.includes(TICKET), `the answer quotes the ticket: ${answer}`);
    assert.equal(server().requests.length, 2);
    const second = server().requests[1]?.body as SentRequest;
    assert.equal(second.messages.find((message) => message.tool_call_id === 'c_ticket')?.content, TICKET, 'the model got what the MCP server answered');
    await screenshot(page, 'mcp-tool-answered');
  });
});
