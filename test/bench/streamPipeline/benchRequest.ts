// The request every contender sends, so the three do the same job. The server checks only `stream: true`; the rest
// (a system prompt, a question, two tool definitions) is here so each client serialises a realistic body.

export const BENCH_MODEL = 'gpt-4o-2024-08-06';
export const BENCH_API_KEY = 'sk-bench-not-a-real-key';
export const BENCH_MESSAGES = [
  { role: 'system' as const, content: 'You are a coding assistant inside VS Code.' },
  { role: 'user' as const, content: 'Explain the stream pipeline, then fix the accumulator and search for its other callers.' },
];
export const BENCH_TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: 'replace_in_file',
      description: 'Replace text in a workspace file.',
      parameters: {
        type: 'object' as const,
        properties: { path: { type: 'string' }, find: { type: 'string' }, replace: { type: 'string' }, expectedMatches: { type: 'integer' } },
        required: ['path', 'find', 'replace'],
      },
    },
  },
  {
    type: 'function' as const,
    function: {
      name: 'search_workspace',
      description: 'Search the workspace.',
      parameters: {
        type: 'object' as const,
        properties: { query: { type: 'string' }, include: { type: 'array', items: { type: 'string' } }, caseSensitive: { type: 'boolean' }, maxResults: { type: 'integer' }, context: { type: 'string' } },
        required: ['query'],
      },
    },
  },
];
