// run_command in a round of tool calls (runToolRound): it always gets the loop's question, asked by its runner once it
// knows whether the user's rules cover it; autoApprove never covers it; without anyone to ask it never runs; its card
// (what it asks, then its output) reaches the view on every update, and a command is running only once it runs.
import assert from 'node:assert/strict';
import { runToolRound, type AnsweredCall } from '../../../src/core/tools/runToolRound';
import type { CommandCallState } from '../../../src/core/tools/commandCall';
import type { ToolCallUpdate, ToolRunner } from '../../../src/core/tools/toolLoopTypes';
import { approvalRule } from '../../../src/core/tools/toolSettings';

const COMMAND_OFFER = { workspace: true, commands: true, vscode: [] };
const commandCall = (id = 'c_cmd'): AnsweredCall => ({
  type: 'complete',
  call: { id, index: 0, idGenerated: false, name: 'run_command', arguments: { command: 'npm test', reason: 'run the tests' }, argumentsText: '{"command":"npm test","reason":"run the tests"}' },
});
const waiting: CommandCallState = { commandLine: 'npm test', folder: '.', reason: 'run the tests', phase: 'waiting', approvalNotes: ['no rule covers it'] };

describe('run_command in a round of tool calls', () => {
  it('its runner gets the question even when autoApprove names every tool, and the card shows it waiting, then running, then ended', async () => {
    const updates: ToolCallUpdate[] = [];
    const runTool: ToolRunner = async (call, context) => {
      assert.equal(call.kind, 'command');
      assert.ok(context.approve, 'the runner can ask');
      assert.ok(context.showCommand, 'the runner can show its card');
      context.showCommand({ ...waiting });
      const decision = await context.approve({ path: '.', summary: 'npm test' });
      assert.equal(decision.approved, true);
      context.showCommand({ ...waiting, phase: 'running', outputTail: 'ok' });
      context.showCommand({ ...waiting, phase: 'ended', exitCode: 0, durationMs: 5 });
      return { status: 'done', content: 'Exit code 0', preview: 'exit code 0' };
    };
    const messages = await runToolRound([commandCall()], {
      runTool,
      offer: COMMAND_OFFER,
      needsApproval: approvalRule({ askBeforeReading: false, autoApprove: ['replace_in_file', 'create_file', 'run_command'] }),
      approve: async () => ({ approved: true }),
      signal: new AbortController().signal,
      report: (update) => updates.push(update),
    });
    assert.deepEqual(messages, [{ role: 'tool', tool_call_id: 'c_cmd', content: 'Exit code 0' }]);
    assert.deepEqual(
      updates.map((update) => [update.status, update.command?.phase]),
      [
        ['queued', undefined],
        ['queued', 'waiting'],
        ['awaiting-approval', 'waiting'],
        ['running', 'waiting'],
        ['running', 'running'],
        ['running', 'ended'],
        ['done', 'ended'],
      ],
    );
    assert.equal(updates.at(-1)?.preview, 'exit code 0');
    assert.equal(updates.at(-1)?.command?.exitCode, 0);
    assert.equal(updates.at(-1)?.kind, 'command');
  });

  it('without anyone to ask it is never run', async () => {
    let ran = false;
    const messages = await runToolRound([commandCall()], {
      runTool: async () => {
        ran = true;
        return { status: 'done', content: 'ran' };
      },
      offer: COMMAND_OFFER,
      signal: new AbortController().signal,
      report: () => undefined,
    });
    assert.equal(ran, false);
    assert.match(messages[0]?.role === 'tool' ? messages[0].content : '', /^Not run: run_command needs the user's approval, and there was no one to ask\.$/);
  });

  it('a card update after the call settled keeps its status and preview (the end of a command stopped with the request)', async () => {
    const updates: ToolCallUpdate[] = [];
    let showLater: ((state: CommandCallState) => void) | undefined;
    await runToolRound([commandCall()], {
      runTool: async (_call, context) => {
        showLater = context.showCommand;
        return { status: 'done', content: 'Exit code 1', preview: 'exit code 1' };
      },
      offer: COMMAND_OFFER,
      needsApproval: () => true,
      approve: async () => ({ approved: true }),
      signal: new AbortController().signal,
      report: (update) => updates.push(update),
    });
    showLater?.({ ...waiting, phase: 'ended', exitCode: 1 });
    assert.deepEqual([updates.at(-1)?.status, updates.at(-1)?.preview, updates.at(-1)?.command?.exitCode], ['done', 'exit code 1', 1]);
  });

  it('a call of run_command where commands are not offered is answered, never run', async () => {
    let ran = false;
    const messages = await runToolRound([commandCall()], {
      runTool: async () => {
        ran = true;
        return { status: 'done', content: 'ran' };
      },
      offer: { workspace: true, vscode: [] },
      approve: async () => ({ approved: true }),
      signal: new AbortController().signal,
      report: () => undefined,
    });
    assert.equal(ran, false);
    assert.match(messages[0]?.role === 'tool' ? messages[0].content : '', /^There is no tool named "run_command"/);
  });
});
