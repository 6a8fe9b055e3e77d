// One call of a VS Code tool through `vscode.lm.invokeTool` (the run offered it: platform/tools/vscodeTools.ts lists
// them, core decides which). The texts the model reads are the core's (core/tools/vscodeToolResults.ts); whether the
// user is asked first is the tool loop's. Whatever the invocation throws (the tool is gone, the input was refused, the
// tool failed) becomes a failed result the model reads.
import * as vscode from 'vscode';
import { vscodeToolFailure, vscodeToolResultText, type ToolOutcome, type VscodeToolCall } from '../../../core';

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
