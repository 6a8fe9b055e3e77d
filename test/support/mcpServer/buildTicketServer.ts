// Bundles the ticket MCP server (ticketServer.ts) with its SDK into one .js that the machine's `node` runs, and
// writes the .vscode/mcp.json that configures it into a test workspace: the path of the bundle is known only per run.
import esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { TICKET_SERVER_NAME } from './tickets';

/** Builds the server to `outFile` and configures it in `workspaceDir`'s .vscode/mcp.json. */
export async function buildTicketServer(outFile: string, workspaceDir: string): Promise<void> {
  await esbuild.build({ entryPoints: [path.join(__dirname, 'ticketServer.ts')], outfile: outFile, bundle: true, format: 'cjs', platform: 'node', target: 'node20', logLevel: 'warning' });
  const config = { servers: { [TICKET_SERVER_NAME]: { type: 'stdio', command: 'node', args: [outFile] } } };
  fs.mkdirSync(path.join(workspaceDir, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(workspaceDir, '.vscode', 'mcp.json'), `${JSON.stringify(config, null, 2)}\n`);
}
