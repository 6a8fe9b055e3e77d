// Builders for SSE transcripts in the shape real servers send (`chat.completion.chunk`s, then `[DONE]`).

export interface ChunkOptions {
  id?: string;
  model?: string;
}

export function chunk(delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}, options: ChunkOptions = {}): Record<string, unknown> {
  return {
    id: options.id ?? 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: options.model ?? 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  };
}

export function dataLine(json: unknown, newline = '\n', space = ' '): string {
  return `data:${space}${typeof json === 'string' ? json : JSON.stringify(json)}${newline}${newline}`;
}

/** A plain text answer streamed as one delta per element of `parts`. */
export function textTranscript(parts: readonly string[], options: { finishReason?: string; done?: boolean; newline?: string; usage?: Record<string, number> } = {}): string {
  const newline = options.newline ?? '\n';
  let out = dataLine(chunk({ role: 'assistant', content: null }), newline);
  for (const part of parts) out += dataLine(chunk({ content: part }), newline);
  out += dataLine(chunk({}, options.finishReason ?? 'stop'), newline);
  if (options.usage) out += dataLine({ id: 'chatcmpl-test', object: 'chat.completion.chunk', model: 'test-model', choices: [], usage: options.usage }, newline);
  if (options.done !== false) out += `data: [DONE]${newline}${newline}`;
  return out;
}
