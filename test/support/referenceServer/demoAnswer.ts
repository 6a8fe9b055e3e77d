// What the server says in demo mode when nothing is scripted: a short markdown answer with a code block, a call
// of the first tool when tools are offered to a user message, and a summary once the tool results come back.
import { exampleFromSchema } from './exampleFromSchema';
import { textTurn, toolCallsTurn } from './turns';
import type { AnswerTurn } from './types';
import type { ChatMessage, ChatRequest } from './validateChatRequest';

const RESULT_PREVIEW_CHARS = 400;

export function demoAnswer(request: ChatRequest): AnswerTurn {
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool') return textTurn(describeToolResults(request.messages));

  const tool = chooseTool(request);
  if (tool !== undefined && last?.role === 'user') {
    return toolCallsTurn([{ name: tool.name, arguments: JSON.stringify(exampleFromSchema(tool.parameters) ?? {}) }]);
  }

  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
  const length = Array.from(lastUser?.content ?? '').length;
  return textTurn(
    [
      'This is a **demo answer** from the Ask Model reference server; no real model is connected.',
      '',
      `Your last message was ${length} characters long. Here is the kind of code a model might suggest:`,
      '',
      '```typescript',
      'function countCharacters(text: string): number {',
      '  return Array.from(text).length;',
      '}',
      '```',
      '',
      'Set a server URL and a model in the settings to talk to a real model.',
    ].join('\n'),
  );
}

function chooseTool(request: ChatRequest) {
  const choice = request.toolChoice;
  if (choice === 'none') return undefined;
  if (typeof choice === 'object') return request.tools.find((tool) => tool.name === choice.functionName);
  return request.tools[0];
}

/** Summarises the tool messages that end the conversation (parallel calls answer with several). */
function describeToolResults(messages: readonly ChatMessage[]): string {
  const results: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i--) results.unshift(messages[i] as ChatMessage);
  const callNames = new Map<string, string>();
  for (const message of messages) for (const call of message.toolCalls) callNames.set(call.id, call.name);

  const sections = results.map((result) => {
    const name = callNames.get(result.toolCallId ?? '') ?? 'tool';
    const text = result.content ?? '';
    const preview = text.length > RESULT_PREVIEW_CHARS ? `${text.slice(0, RESULT_PREVIEW_CHARS)}\n…` : text;
    const fence = '`'.repeat(Math.max(3, longestBacktickRun(preview) + 1));
    return [`The \`${name}\` tool returned ${Array.from(text).length} characters:`, '', `${fence}text`, preview, fence].join('\n');
  });
  return ['This is a **demo answer**: the reference server read the tool results but cannot reason about them.', '', sections.join('\n\n')].join('\n');
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}
