// Reads one streamed `chat.completion.chunk`. This runs once per token, so it is a hand-written narrowing with the
// same leniency as the zod schemas (unknown fields ignored, null as absent) at a fraction of the cost: the stream
// benchmark holds us to the official SDK's speed.
import type { Usage } from './messages';

export interface ToolCallFragment {
  /** Position given by the server; absent on a few servers that send one call per chunk without it. */
  index: number | undefined;
  id: string | undefined;
  name: string | undefined;
  arguments: string | undefined;
}

export interface ChunkChoice {
  content: string | undefined;
  reasoning: string | undefined;
  toolCalls: ToolCallFragment[] | undefined;
  finishReason: string | undefined;
}

export interface ChatChunk {
  id: string | undefined;
  model: string | undefined;
  /** The first choice (index 0); we never ask for more than one. */
  choice: ChunkChoice | undefined;
  usage: Usage | undefined;
  responseMs: number | undefined;
  /** A `{"error": …}` object sent in place of a chunk. */
  error: unknown;
}

export function readChunk(json: unknown): ChatChunk | undefined {
  if (!isRecord(json)) return undefined;
  return {
    id: str(json['id']),
    model: str(json['model']),
    choice: readFirstChoice(json['choices']),
    usage: isRecord(json['usage']) ? (json['usage'] as Usage) : undefined,
    responseMs: num(json['_response_ms']),
    error: json['error'] ?? undefined,
  };
}

function readFirstChoice(choices: unknown): ChunkChoice | undefined {
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  const first = choices.find((choice) => isRecord(choice) && (choice['index'] === undefined || choice['index'] === 0)) ?? choices[0];
  if (!isRecord(first)) return undefined;
  const delta = isRecord(first['delta']) ? first['delta'] : isRecord(first['message']) ? first['message'] : {};
  return {
    content: str(delta['content']),
    reasoning: str(delta['reasoning_content']) ?? str(delta['reasoning']),
    toolCalls: readToolCalls(delta['tool_calls']),
    finishReason: str(first['finish_reason']),
  };
}

function readToolCalls(value: unknown): ToolCallFragment[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const fragments: ToolCallFragment[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const fn = isRecord(item['function']) ? item['function'] : {};
    const args = fn['arguments'];
    fragments.push({
      index: num(item['index']),
      id: str(item['id']) || undefined,
      name: str(fn['name']) || undefined,
      arguments: typeof args === 'string' ? args : isRecord(args) ? JSON.stringify(args) : undefined,
    });
  }
  return fragments;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
