import assert from 'node:assert/strict';
import { buildSummaryRequest, spliceSummary, SUMMARY_MESSAGE_PREFIX } from '../../../src/core/context/summaryRequest';
import type { ChatMessage } from '../../../src/core/protocol/messages';

/** A message's text (a message of text parts has none here: these conversations are all text). */
const textOf = (message: ChatMessage | undefined): string => (typeof message?.content === 'string' ? message.content : '');

describe('the summary request and its answer spliced in', () => {
  const turns: ChatMessage[] = [
    { role: 'user', content: 'Why does the build fail?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"esbuild.js"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: 'const external = ["vscode"];' },
    { role: 'assistant', content: 'The bundle marks vscode external.' },
  ];

  it('sends the turns as one transcript, tool calls and results included, with no tools to call', () => {
    const request = buildSummaryRequest(turns, { budgetTokens: 10_000 });
    assert.deepEqual(request.map((message) => message.role), ['system', 'user']);
    const transcript = textOf(request[1]);
    assert.match(transcript, /User: Why does the build fail\?/);
    assert.match(transcript, /Assistant: \[called read_file\(\{"path":"esbuild.js"\}\)\]/);
    assert.match(transcript, /Tool result: const external = \["vscode"\];/);
    assert.match(transcript, /Assistant: The bundle marks vscode external\./);
  });

  it('puts the summary right after the system prompt, in place of the summarised turns', () => {
    const messages: ChatMessage[] = [{ role: 'system', content: 'rules' }, ...turns, { role: 'user', content: 'latest' }];
    const sent = spliceSummary({ messages, start: 1, end: 5 }, '  The build marks vscode external.\n');
    assert.deepEqual(sent, [
      { role: 'system', content: 'rules' },
      { role: 'system', content: `${SUMMARY_MESSAGE_PREFIX}The build marks vscode external.` },
      { role: 'user', content: 'latest' },
    ]);
  });
});
