// Seeded conversations of the shape a coding chat grows into: a system prompt, turns of user questions, tool rounds
// (calls, then their results: file contents, search hits) and answers, the latest question last, sometimes with the
// tool round in progress after it. The same seed gives the same conversation, so a failing case can be replayed.
import type { ChatMessage, ToolCallRecord, ToolDefinition } from '../../../src/core/protocol/messages';
import { seededRandom, type SeededRandom } from '../../bench/streamPipeline/seededRandom';

export interface RandomConversation {
  messages: ChatMessage[];
  tools: ToolDefinition[];
}

const WORDS = ['the', 'context', 'window', 'function', 'returns', 'file', 'test', 'error', 'value', 'read', 'model', 'server', 'token', 'answer', 'change', 'line'];

export const CONVERSATION_TOOLS: ToolDefinition[] = [
  { type: 'function', function: { name: 'read_file', description: 'Read a file of the workspace', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } },
  { type: 'function', function: { name: 'search_text', description: 'Search the workspace', parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } } },
];

function sentence(random: SeededRandom, words: number): string {
  return Array.from({ length: words }, () => random.pick(WORDS)).join(' ');
}

function fileText(random: SeededRandom, lines: number): string {
  return Array.from({ length: lines }, (_, line) => `${line + 1}: const ${random.pick(WORDS)}${line} = ${random.pick(WORDS)}(${random.int(0, 999)}); // ${random.pick(WORDS)}`).join('\n');
}

function toolRound(random: SeededRandom, round: number): ChatMessage[] {
  const calls: ToolCallRecord[] = Array.from({ length: random.int(1, 3) }, (_, index) => ({
    id: `call_${round}_${index}`,
    type: 'function',
    function: { name: random.pick(['read_file', 'search_text']), arguments: JSON.stringify({ path: `src/${random.word(8)}.ts` }) },
  }));
  return [
    { role: 'assistant', content: random.next() < 0.5 ? null : sentence(random, 8), tool_calls: calls },
    ...calls.map((call): ChatMessage => ({ role: 'tool', tool_call_id: call.id, content: fileText(random, random.int(2, 100)) })),
  ];
}

export function randomConversation(seed: number, options: { turns?: number } = {}): RandomConversation {
  const random = seededRandom(seed);
  const messages: ChatMessage[] = [{ role: 'system', content: `You are a coding assistant. ${sentence(random, random.int(10, 60))}` }];
  const turns = options.turns ?? random.int(0, 14);
  let round = 0;
  for (let turn = 0; turn < turns; turn++) {
    messages.push({ role: 'user', content: sentence(random, random.int(3, 80)) });
    for (let rounds = random.int(0, 2); rounds > 0; rounds--) messages.push(...toolRound(random, round++));
    messages.push({ role: 'assistant', content: sentence(random, random.int(5, 300)) });
  }
  messages.push({ role: 'user', content: sentence(random, random.int(3, 120)) });
  if (random.next() < 0.4) messages.push(...toolRound(random, round));
  return { messages, tools: CONVERSATION_TOOLS };
}
