// The "recorded" transcript: exactly 20,000 `chat.completion.chunk` events in the shape OpenAI sends with
// `stream_options.include_usage` (role-only first delta, text deltas, two interleaved tool calls, a finish chunk, a
// usage chunk with `choices: []`), then `data: [DONE]`. Generating it from a fixed seed is the recording: the same
// bytes every run without committing a multi-megabyte fixture. The expected answer comes from the same plan, so the
// contenders are checked against what was sent, not against each other.
import { createHash } from 'node:crypto';
import type { Answer } from './answer';
import { seededRandom } from './seededRandom';
import { isMultiByte, textTokens } from './textTokens';
import { fragmentCount, plannedCalls, toolCallDeltas } from './toolCallFragments';

export const CHUNK_COUNT = 20_000;
const SEED = 0x5eed_2000;
/** The role chunk, the finish chunk and the usage chunk. */
const FRAME_CHUNKS = 3;

export interface TranscriptFacts {
  chunks: number;
  bytes: number;
  textDeltas: number;
  multiByteTextDeltas: number;
  toolCallFragments: number;
  textCharacters: number;
  sha256: string;
}

export interface Transcript {
  /** The whole response body, UTF-8, as the server writes it. */
  bytes: Buffer;
  expected: Answer;
  facts: TranscriptFacts;
}

export function buildTranscript(): Transcript {
  const random = seededRandom(SEED);
  const envelope = {
    id: `chatcmpl-${random.word(29)}`,
    object: 'chat.completion.chunk',
    created: 1_730_000_000,
    model: 'gpt-4o-2024-08-06',
    service_tier: 'default',
    system_fingerprint: `fp_${random.word(10).toLowerCase()}`,
  };
  const calls = plannedCalls(random);
  const toolDeltas = toolCallDeltas(random, calls);
  const texts = textTokens(random, CHUNK_COUNT - FRAME_CHUNKS - fragmentCount());
  const usage = {
    prompt_tokens: 1_873,
    completion_tokens: texts.length + toolDeltas.length,
    total_tokens: 1_873 + texts.length + toolDeltas.length,
    prompt_tokens_details: { cached_tokens: 1_536, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };

  const events: string[] = [];
  // With include_usage, every chunk but the last carries `usage: null`.
  const choiceChunk = (delta: Record<string, unknown>, finishReason: string | null): void => {
    events.push(JSON.stringify({ ...envelope, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], usage: null }));
  };
  choiceChunk({ role: 'assistant', content: '', refusal: null }, null);
  for (const text of texts) choiceChunk({ content: text }, null);
  for (const fragment of toolDeltas) choiceChunk({ tool_calls: [fragment] }, null);
  choiceChunk({}, 'tool_calls');
  events.push(JSON.stringify({ ...envelope, choices: [], usage }));
  if (events.length !== CHUNK_COUNT) throw new Error(`the transcript has ${events.length} chunks, not ${CHUNK_COUNT}`);
  events.push('[DONE]');

  const bytes = Buffer.from(events.map((data) => `data: ${data}\n\n`).join(''), 'utf8');
  const text = texts.join('');
  return {
    bytes,
    expected: {
      text,
      toolCalls: calls.map((call) => ({ index: call.index, id: call.id, name: call.name, arguments: call.arguments })),
      finishReason: 'tool_calls',
      usage,
    },
    facts: {
      chunks: CHUNK_COUNT,
      bytes: bytes.length,
      textDeltas: texts.length,
      multiByteTextDeltas: texts.filter(isMultiByte).length,
      toolCallFragments: toolDeltas.length,
      textCharacters: text.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
  };
}
