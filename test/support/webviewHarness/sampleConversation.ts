// A small conversation that shows every part of the chat view at once (for screenshots and by-eye checks): context
// chips sent and pending, an answer with prose, a list, inline code, a link, a highlighted code block, reasoning and
// the footer, tool calls (one waiting for approval), a failed answer with its remedies, and some history.
import type { ChatViewState, ContextChip } from '../../../src/core/chat/webviewProtocol';

const helloChip: ContextChip = {
  id: 'chip-1',
  kind: 'selection',
  label: 'hello.ts:1-3',
  path: '/workspace/hello.ts',
  languageId: 'typescript',
  startLine: 1,
  endLine: 3,
  text: 'export function hello(name: string) {\n  return `Hello, ${name}`;\n}',
  truncatedCharacters: 0,
};

const ANSWER = [
  'The function builds the greeting with a **template literal**, so `name` is inserted as is.',
  '',
  'To make it safer:',
  '',
  '1. Trim the name and fall back to a default.',
  '2. Keep the return type explicit.',
  '',
  '```typescript',
  "export function hello(name: string): string {",
  "  const who = name.trim() || 'world';",
  '  return `Hello, ${who}`; // 42 is not involved',
  '}',
  '```',
  '',
  'See [template literals](https://developer.mozilla.org/docs/Web/JavaScript/Reference/Template_literals) on MDN.',
].join('\n');

export function sampleConversation(now: number): ChatViewState {
  return {
    conversationId: 'c-3',
    model: 'qwen2.5-coder:14b',
    profile: 'Default',
    profiles: ['Default'],
    busy: false,
    turns: [
      { id: 'u1', role: 'user', text: 'What does hello() do, and how could it be safer?', context: [helloChip] },
      {
        id: 'a1',
        role: 'assistant',
        text: ANSWER,
        reasoning: 'The user selected a three-line function. It interpolates the argument directly.',
        status: 'done',
        footer: 'model qwen2.5-coder:14b · tokens 412/96/508 (prompt/completion/total) · first token 180 ms · total 1.42 s',
      },
      { id: 'u2', role: 'user', text: 'Now add tests.', context: [] },
      {
        id: 'a2-tools',
        role: 'assistant',
        text: 'I will look at the existing tests first.',
        reasoning: '',
        status: 'done',
        toolCalls: [
          { id: 't1', name: 'list_files', summary: 'test/**/*.ts', status: 'done', preview: '12 files', isEdit: false },
          { id: 't2', name: 'create_file', summary: 'test/hello.test.ts', status: 'awaiting-approval', isEdit: true },
        ],
      },
      {
        id: 'a2',
        role: 'assistant',
        text: '',
        reasoning: '',
        status: 'error',
        error: { message: 'Incorrect API key provided: sk-…. You can find your API key at your provider.', actions: ['set-api-key', 'open-settings', 'show-log'] },
      },
    ],
    pendingContext: [helloChip, { ...helloChip, id: 'chip-2', kind: 'file', label: 'README.md', path: '/workspace/README.md', languageId: 'markdown', text: '# Workspace', truncatedCharacters: 1200 }],
    history: [
      { id: 'c-3', title: 'What does hello() do?', updatedAt: now, turns: 4 },
      { id: 'c-2', title: 'Explain the retry policy', updatedAt: now - 86_400_000, turns: 6 },
      { id: 'c-1', title: 'Why is the build slow?', updatedAt: now - 3 * 86_400_000, turns: 2 },
    ],
  };
}
