// Replays a recorded body through the official openai SDK the way an app built on it gets a whole answer: streamed
// bodies through `chat.completions.stream()` and its `finalChatCompletion()` (the SDK's own accumulator), whole
// bodies through `chat.completions.create()`. What the SDK assembles is compared with the same expectation as ours.
import OpenAI from 'openai';
import { utf8 } from '../byteSplits';
import { fakeFetch, piecesResponse } from '../fakeFetch';
import type { AssembledAnswer, RecordedCase } from './recordedCases';
import { contentTypeOf } from './replayThroughClient';

interface SdkMessage {
  content?: unknown;
  refusal?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
  tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[] | null;
}

export async function replayThroughSdk(recorded: RecordedCase): Promise<AssembledAnswer> {
  const { fetch } = fakeFetch((call) => piecesResponse([utf8(recorded.body)], { status: recorded.status, headers: { ...recorded.headers, 'content-type': contentTypeOf(recorded) }, signal: call.signal }));
  const client = new OpenAI({ apiKey: 'sk-replay', baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0, fetch });
  const request = { model: 'test-model', messages: [{ role: 'user' as const, content: 'Hi' }] };
  const answer: AssembledAnswer = { text: '', reasoning: '', refused: false, toolCalls: [], finishReason: undefined, usage: undefined, error: undefined };
  try {
    const completion = recorded.streamed
      ? await client.chat.completions.stream({ ...request, stream: true }).finalChatCompletion()
      : await client.chat.completions.create({ ...request, stream: false });
    const choice = completion.choices?.find((c) => c.index === 0) ?? completion.choices?.[0];
    const message = (choice?.message ?? {}) as SdkMessage;
    const refusal = typeof message.refusal === 'string' && message.refusal !== '' ? message.refusal : undefined;
    answer.text = refusal ?? (typeof message.content === 'string' ? message.content : '');
    answer.refused = refusal !== undefined;
    const reasoning = message.reasoning_content ?? message.reasoning;
    answer.reasoning = typeof reasoning === 'string' ? reasoning : '';
    answer.toolCalls = (message.tool_calls ?? []).map((call) => ({ id: call.id ?? '', name: call.function?.name ?? '', arguments: parseArguments(call.function?.arguments) }));
    answer.finishReason = choice?.finish_reason ?? undefined;
    answer.usage = (completion.usage ?? undefined) as Record<string, unknown> | undefined;
  } catch (error) {
    answer.error = error instanceof Error ? error.message : String(error);
  }
  return answer;
}

function parseArguments(text: string | undefined): unknown {
  try {
    return JSON.parse(text === undefined || text === '' ? '{}' : text);
  } catch {
    return `(not JSON) ${text}`;
  }
}
