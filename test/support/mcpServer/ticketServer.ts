// A stdio MCP server for the integration tests, written with the official MCP TypeScript SDK: VS Code starts it from
// the test workspace's .vscode/mcp.json and lists its tools in `vscode.lm.tools`, as it would any MCP server a user
// configures. Its answers are fixed, so a test can look for them in what the model was sent and in the chat's answer.
// Bundled to one .js by buildTicketServer.ts (VS Code runs it with the machine's `node`, which cannot run TypeScript).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';
import { TICKETS, TICKET_SERVER_NAME } from './tickets';

const server = new McpServer({ name: TICKET_SERVER_NAME, version: '1.0.0' });

server.registerTool(
  'lookup_ticket',
  {
    title: 'Look up a ticket',
    description: 'Look up a ticket of the issue tracker by its id, e.g. "T-42". Returns its title, status and owner.',
    inputSchema: { id: z.string().describe('The ticket id, e.g. "T-42".') },
  },
  ({ id }) => {
    const ticket = TICKETS[id];
    // An unknown id is an MCP tool error (`isError`): VS Code reports it as the call's failure.
    if (!ticket) return { isError: true, content: [{ type: 'text', text: `No ticket ${id}.` }] };
    return { content: [{ type: 'text', text: ticket }] };
  },
);

server.connect(new StdioServerTransport()).catch((error: unknown) => {
  process.stderr.write(`ticket server: ${String(error)}\n`);
  process.exit(1);
});
