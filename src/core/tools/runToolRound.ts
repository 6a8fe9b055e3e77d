// Runs the tool calls of one answer and returns one `role: "tool"` message per call, in the order the model made
// them. Read-only calls next to each other run concurrently; an edit or a VS Code tool (which may change anything)
// waits for everything before it and runs alone, so it never races a read of the same file and the model's order
// still means something. Broken, unknown and invalid calls are answered with the reason and never run; once the
// signal fires nothing else starts.
import type { ChatMessage } from '../protocol/messages';
import type { BrokenToolCall, CompletedToolCall } from '../stream/events';
import type { CommandCallState } from './commandCall';
import type { ApprovalDecision, ApprovalPreview, ToolCallStatus, ToolCallUpdate, ToolLoopOptions, ToolRunContext } from './toolLoopTypes';
import { failedResult, noApproverResult, previewOf, rejectedResult, STOPPED_RESULT } from './toolResultTexts';
import { untilAborted } from './untilAborted';
import { validateToolCall, type ValidToolCall } from './validateToolCall';

/** A call as the answer delivered it: complete (and maybe valid) or broken by the stream. */
export type AnsweredCall = { type: 'complete'; call: CompletedToolCall } | { type: 'broken'; call: BrokenToolCall };

type RoundOptions = Pick<ToolLoopOptions, 'runTool' | 'approve' | 'needsApproval' | 'signal' | 'offer'> & {
  report: (call: ToolCallUpdate) => void;
};

interface Slot {
  /** The last status reported, and a command's card (kept on every later report). */
  status?: ToolCallStatus;
  preview?: string;
  command?: CommandCallState;
  id: string;
  name: string | undefined;
  argumentsText: string;
  valid: ValidToolCall | undefined;
  result: string | undefined;
}

export async function runToolRound(answered: readonly AnsweredCall[], options: RoundOptions): Promise<ChatMessage[]> {
  const slots = answered.map((entry) => prepare(entry, options));
  const groups: Slot[][] = [];
  for (const slot of slots) {
    if (!slot.valid) continue;
    const last = groups[groups.length - 1];
    if (slot.valid.kind === 'read' && last?.[0]?.valid?.kind === 'read') last.push(slot);
    else groups.push([slot]);
  }
  for (const group of groups) {
    if (options.signal.aborted) break;
    await Promise.all(group.map((slot) => runOne(slot, slot.valid as ValidToolCall, options)));
  }
  for (const slot of slots) {
    if (slot.result === undefined) settle(slot, options, 'cancelled', STOPPED_RESULT);
  }
  return slots.map((slot) => ({ role: 'tool', tool_call_id: slot.id, content: slot.result ?? STOPPED_RESULT }));
}

function prepare(entry: AnsweredCall, options: RoundOptions): Slot {
  const { id, name, argumentsText } = entry.call;
  const slot: Slot = { id, name, argumentsText, valid: undefined, result: undefined };
  if (entry.type === 'broken') {
    settle(slot, options, 'invalid', entry.call.message);
    return slot;
  }
  const validation = validateToolCall(entry.call, options.offer);
  if (!validation.ok) {
    settle(slot, options, 'invalid', validation.message);
    return slot;
  }
  slot.valid = validation.call;
  report(slot, options, 'queued');
  return slot;
}

async function runOne(slot: Slot, call: ValidToolCall, options: RoundOptions): Promise<void> {
  const { signal } = options;
  if (signal.aborted) return;
  const needsApproval = options.needsApproval ?? ((candidate: ValidToolCall) => candidate.kind !== 'read');
  const { approve } = options;
  const asks = needsApproval(call);
  if (asks && !approve) return settle(slot, options, 'rejected', noApproverResult(call.name));
  // A read or a VS Code tool is asked about before it runs (what a VS Code tool does cannot be previewed).
  if (asks && approve && call.kind !== 'edit' && call.kind !== 'command') {
    report(slot, options, 'awaiting-approval');
    const decision = await untilAborted(approve(call, signal), signal);
    if (decision.kind === 'aborted') return;
    if (decision.kind === 'error') return settle(slot, options, 'failed', failedResult(call.name, decision.error));
    if (!decision.value.approved) return settle(slot, options, 'rejected', rejectedResult(call.name, decision.value.reason));
    if (signal.aborted) return;
  }
  // An edit is asked about from inside its run, once its diff is shown: the same approver, with the preview. A command
  // likewise, once its runner knows whether the user's rules cover it and has shown what it asks.
  const approveAfterPreview =
    asks && approve && (call.kind === 'edit' || call.kind === 'command')
      ? async (preview: ApprovalPreview): Promise<ApprovalDecision> => {
          report(slot, options, 'awaiting-approval');
          const decision = await approve(call, signal, preview);
          if (decision.approved && !signal.aborted) report(slot, options, 'running');
          return decision;
        }
      : undefined;
  // A command is running only once it runs (its card first shows what it asks, while it waits).
  if (call.kind !== 'command') report(slot, options, 'running');
  const showCommand =
    call.kind === 'command'
      ? (state: CommandCallState): void => {
          slot.command = state;
          const status = slot.result === undefined && state.phase !== 'waiting' ? 'running' : (slot.status ?? 'queued');
          report(slot, options, status, slot.result !== undefined ? slot.preview : undefined);
        }
      : undefined;
  const run = await untilAborted(callTool(call, { signal, approve: approveAfterPreview, showCommand }, options), signal);
  if (run.kind === 'aborted') return;
  if (run.kind === 'error') return settle(slot, options, 'failed', failedResult(call.name, run.error));
  const outcome = run.value;
  if (outcome.status === 'rejected') return settle(slot, options, 'rejected', rejectedResult(call.name, outcome.reason));
  settle(slot, options, outcome.status, outcome.content, outcome.preview);
}

/** `runTool` may throw synchronously too; either way it becomes a failed result. */
async function callTool(call: ValidToolCall, context: ToolRunContext, options: RoundOptions) {
  return options.runTool(call, context);
}

function settle(slot: Slot, options: RoundOptions, status: ToolCallStatus, content: string, preview?: string): void {
  slot.result = content;
  report(slot, options, status, preview ?? previewOf(content));
}

function report(slot: Slot, options: RoundOptions, status: ToolCallStatus, preview?: string): void {
  slot.status = status;
  const update: ToolCallUpdate = { id: slot.id, name: slot.name, argumentsText: slot.argumentsText, kind: slot.valid?.kind, status, ...(slot.command ? { command: slot.command } : {}) };
  if (preview !== undefined) update.preview = slot.preview = preview;
  options.report(update);
}
