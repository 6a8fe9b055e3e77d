// What the ticket MCP server knows, shared with the tests that look for it.

/** The server's name in the test workspace's .vscode/mcp.json. */
export const TICKET_SERVER_NAME = 'tickets';

export const TICKETS: Readonly<Record<string, string>> = {
  'T-42': 'T-42 "Login times out behind the proxy": status open, owner Ada Lovelace, opened 2026-03-14.',
};
