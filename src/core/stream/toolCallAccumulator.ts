// Streamed tool calls arrive in fragments keyed by `index`: the id, type and name in the first fragment that carries
// them, the JSON arguments spread over many. Calls are only parsed when complete (at a finish reason or the end of
// the stream), and a call cut off by `length` or carrying broken JSON is reported, never run.
import type { ToolCallFragment } from '../protocol/chunkReader';
import type { BrokenToolCall, ChatEvent, CompletedToolCall } from './events';

interface PendingCall {
  index: number;
  id: string | undefined;
  name: string | undefined;
  argumentParts: string[];
}

export class ToolCallAccumulator {
  private readonly pending = new Map<number, PendingCall>();
  private lastIndex: number | undefined;

  constructor(private readonly generateId: () => string) {}

  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  add(fragment: ToolCallFragment): void {
    const index = this.resolveIndex(fragment);
    let call = this.pending.get(index);
    if (!call) {
      call = { index, id: undefined, name: undefined, argumentParts: [] };
      this.pending.set(index, call);
    }
    if (call.id === undefined && fragment.id) call.id = fragment.id;
    if (call.name === undefined && fragment.name) call.name = fragment.name;
    if (fragment.arguments) call.argumentParts.push(fragment.arguments);
    this.lastIndex = index;
  }

  /**
   * Completes every pending call, in index order. With `finishReason === 'length'` the model was cut off while
   * writing them, and with `streamCut` the answer itself stopped early: either way they are reported, not run.
   */
  complete(finishReason: string | undefined, streamCut = false): ChatEvent[] {
    const calls = [...this.pending.values()].sort((a, b) => a.index - b.index);
    this.pending.clear();
    this.lastIndex = undefined;
    const cut = finishReason === 'length' ? 'length' : streamCut ? 'stream' : undefined;
    return calls.map((call) => this.finalise(call, cut));
  }

  /** A fragment without `index` continues the call with the same id, or the last call, or starts call 0. */
  private resolveIndex(fragment: ToolCallFragment): number {
    if (fragment.index !== undefined) return fragment.index;
    if (fragment.id !== undefined) {
      for (const call of this.pending.values()) if (call.id === fragment.id) return call.index;
      if (this.lastIndex !== undefined && this.pending.get(this.lastIndex)?.id !== undefined) {
        return Math.max(...this.pending.keys()) + 1;
      }
    }
    return this.lastIndex ?? 0;
  }

  private finalise(call: PendingCall, cut: 'length' | 'stream' | undefined): ChatEvent {
    const idGenerated = call.id === undefined;
    const id = call.id ?? this.generateId();
    const argumentsText = call.argumentParts.join('');
    const broken = (problem: BrokenToolCall['problem'], message: string): ChatEvent => ({
      type: 'toolCallError',
      call: { index: call.index, id, name: call.name, argumentsText, problem, message },
    });
    const label = call.name ? `"${call.name}"` : `#${call.index}`;
    if (cut === 'length') {
      return broken('truncated', `The tool call ${label} was cut off (finish_reason "length") before its arguments were complete, so it was not run.`);
    }
    if (cut === 'stream') {
      return broken('truncated', `The answer ended before the tool call ${label} was complete, so it was not run.`);
    }
    if (!call.name) return broken('missing-name', `The tool call ${label} has no function name, so it was not run.`);
    let parsed: unknown;
    try {
      parsed = argumentsText.trim() === '' ? {} : JSON.parse(argumentsText);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return broken('invalid-json', `The arguments of the tool call ${label} are not valid JSON (${reason}), so it was not run.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return broken('not-an-object', `The arguments of the tool call ${label} must be a JSON object, so it was not run.`);
    }
    const completed: CompletedToolCall = {
      index: call.index,
      id,
      idGenerated,
      name: call.name,
      argumentsText,
      arguments: parsed as Record<string, unknown>,
    };
    return { type: 'toolCall', call: completed };
  }
}
