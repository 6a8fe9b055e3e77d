// Turns what the server sent (streamed chunks, or one whole completion) into typed events, and keeps the facts the
// final `done` reports. Pure and synchronous: the HTTP client feeds it, the unit tests and the fuzzer drive it directly.
import type { ChatChunk } from '../protocol/chunkReader';
import type { Usage } from '../protocol/messages';
import type { ChatCompletion } from '../protocol/responseSchema';
import type { ChatEvent } from './events';
import { ThinkTagSplitter } from './thinkTagSplitter';
import { ToolCallAccumulator } from './toolCallAccumulator';

export interface AssemblySummary {
  finishReason: string | undefined;
  model: string | undefined;
  id: string | undefined;
  usage: Usage | undefined;
  responseMs: number | undefined;
  /** How many deltas carried text, reasoning or tool-call arguments (a token estimate when usage is absent). */
  deltaCount: number;
}

export class ChatAssembler {
  private readonly toolCalls: ToolCallAccumulator;
  private readonly thinkSplitter = new ThinkTagSplitter();
  private finishReason: string | undefined;
  private model: string | undefined;
  private id: string | undefined;
  private usage: Usage | undefined;
  private responseMs: number | undefined;
  private deltaCount = 0;
  /** Set once the first text, reasoning or tool-call fragment arrives (time to first token). */
  sawFirstToken = false;

  constructor(generateId: () => string) {
    this.toolCalls = new ToolCallAccumulator(generateId);
  }

  /** Whether the server said the answer is finished (a finish reason arrived). */
  get finished(): boolean {
    return this.finishReason !== undefined;
  }

  acceptChunk(chunk: ChatChunk): ChatEvent[] {
    const events: ChatEvent[] = [];
    if (chunk.id && !this.id) this.id = chunk.id;
    if (chunk.model) this.model = chunk.model;
    if (chunk.responseMs !== undefined) this.responseMs = chunk.responseMs;
    const choice = chunk.choice;
    if (choice) {
      if (choice.reasoning) this.pushReasoning(choice.reasoning, events);
      if (choice.content) this.pushContent(choice.content, events);
      if (choice.toolCalls) {
        this.sawFirstToken = true;
        for (const fragment of choice.toolCalls) {
          this.toolCalls.add(fragment);
          if (fragment.arguments) this.deltaCount++;
        }
      }
      if (choice.finishReason) {
        this.finishReason = choice.finishReason;
        this.flushText(events);
        if (this.toolCalls.hasPending) events.push(...this.toolCalls.complete(choice.finishReason));
      }
    }
    if (chunk.usage) {
      this.usage = chunk.usage;
      events.push({ type: 'usage', usage: chunk.usage });
    }
    return events;
  }

  /** A whole (non-streamed) completion: the same events a stream of it would give. */
  acceptCompletion(completion: ChatCompletion): ChatEvent[] {
    const choices = completion.choices ?? [];
    const choice = choices.find((c) => c.index === 0 || c.index == null) ?? choices[0];
    const message = choice?.message;
    const toolCalls = (message?.tool_calls ?? []).map((call, position) => ({
      index: position,
      id: call.id ?? undefined,
      name: call.function?.name ?? undefined,
      arguments:
        typeof call.function?.arguments === 'string'
          ? call.function.arguments
          : call.function?.arguments
            ? JSON.stringify(call.function.arguments)
            : undefined,
    }));
    const usage = completion.usage ? (completion.usage as Usage) : undefined;
    return this.acceptChunk({
      id: completion.id ?? undefined,
      model: completion.model ?? undefined,
      choice: {
        content: message?.content ?? undefined,
        reasoning: message?.reasoning_content ?? message?.reasoning ?? undefined,
        toolCalls: toolCalls.length > 0 ? toolCalls : undefined,
        // A completion is whole by definition: a missing finish reason still means finished.
        finishReason: choice?.finish_reason ?? 'stop',
      },
      usage,
      responseMs: completion._response_ms ?? undefined,
      error: undefined,
    });
  }

  /**
   * The stream is over: flush held-back text and complete calls that never saw a finish reason. `cut` says the
   * stream stopped early (no finish reason, no [DONE]), so pending calls are reported instead of run.
   */
  finish(cut = false): ChatEvent[] {
    const events: ChatEvent[] = [];
    this.flushText(events);
    if (this.toolCalls.hasPending) events.push(...this.toolCalls.complete(this.finishReason, cut));
    return events;
  }

  summary(): AssemblySummary {
    return {
      finishReason: this.finishReason,
      model: this.model,
      id: this.id,
      usage: this.usage,
      responseMs: this.responseMs,
      deltaCount: this.deltaCount,
    };
  }

  private pushContent(content: string, events: ChatEvent[]): void {
    this.sawFirstToken = true;
    this.deltaCount++;
    const split = this.thinkSplitter.push(content);
    if (split.reasoning) events.push({ type: 'reasoning', text: split.reasoning });
    if (split.content) events.push({ type: 'text', text: split.content });
  }

  private pushReasoning(reasoning: string, events: ChatEvent[]): void {
    this.sawFirstToken = true;
    this.deltaCount++;
    events.push({ type: 'reasoning', text: reasoning });
  }

  private flushText(events: ChatEvent[]): void {
    const rest = this.thinkSplitter.finish();
    if (rest.reasoning) events.push({ type: 'reasoning', text: rest.reasoning });
    if (rest.content) events.push({ type: 'text', text: rest.content });
  }
}
