// What `vscode.lm.tools` lists (MCP servers' tools, other extensions', VS Code's own), for the run to offer as the user
// allowed (core/tools/vscodeTools.ts). One call of such a tool is the tools feature's (features/tools/vscodeToolCalls.ts).
import * as vscode from 'vscode';
import type { VscodeToolInfo } from '../../../core';

/** The tools VS Code lists now; an MCP server's appear once it has started (VS Code then remembers them). */
export function listVscodeTools(): VscodeToolInfo[] {
  return vscode.lm.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema, tags: tool.tags }));
}

/** Whether the user trusts the workspace (Restricted Mode: no command tool is offered). */
export function workspaceTrusted(): boolean {
  return vscode.workspace.isTrusted;
}
