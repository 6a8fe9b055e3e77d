// The chat session's host ports, in plain Node through the vscode shim: a command the model calls runs inside the
// workspace's checkpoint capture (Restore to here brings back what it changed); no other tool is wrapped.
import '../../../../support/host/installShim';
import assert from 'node:assert/strict';
import type { CheckpointRecorder } from '../../../../../src/core';
import type { ToolRunContext } from '../../../../../src/core/tools/toolLoopTypes';
import type { ValidToolCall } from '../../../../../src/core/tools/validateToolCall';
import { hostSessionPorts, type HostSessionDeps } from '../../../../../src/host/features/chat/hostSessionPorts';
import type { WorkspaceTools } from '../../../../../src/host/platform/tools/workspaceTools';

describe('the chat session’s host ports (through the vscode shim)', () => {
  it('a command runs inside the checkpoint’s capture; a read or an edit is passed its context as it was', async () => {
    const seen: { name: string; context: ToolRunContext }[] = [];
    const wrapped: string[] = [];
    const tools = { runTool: async (call: ValidToolCall, context: ToolRunContext) => (seen.push({ name: call.name, context }), { status: 'done', content: '' }) } as unknown as WorkspaceTools;
    const checkpoints = { aroundCommand: async <T>(folder: string, run: () => Promise<T>) => (wrapped.push(folder), run()) } as unknown as CheckpointRecorder;
    const ports = hostSessionPorts({ tools: async () => tools, checkpoints } as unknown as HostSessionDeps);
    const context: ToolRunContext = { signal: new AbortController().signal, approve: undefined };
    await ports.runTool({ name: 'run_command', kind: 'command' } as ValidToolCall, context);
    await ports.runTool({ name: 'read_file', kind: 'read' } as ValidToolCall, context);
    await ports.runTool({ name: 'replace_in_file', kind: 'edit' } as ValidToolCall, context);
    const around = seen[0]!.context.aroundCommand;
    assert.ok(around, 'the command was given the capture');
    assert.equal(await around('/workspace', async () => 'ran'), 'ran');
    assert.deepEqual(wrapped, ['/workspace']);
    assert.equal(seen[1]!.context, context);
    assert.equal(seen[2]!.context, context);
  });

  it('without checkpoints (no workspace storage), a command is given no capture', async () => {
    let given: ToolRunContext | undefined;
    const tools = { runTool: async (_: ValidToolCall, context: ToolRunContext) => ((given = context), { status: 'done', content: '' }) } as unknown as WorkspaceTools;
    const ports = hostSessionPorts({ tools: async () => tools } as unknown as HostSessionDeps);
    await ports.runTool({ name: 'run_command', kind: 'command' } as ValidToolCall, { signal: new AbortController().signal, approve: undefined });
    assert.equal(given?.aroundCommand, undefined);
  });
});
