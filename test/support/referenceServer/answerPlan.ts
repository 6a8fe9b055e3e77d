// Turns a scripted answer into everything both response shapes need: text, tool calls, finish reason, usage.
import { approximateTokens, promptTokens } from './tokens';
import { defaultPieceCount } from './splitText';
import type { AnswerTurn, Usage } from './types';
import type { ChatRequest } from './validateChatRequest';

export const DEFAULT_ANSWER_TEXT = 'Hello from the reference server.';
const DEFAULT_FRAGMENTS = 2;

export interface PlannedToolCall {
  /** null: the id is omitted on the wire. */
  id: string | null;
  name: string;
  arguments: string;
}

export interface PlannedAnswer {
  /** null for a tool-call answer without text. */
  content: string | null;
  reasoning: string | null;
  toolCalls: PlannedToolCall[];
  finishReason: string;
  usage: Usage;
  /** undefined: measured when the last chunk is sent; null: omitted. */
  responseMs: number | null | undefined;
  contentChunks: number;
  argumentFragments: number;
  interleave: boolean;
}

/** `countedPrompt`: the prompt as a server with a window counted it (else the approximate count). */
export function planAnswer(turn: AnswerTurn, request: ChatRequest, nextToolCallId: () => string, countedPrompt?: number): PlannedAnswer {
  const prompt = countedPrompt ?? promptTokens(request);
  if (turn.kind === 'text') {
    const reasoning = turn.reasoning ?? null;
    return {
      content: turn.text,
      reasoning,
      toolCalls: [],
      finishReason: turn.finishReason ?? 'stop',
      usage: resolveUsage(turn.usage, prompt, approximateTokens(turn.text + (reasoning ?? ''))),
      responseMs: turn.responseMs,
      contentChunks: turn.chunks ?? defaultPieceCount(turn.text),
      argumentFragments: DEFAULT_FRAGMENTS,
      interleave: false,
    };
  }
  const toolCalls = turn.calls.map((call) => ({
    id: call.id === undefined ? nextToolCallId() : call.id,
    name: call.name,
    arguments: call.arguments,
  }));
  const content = turn.content ?? null;
  const completionText = (content ?? '') + toolCalls.map((call) => call.name + call.arguments).join('');
  return {
    content,
    reasoning: null,
    toolCalls,
    finishReason: turn.finishReason ?? 'tool_calls',
    usage: resolveUsage(turn.usage, prompt, approximateTokens(completionText)),
    responseMs: turn.responseMs,
    contentChunks: defaultPieceCount(content ?? ''),
    argumentFragments: turn.fragments ?? DEFAULT_FRAGMENTS,
    interleave: turn.interleave ?? false,
  };
}

function resolveUsage(override: Partial<Usage> | undefined, prompt: number, completion: number): Usage {
  const promptTokens = override?.prompt_tokens ?? prompt;
  const completionTokens = override?.completion_tokens ?? completion;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: override?.total_tokens ?? promptTokens + completionTokens,
  };
}

/** About `bytes` bytes of plain ASCII lines, for answers that test size handling. */
export function hugeText(bytes: number): string {
  const target = Math.max(0, Math.floor(bytes));
  const lines: string[] = [];
  let length = 0;
  for (let n = 1; length < target; n++) {
    const line = `Line ${String(n).padStart(7, '0')}: the quick brown fox jumps over the lazy dog.\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, target);
}
