// The minimal accumulation the SDK and floor contenders share, so both do exactly the same work on each chunk:
// append text, assemble tool-call fragments by index (id and name only in a call's first fragment), keep usage and
// the finish reason, and JSON.parse each call's arguments at the end.
import type { Answer } from '../answer';

/** The part of a `chat.completion.chunk` the accumulation reads (the SDK's chunk type fits it as it is). */
export interface ChunkLike {
  choices: {
    delta: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] };
    finish_reason: string | null;
  }[];
  usage?: unknown;
}

export class ChunkAccumulator {
  private text = '';
  private finishReason: string | undefined;
  private usage: unknown;
  private readonly calls: { id: string; name: string; arguments: string }[] = [];

  add(chunk: ChunkLike): void {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) return;
    if (choice.delta.content) this.text += choice.delta.content;
    for (const fragment of choice.delta.tool_calls ?? []) {
      const call = (this.calls[fragment.index] ??= { id: '', name: '', arguments: '' });
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name = fragment.function.name;
      if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  answer(): Answer {
    const toolCalls = this.calls.map((call, index) => ({ index, id: call.id, name: call.name, arguments: JSON.parse(call.arguments) as unknown }));
    return { text: this.text, toolCalls, finishReason: this.finishReason, usage: this.usage };
  }
}
