// The VS Code tools' adapter: what `vscode.lm.tools` lists (MCP servers' tools, other extensions', VS Code's own), and
// one call through `vscode.lm.invokeTool`. Which tools are offered, under what name, and the texts the model reads are
// the core's (core/tools/vscodeTools.ts); whether the user is asked first is the tool loop's. Whatever the invocation
// throws (the tool is gone, the input was refused, the tool failed) becomes a failed result the model reads.
import * as vscode from 'vscode';
import { vscodeToolFailure, vscodeToolResultText, type ToolOutcome, type VscodeToolCall, type VscodeToolInfo } from '../../../core';

/** The tools VS Code lists now; an MCP server's appear once it has started (VS Code then remembers them). */
export function listVscodeTools(): VscodeToolInfo[] {
  return vscode.lm.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema, tags: tool.tags }));
}

/** Runs the call's tool; Stop cancels it through its cancellation token. */
export async function invokeVscodeTool(call: VscodeToolCall, signal: AbortSignal): Promise<ToolOutcome> {
  const { toolName } = call.tool;
  const cancellation = new vscode.CancellationTokenSource();
  const cancel = (): void => cancellation.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    // No `toolInvocationToken`: the call does not come from VS Code's chat; our own approval has already been given.
    const result = await vscode.lm.invokeTool(toolName, { input: call.args, toolInvocationToken: undefined }, cancellation.token);
    return { status: 'done', content: vscodeToolResultText(toolName, result.content) };
  } catch (error) {
    return { status: 'failed', content: vscodeToolFailure(toolName, error) };
  } finally {
    signal.removeEventListener('abort', cancel);
    cancellation.dispose();
  }
}
